/**
 * The POSTs of webhook attempts, over HTTP/1.1 keep-alive connections of our own: node:http cost several times the
 * CPU per request (docs/performance.md#http1-client), and the worker's thread is what bounds deliveries per second. An
 * attempt needs little of HTTP: one POST of a short JSON body, and the status and Retry-After of the answer.
 */
import { connect as netConnect, isIP, type LookupFunction, type Socket } from 'node:net';
import { connect as tlsConnect, type ConnectionOptions } from 'node:tls';
import { readResponse } from './response';

export interface Origin {
  https: boolean;
  /** Without brackets for IPv6. */
  hostname: string;
  /** Undefined: the scheme's default. */
  port: number | undefined;
}

export interface Answer {
  statusCode: number;
  retryAfter: string | null;
}

/** The attempt ran out of time: its connection was destroyed, whatever stage it was at. */
export class AttemptTimeoutError extends Error {}

/** The connection ended before a whole answer, or the answer was not HTTP: the code is what the attempt records. */
class ConnectionError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

export interface Http1ClientOptions {
  /** Resolves and checks every name a connection is made to (the SSRF policy). */
  lookup: LookupFunction;
  /** For tests: a CA to trust. */
  tls?: Pick<ConnectionOptions, 'ca'>;
  /** How long a connection may stay idle before it is closed rather than reused. Default 4 s. */
  idleMs?: number;
}

/** Receivers close their idle connections after about five seconds: ours are closed first. */
const IDLE_MS = 4_000;

interface Exchange {
  resolve(answer: Answer): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

/** One keep-alive connection: carries one exchange at a time, idle in its pool in between. */
class Connection {
  private received: Buffer | null = null;
  private exchange: Exchange | null = null;
  idleSince = 0;
  dead = false;

  constructor(
    readonly socket: Socket,
    private readonly release: (connection: Connection) => void,
    private readonly forget: (connection: Connection) => void,
  ) {
    socket.on('data', (chunk: Buffer) => this.data(chunk));
    socket.on('error', (error) => this.end(error));
    socket.on('close', () => this.end(new ConnectionError('socket hang up', 'ECONNRESET')));
    // A receiver that closes its side ends the connection: nothing more can be asked on it.
    socket.on('end', () => this.end(new ConnectionError('socket hang up', 'ECONNRESET')));
  }

  send(request: string, timeoutMs: number): Promise<Answer> {
    this.socket.ref();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => this.end(new AttemptTimeoutError()), timeoutMs);
      this.exchange = { resolve, reject, timer };
      this.socket.write(request);
    });
  }

  private data(chunk: Buffer): void {
    if (!this.exchange) {
      // Nothing was asked: bytes on an idle connection are no answer of ours.
      this.socket.destroy();
      return;
    }
    this.received = this.received ? Buffer.concat([this.received, chunk]) : chunk;
    const read = readResponse(this.received);
    if (read.kind === 'more') return;
    if (read.kind === 'malformed') {
      this.end(new ConnectionError(`malformed answer: ${read.reason}`, 'EMALFORMED'));
      return;
    }
    const { resolve, timer } = this.exchange;
    clearTimeout(timer);
    this.exchange = null;
    this.received = null;
    if (read.reusable) this.release(this);
    else this.socket.destroy();
    resolve({ statusCode: read.statusCode, retryAfter: read.retryAfter });
  }

  /** The connection is over: its exchange, if any, fails with `error`. */
  private end(error: Error): void {
    const exchange = this.exchange;
    this.exchange = null;
    if (!this.dead) {
      this.dead = true;
      this.forget(this);
      this.socket.destroy();
    }
    if (exchange) {
      clearTimeout(exchange.timer);
      exchange.reject(error);
    }
  }
}

/** `POST <path>` to `origin` with the body and headers given, over the origin's idle connections (newest first). */
export interface Http1Client {
  post(
    origin: Origin,
    path: string,
    headers: Record<string, string>,
    body: string,
    timeoutMs: number,
  ): Promise<Answer>;
}

export function http1Client(options: Http1ClientOptions): Http1Client {
  const idleMs = options.idleMs ?? IDLE_MS;
  const idle = new Map<string, Connection[]>();
  const keyOf = (origin: Origin): string =>
    `${origin.https ? 's' : ''}${origin.hostname}|${origin.port ?? ''}`;

  const forget = (key: string) => (connection: Connection) => {
    const list = idle.get(key) ?? [];
    const index = list.indexOf(connection);
    if (index >= 0) list.splice(index, 1);
  };
  const release = (key: string) => (connection: Connection) => {
    connection.idleSince = performance.now();
    connection.socket.unref();
    let list = idle.get(key);
    if (!list) idle.set(key, (list = []));
    list.push(connection);
  };

  const open = (origin: Origin, key: string): Connection => {
    const port = origin.port ?? (origin.https ? 443 : 80);
    const socket = origin.https
      ? tlsConnect({
          host: origin.hostname,
          port,
          lookup: options.lookup,
          // SNI carries names only.
          ...(isIP(origin.hostname) ? {} : { servername: origin.hostname }),
          ALPNProtocols: ['http/1.1'],
          ...options.tls,
        })
      : netConnect({ host: origin.hostname, port, lookup: options.lookup });
    // A request is one write and waits for its answer: nothing to gain from Nagle's delay.
    socket.setNoDelay(true);
    return new Connection(socket, release(key), forget(key));
  };

  // Receivers that never close an idle connection would otherwise keep theirs open for good.
  setInterval(() => {
    for (const list of idle.values())
      for (const connection of list.filter((each) => performance.now() - each.idleSince >= idleMs))
        connection.socket.destroy();
  }, idleMs).unref();

  /** The newest idle connection not idle for too long; older ones are closed on the way. */
  const take = (key: string): Connection | undefined => {
    const list = idle.get(key);
    for (let connection = list?.pop(); connection; connection = list?.pop()) {
      if (!connection.dead && performance.now() - connection.idleSince < idleMs) return connection;
      connection.socket.destroy();
    }
    return undefined;
  };

  return {
    post(origin, path, headers, body, timeoutMs) {
      const key = keyOf(origin);
      const connection = take(key) ?? open(origin, key);
      return connection.send(requestText(origin, path, headers, body), timeoutMs);
    },
  };
}

/** Host as node:http writes it: the port only when given, IPv6 in brackets. */
function hostHeader(origin: Origin): string {
  const host = origin.hostname.includes(':') ? `[${origin.hostname}]` : origin.hostname;
  return origin.port === undefined ? host : `${host}:${origin.port}`;
}

/**
 * The whole request, one write. The path comes from the WHATWG URL parser (percent-encoded, no spaces or line
 * breaks), the header values from our signing: nothing here can break a line.
 */
function requestText(origin: Origin, path: string, headers: Record<string, string>, body: string): string {
  let head = `POST ${path} HTTP/1.1\r\nhost: ${hostHeader(origin)}\r\ncontent-length: ${Buffer.byteLength(body)}\r\n`;
  for (const name in headers) head += `${name}: ${headers[name]}\r\n`;
  return `${head}\r\n${body}`;
}
