import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { insertOutboxEvent, insertPartner, insertWebhookSecret, type Pool } from '@yv/db';

export interface Received {
  headers: IncomingHttpHeaders;
  /** The body exactly as it came over the wire: what the signature covers. */
  rawBody: string;
  at: number;
}

/** Answers one request; `index` counts this receiver's requests from 0. */
export type Answer = (res: ServerResponse, index: number) => void | Promise<void>;

export interface Receiver {
  url: string;
  received: Received[];
  /** Changes how later requests are answered. */
  answerWith(answer: Answer): void;
  close(): Promise<void>;
}

export const ok: Answer = (res) => void res.writeHead(200).end('ok');
export const status =
  (code: number, headers: Record<string, string> = {}): Answer =>
  (res) =>
    void res.writeHead(code, headers).end();
export const slow =
  (ms: number): Answer =>
  (res) =>
    new Promise((resolve) => {
      // Unref'd: a test may end while a slow answer is still pending.
      setTimeout(() => {
        if (!res.destroyed) res.writeHead(200).end();
        resolve();
      }, ms).unref();
    });

/** A real HTTP receiver on a free port, recording every request before answering it. */
export async function startReceiver(answer: Answer = ok): Promise<Receiver> {
  let current = answer;
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const index = received.length;
      received.push({
        headers: req.headers,
        rawBody: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
      });
      void current(res, index);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    answerWith: (next) => {
      current = next;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/** A partner with a webhook URL and one signing secret, as `pnpm admin partner create` makes it. */
export async function createPartner(
  pool: Pool,
  webhookUrl: string | null,
): Promise<{ id: string; secret: string }> {
  const id = randomUUID();
  const secret = newWebhookSecret();
  await insertPartner(pool, { id, name: `partner ${id.slice(0, 8)}`, webhookUrl });
  await insertWebhookSecret(pool, { id: randomUUID(), partnerId: id, secret });
  return { id, secret };
}

/** Appends `count` action.updated events of one action for the partner, as the action store writes them. */
export async function actionEvents(pool: Pool, partnerId: string, count: number, actionId = randomUUID()) {
  const events = [];
  for (let i = 0; i < count; i += 1) {
    events.push(
      await insertOutboxEvent(pool, {
        type: 'action.updated',
        aggregateId: actionId,
        partnerId,
        payload: { id: actionId, status: i === 0 ? 'created' : 'submitted', step: i },
      }),
    );
  }
  return events;
}

export async function waitFor<T>(
  what: string,
  probe: () => Promise<T | undefined | false> | T | undefined | false,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
