import { lookup } from 'node:dns';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import {
  createServer as createNetServer,
  type AddressInfo,
  type LookupFunction,
  type Server,
  type Socket,
} from 'node:net';
import path from 'node:path';
import type { SignedHeaders } from '@yv/domain';
import { deliveryAgent, MAX_BODY_BYTES } from '../src/deliver/exchange';
import { postWebhook } from '../src/deliver/send';

/** One attempt through the worker's delivery code, against receivers on real sockets. */
const fixture = (name: string) => readFileSync(path.join(__dirname, 'fixtures', name));
const signed: SignedHeaders = {
  'webhook-id': 'evt_1',
  'webhook-timestamp': '1700000000',
  'webhook-signature': 'v1,c2lnbmF0dXJl',
};
const PRIVATE_OK = { allowPrivate: true };
const attempt = (
  url: string,
  timeoutMs = 5_000,
  options: Partial<Parameters<typeof deliveryAgent>[0]> = {},
) =>
  postWebhook(
    url,
    '{}',
    signed,
    timeoutMs,
    PRIVATE_OK,
    deliveryAgent({ lookup: lookup as LookupFunction, connectTimeoutMs: timeoutMs, ...options }),
  );
/** A connection is free for the next request one turn of the event loop after its answer (undici's wait). */
const turn = () => new Promise((resolve) => setImmediate(resolve));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const failed = (error: string) => ({
  statusCode: null,
  retryAfter: null,
  durationMs: expect.any(Number),
  error,
});

interface Listening {
  url: string;
  /** TCP connections the server accepted. */
  connections(): number;
  close(): Promise<void>;
}

async function listen(server: Server, https = false): Promise<Listening> {
  let connections = 0;
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
  });
  server.on(https ? 'secureConnection' : 'connection', () => (connections += 1));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `${https ? 'https' : 'http'}://${https ? 'localhost' : '127.0.0.1'}:${port}/hooks?partner=a%20b`,
    connections: () => connections,
    close: () =>
      new Promise((resolve) => {
        // The agent keeps its idle connections open: the server ends them rather than wait for that.
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

let servers: Listening[] = [];
afterEach(async () => {
  await Promise.all(servers.map((server) => server.close()));
  servers = [];
});
const started = async (server: Server, https = false) => {
  const listening = await listen(server, https);
  servers.push(listening);
  return listening;
};

/** A node:http receiver; `answer` gets each request with its whole body. */
function httpReceiver(answer: (req: IncomingMessage, body: string, res: ServerResponse) => void) {
  return createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => answer(req, Buffer.concat(chunks).toString('utf8'), res));
  });
}

/** A receiver that writes `answer(index)` as raw bytes to each request it reads the head of. */
function rawReceiver(answer: (index: number) => string): Server {
  let index = 0;
  return createNetServer((socket) => {
    let text = '';
    socket.on('data', (chunk) => {
      text += chunk.toString('latin1');
      if (!text.includes('\r\n\r\n')) return;
      text = '';
      socket.write(answer(index++), 'latin1');
    });
  });
}

it('POSTs the body as UTF-8 with its byte length, the Host with the port, the fixed and signed headers', async () => {
  const seen: { method?: string; url?: string; headers?: IncomingMessage['headers']; body?: string }[] = [];
  const receiver = await started(
    httpReceiver((req, body, res) => {
      seen.push({ method: req.method, url: req.url, headers: req.headers, body });
      res.writeHead(200).end();
    }),
  );
  const body = JSON.stringify({ amount: '1', memo: 'déjà vu ✓' });
  const agent = deliveryAgent({ lookup: lookup as LookupFunction, connectTimeoutMs: 5_000 });
  expect(await postWebhook(receiver.url, body, signed, 5_000, PRIVATE_OK, agent)).toEqual({
    statusCode: 200,
    retryAfter: null,
    durationMs: expect.any(Number),
    error: null,
  });
  expect(seen).toEqual([
    {
      method: 'POST',
      url: '/hooks?partner=a%20b',
      headers: expect.objectContaining({
        host: new URL(receiver.url).host,
        'content-length': String(Buffer.byteLength(body)),
        'content-type': 'application/json',
        'user-agent': 'yv-webhooks/1',
        ...signed,
      }),
      body,
    },
  ]);
});

it('carries one attempt after another on one kept-alive connection, with the Retry-After of a failed answer only', async () => {
  const receiver = await started(
    rawReceiver((index) =>
      index === 1
        ? 'HTTP/1.1 503 Service Unavailable\r\nRetry-After: 30\r\nContent-Length: 4\r\n\r\nbusy'
        : 'HTTP/1.1 200 OK\r\nRetry-After: 5\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nok\r\n0\r\n\r\n',
    ),
  );
  const agent = deliveryAgent({ lookup: lookup as LookupFunction, connectTimeoutMs: 5_000 });
  const answers = [];
  for (let i = 0; i < 3; i += 1) {
    answers.push(await postWebhook(receiver.url, '{}', signed, 5_000, PRIVATE_OK, agent));
    await turn();
  }
  expect(answers).toEqual([
    { statusCode: 200, retryAfter: null, durationMs: expect.any(Number), error: null },
    { statusCode: 503, retryAfter: '30', durationMs: expect.any(Number), error: 'receiver answered 503' },
    { statusCode: 200, retryAfter: null, durationMs: expect.any(Number), error: null },
  ]);
  expect(receiver.connections()).toBe(1);
});

it('skips informational answers and keeps the final one', async () => {
  const receiver = await started(
    rawReceiver(
      () =>
        'HTTP/1.1 103 Early Hints\r\nLink: </a>\r\n\r\n' +
        'HTTP/1.1 429 Too Many Requests\r\nretry-after: 120\r\ncontent-length: 0\r\n\r\n',
    ),
  );
  expect(await attempt(receiver.url)).toMatchObject({ statusCode: 429, retryAfter: '120' });
});

it('follows no redirect: the redirect is the failed answer, and nothing is sent where it points', async () => {
  const elsewhere = await started(httpReceiver((_, __, res) => res.writeHead(200).end()));
  const receiver = await started(
    httpReceiver((_, __, res) => res.writeHead(307, { location: elsewhere.url }).end()),
  );
  expect(await attempt(receiver.url)).toMatchObject({ statusCode: 307, error: 'receiver answered 307' });
  expect(elsewhere.connections()).toBe(0);
});

it('opens a new connection when the receiver closed the idle one, and after a Connection: close', async () => {
  let index = 0;
  const receiver = await started(
    createNetServer((socket) =>
      socket.on('data', () => {
        index += 1;
        if (index === 2) {
          socket.write('HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
          return;
        }
        socket.write('HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n');
        // The first connection goes idle, and the receiver closes it.
        if (index === 1) setTimeout(() => socket.end(), 50);
      }),
    ),
  );
  const agent = deliveryAgent({ lookup: lookup as LookupFunction, connectTimeoutMs: 5_000 });
  const send = () => postWebhook(receiver.url, '{}', signed, 5_000, PRIVATE_OK, agent);
  expect((await send()).statusCode).toBe(200);
  await sleep(300);
  expect((await send()).statusCode).toBe(200);
  await turn();
  expect((await send()).statusCode).toBe(200);
  expect(receiver.connections()).toBe(3);
});

it('closes a connection left idle past its limit, and opens a new one for the next attempt', async () => {
  let closedByClient = 0;
  const receiver = await started(
    createNetServer((socket) => {
      socket.on('end', () => (closedByClient += 1));
      socket.on('data', () => socket.write('HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n'));
    }),
  );
  const agent = deliveryAgent({ lookup: lookup as LookupFunction, connectTimeoutMs: 5_000, idleMs: 100 });
  const send = () => postWebhook(receiver.url, '{}', signed, 5_000, PRIVATE_OK, agent);
  expect((await send()).statusCode).toBe(200);
  await sleep(400);
  expect(closedByClient).toBe(1);
  expect((await send()).statusCode).toBe(200);
  expect(receiver.connections()).toBe(2);
});

it.each([
  ['two different lengths', 'HTTP/1.1 200 OK\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab'],
  [
    'a length and chunking',
    'HTTP/1.1 200 OK\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
  ],
  ['not HTTP', 'SSH-2.0-OpenSSH\r\n\r\n'],
  ['a four-digit status', 'HTTP/1.1 2000 OK\r\n\r\n'],
  ['a folded header', 'HTTP/1.1 200 OK\r\nX-A: 1\r\n  continued\r\nContent-Length: 0\r\n\r\n'],
  ['a negative length', 'HTTP/1.1 200 OK\r\nContent-Length: -1\r\n\r\n'],
  ['a bad chunk size', 'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n'],
  [
    'a chunk longer than its size',
    'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nabc\r\n0\r\n\r\n',
  ],
  ['a head over 16 KiB', `HTTP/1.1 200 OK\r\nX-Long: ${'a'.repeat(17 * 1024)}\r\nContent-Length: 0\r\n\r\n`],
])('fails an answer with %s as EMALFORMED, and does not reuse its connection', async (_, answer) => {
  const receiver = await started(rawReceiver(() => answer));
  const agent = deliveryAgent({ lookup: lookup as LookupFunction, connectTimeoutMs: 5_000 });
  for (let i = 0; i < 2; i += 1) {
    expect(await postWebhook(receiver.url, '{}', signed, 5_000, PRIVATE_OK, agent)).toEqual(
      failed('request failed: EMALFORMED'),
    );
    await turn();
  }
  expect(receiver.connections()).toBe(2);
});

it('never reads bytes past an answer as the next attempt’s answer', async () => {
  const receiver = await started(
    rawReceiver((index) =>
      index === 0
        ? 'HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\nHTTP/1.1 500 Internal Server Error\r\nContent-Length: 0\r\n\r\n'
        : 'HTTP/1.1 201 Created\r\nContent-Length: 0\r\n\r\n',
    ),
  );
  const agent = deliveryAgent({ lookup: lookup as LookupFunction, connectTimeoutMs: 5_000 });
  expect((await postWebhook(receiver.url, '{}', signed, 5_000, PRIVATE_OK, agent)).statusCode).toBe(200);
  await turn();
  expect((await postWebhook(receiver.url, '{}', signed, 5_000, PRIVATE_OK, agent)).statusCode).toBe(201);
});

it('reads a short framed body to its end, and ends the connection at the head when the body is long or unframed', async () => {
  /** Per request, in order: whether its connection is closed. */
  const closed: boolean[] = [];
  const receiver = await started(
    createNetServer((socket) => {
      socket.on('data', () => {
        const index = closed.push(false) - 1;
        socket.on('close', () => (closed[index] = true));
        // The first three leave the body unfinished: only the status can be known, and the attempt needs no more.
        if (index === 0) socket.write(`HTTP/1.1 200 OK\r\nContent-Length: ${MAX_BODY_BYTES + 1}\r\n\r\nab`);
        if (index === 1)
          socket.write('HTTP/1.1 202 Accepted\r\n\r\na body that runs to the end of the connection');
        if (index === 2) {
          const chunk = 'a'.repeat(16 * 1024);
          socket.write('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n');
          for (let i = 0; i < 5; i += 1) socket.write(`${chunk.length.toString(16)}\r\n${chunk}\r\n`);
        }
        if (index === 3) {
          socket.write(`HTTP/1.1 200 OK\r\nContent-Length: ${MAX_BODY_BYTES}\r\n\r\n`);
          setTimeout(() => socket.write('a'.repeat(MAX_BODY_BYTES)), 100);
        }
      });
    }),
  );
  const agent = deliveryAgent({ lookup: lookup as LookupFunction, connectTimeoutMs: 5_000 });
  const send = async () => {
    const answer = await postWebhook(receiver.url, '{}', signed, 2_000, PRIVATE_OK, agent);
    await sleep(50);
    return answer;
  };
  expect(await send()).toMatchObject({ statusCode: 200, error: null });
  expect(await send()).toMatchObject({ statusCode: 202, error: null });
  expect(await send()).toMatchObject({ statusCode: 200, error: null });
  expect(closed).toEqual([true, true, true]);
  // A body within the bound is read to its end, however late it comes within the attempt's time, and the connection
  // stays open for the next attempt.
  const answer = await send();
  expect(answer).toMatchObject({ statusCode: 200, error: null });
  expect(answer.durationMs).toBeGreaterThanOrEqual(90);
  expect(closed).toEqual([true, true, true, false]);
});

it('fails the attempt when the receiver closes before a whole answer, or resets the connection', async () => {
  const closing = await started(
    createNetServer((socket) => socket.once('data', () => socket.end('HTTP/1.1 200 OK\r\nContent-Le'))),
  );
  expect(await attempt(closing.url)).toEqual(failed('request failed: UND_ERR_SOCKET'));
  const resetting = await started(
    createNetServer((socket) => socket.once('data', () => socket.resetAndDestroy())),
  );
  expect(await attempt(resetting.url)).toEqual(failed('request failed: ECONNRESET'));
});

it('names no address in a failed attempt', async () => {
  const gone = await listen(createNetServer());
  await gone.close();
  const answer = await attempt(gone.url);
  expect(answer).toEqual(failed('request failed: ECONNREFUSED'));
});

it('gives up at the timeout on a receiver that does not answer, and closes that connection', async () => {
  let closed = false;
  const receiver = await started(
    createNetServer((socket) => {
      socket.resume();
      socket.on('close', () => (closed = true));
    }),
  );
  const answer = await attempt(receiver.url, 200);
  expect(answer).toEqual(failed('no answer within 200ms'));
  expect(answer.durationMs).toBeGreaterThanOrEqual(190);
  await sleep(100);
  expect(closed).toBe(true);
});

it('gives up at the timeout while the connection is still being opened', async () => {
  const receiver = await started(httpReceiver((_, __, res) => res.writeHead(200).end()));
  // A name whose resolution never comes back.
  const answer = await attempt(receiver.url.replace('127.0.0.1', 'localhost'), 200, {
    lookup: (() => undefined) as LookupFunction,
  });
  expect(answer).toEqual(failed('no answer within 200ms'));
  expect(answer.durationMs).toBeLessThan(1_000);
  expect(receiver.connections()).toBe(0);
});

it('speaks TLS to an https receiver, checking its certificate for the name', async () => {
  const receiver = await started(
    createHttpsServer(
      { key: fixture('receiver-key.pem'), cert: fixture('receiver-cert.pem') },
      (req, res) => {
        req.resume();
        req.on('end', () => res.writeHead(201).end());
      },
    ),
    true,
  );
  const agent = deliveryAgent({
    lookup: lookup as LookupFunction,
    connectTimeoutMs: 5_000,
    tls: { ca: fixture('receiver-cert.pem') },
  });
  for (let i = 0; i < 2; i += 1) {
    expect(await postWebhook(receiver.url, '{}', signed, 5_000, PRIVATE_OK, agent)).toMatchObject({
      statusCode: 201,
      error: null,
    });
    await turn();
  }
  expect(receiver.connections()).toBe(1);
  // Without our CA the certificate is not trusted: the attempt fails, nothing is sent in the clear.
  expect(await attempt(receiver.url)).toEqual(failed('request failed: DEPTH_ZERO_SELF_SIGNED_CERT'));
});

it('connects only to addresses the policy allows, checked on the address the name resolved to', async () => {
  const receiver = await started(httpReceiver((_, __, res) => res.writeHead(200).end()));
  const url = receiver.url.replace('127.0.0.1', 'localhost');
  expect(await postWebhook(url, '{}', signed, 5_000, { allowPrivate: false })).toEqual(
    failed(
      expect.stringMatching(
        /^refused: localhost resolves to a refused address: (127\.0\.0\.1|::1) is a loopback, private or reserved address$/,
      ) as unknown as string,
    ),
  );
  // An address in the URL is refused before any connection.
  expect(await postWebhook(receiver.url, '{}', signed, 5_000, { allowPrivate: false })).toEqual({
    statusCode: null,
    retryAfter: null,
    durationMs: 0,
    error: expect.stringMatching(/127\.0\.0\.1 is a loopback, private or reserved address/),
  });
  expect(receiver.connections()).toBe(0);
  // The same URL under the policy that allows loopback.
  expect(await postWebhook(url, '{}', signed, 5_000, PRIVATE_OK)).toMatchObject({ statusCode: 200 });
});
