/**
 * The POST of one attempt, over undici: an agent keeps one keep-alive pool per origin and does the HTTP/1.1 and TLS.
 * What an attempt adds is its own timer, which covers every stage from the name's lookup to the answer's end (undici's
 * abort does not end a request still waiting for its connection), and a bound on how much of an answer it reads.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { LookupFunction } from 'node:net';
import type { ConnectionOptions } from 'node:tls';
import { Agent, type Dispatcher } from 'undici';

/** A head longer than this is not a webhook receiver's answer. */
const MAX_HEAD_BYTES = 16 * 1024;
/** A body is read to its end, to reuse the connection, only up to this size; a longer one ends the connection. */
export const MAX_BODY_BYTES = 64 * 1024;
/** Receivers close their idle connections after about five seconds: ours are closed first. */
const IDLE_MS = 4_000;

export interface Answer {
  statusCode: number;
  retryAfter: string | null;
}

/** The attempt ran out of time: its request was aborted, whatever stage it was at. */
export class AttemptTimeoutError extends Error {}

/** Why a request is aborted once its attempt is over: an answer whose body is left unread, or a timeout. */
const ATTEMPT_OVER = new Error('the attempt is over');

export interface DeliveryAgentOptions {
  /** Resolves and checks every name a connection is made to (the SSRF policy). */
  lookup: LookupFunction;
  /** No connection is waited for longer than the attempt that opened it. */
  connectTimeoutMs: number;
  /** For tests: a CA to trust. */
  tls?: Pick<ConnectionOptions, 'ca'>;
  /** How long a connection may stay idle before it is closed rather than reused. Default 4 s. */
  idleMs?: number;
}

export function deliveryAgent(options: DeliveryAgentOptions): Agent {
  return new Agent({
    connect: { lookup: options.lookup, timeout: options.connectTimeoutMs, ...options.tls },
    keepAliveTimeout: options.idleMs ?? IDLE_MS,
    // A receiver's Keep-Alive hint may shorten the idle time, not lengthen it.
    keepAliveMaxTimeout: options.idleMs ?? IDLE_MS,
    maxHeaderSize: MAX_HEAD_BYTES,
    // The attempt's timer bounds both: undici's own would only be more timers to run.
    headersTimeout: 0,
    bodyTimeout: 0,
  });
}

/**
 * Whether the body is read to its end before the attempt is done: only when it is framed and short enough. Otherwise
 * (no length, a length over the bound, a Transfer-Encoding that is not chunked) the status is all the attempt needs,
 * and the connection ends with the head.
 */
function bodyIsRead(statusCode: number, headers: IncomingHttpHeaders): boolean {
  if (statusCode === 204 || statusCode === 304) return true;
  const encoding = headers['transfer-encoding'];
  if (encoding !== undefined) return /(?:^|,)[ \t]*chunked[ \t]*$/i.test(String(encoding));
  const length = headers['content-length'];
  return typeof length === 'string' && Number(length) <= MAX_BODY_BYTES;
}

/** One attempt's exchange: settles once, with the answer or with the error that ended it first. */
class Exchange implements Dispatcher.DispatchHandler {
  private controller: Dispatcher.DispatchController | null = null;
  private answer: Answer | null = null;
  private bytes = 0;
  private done = false;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly resolve: (answer: Answer) => void,
    private readonly reject: (error: Error) => void,
    timeoutMs: number,
  ) {
    this.timer = setTimeout(() => {
      const error = new AttemptTimeoutError();
      this.settle(error);
      this.controller?.abort(error);
    }, timeoutMs);
  }

  onRequestStart(controller: Dispatcher.DispatchController): void {
    // The attempt timed out while its connection was being opened: nothing is sent.
    if (this.done) controller.abort(ATTEMPT_OVER);
    else this.controller = controller;
  }

  onResponseStart(
    controller: Dispatcher.DispatchController,
    statusCode: number,
    headers: IncomingHttpHeaders,
  ): void {
    // Informational answers come before the final one.
    if (statusCode < 200) return;
    const retryAfter = headers['retry-after'];
    this.answer = {
      statusCode,
      retryAfter: (Array.isArray(retryAfter) ? retryAfter[0] : retryAfter) ?? null,
    };
    if (bodyIsRead(statusCode, headers)) return;
    this.settle(null);
    controller.abort(ATTEMPT_OVER);
  }

  onResponseData(controller: Dispatcher.DispatchController, chunk: Buffer): void {
    this.bytes += chunk.length;
    if (this.bytes <= MAX_BODY_BYTES) return;
    this.settle(null);
    controller.abort(ATTEMPT_OVER);
  }

  onResponseEnd(): void {
    this.settle(null);
  }

  onResponseError(_controller: Dispatcher.DispatchController, error: Error): void {
    this.settle(error);
  }

  /** Ends the attempt with its answer (error null) or `error`; whatever comes after is ignored. */
  private settle(error: Error | null): void {
    if (this.done) return;
    this.done = true;
    clearTimeout(this.timer);
    if (error) this.reject(error);
    else this.resolve(this.answer!);
  }
}

/** `POST <path>` to `origin` through `agent`; the answer's status and Retry-After, or the error that ended it. */
export function post(
  agent: Dispatcher,
  origin: string,
  path: string,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    agent.dispatch({ origin, path, method: 'POST', headers, body }, new Exchange(resolve, reject, timeoutMs));
  });
}
