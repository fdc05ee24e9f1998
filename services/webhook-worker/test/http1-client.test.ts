import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { lookup } from 'node:dns';
import {
  createServer as createNetServer,
  type AddressInfo,
  type LookupFunction,
  type Server,
  type Socket,
} from 'node:net';
import path from 'node:path';
import { AttemptTimeoutError, http1Client, type Origin } from '../src/deliver/http1/client';

const fixture = (name: string) => readFileSync(path.join(__dirname, 'fixtures', name));
const client = () =>
  http1Client({ lookup: lookup as LookupFunction, tls: { ca: fixture('receiver-cert.pem') } });
const headers = { 'content-type': 'application/json', 'webhook-id': 'evt_1' };

interface Listening {
  origin: Origin;
  /** TCP connections the server accepted. */
  connections(): number;
  close(): Promise<void>;
}

async function listen(server: Server, https = false): Promise<Listening> {
  let connections = 0;
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.on(https ? 'secureConnection' : 'connection', () => (connections += 1));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: { https, hostname: https ? 'localhost' : '127.0.0.1', port },
    connections: () => connections,
    close: () =>
      new Promise((resolve) => {
        // The client keeps its idle connections open: the server ends them rather than wait for that.
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A node:http receiver; `answer` gets each request with its whole body. */
function httpReceiver(answer: (req: IncomingMessage, body: string, res: ServerResponse) => void) {
  return createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => answer(req, Buffer.concat(chunks).toString('utf8'), res));
  });
}

/** A receiver that writes `answer` as raw bytes to every request it reads the end of. */
function rawReceiver(answer: string): Server {
  return createNetServer((socket) => {
    let text = '';
    socket.on('data', (chunk) => {
      text += chunk.toString('latin1');
      if (!text.includes('\r\n\r\n')) return;
      text = '';
      socket.write(answer, 'latin1');
    });
  });
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

it('POSTs the body as UTF-8 with its byte length, the Host with the port, and every header given', async () => {
  const seen: { method?: string; url?: string; headers?: IncomingMessage['headers']; body?: string }[] = [];
  const receiver = await started(
    httpReceiver((req, body, res) => {
      seen.push({ method: req.method, url: req.url, headers: req.headers, body });
      res.writeHead(200).end();
    }),
  );
  const body = JSON.stringify({ amount: '1', memo: 'déjà vu ✓' });
  const answer = await client().post(receiver.origin, '/hooks?partner=a%20b', headers, body, 5_000);
  expect(answer).toEqual({ statusCode: 200, retryAfter: null });
  expect(seen).toEqual([
    {
      method: 'POST',
      url: '/hooks?partner=a%20b',
      headers: expect.objectContaining({
        host: `127.0.0.1:${receiver.origin.port}`,
        'content-length': String(Buffer.byteLength(body)),
        'content-type': 'application/json',
        'webhook-id': 'evt_1',
      }),
      body,
    },
  ]);
});

it('carries one request after another on one kept-alive connection, and reports Retry-After', async () => {
  let index = 0;
  const receiver = await started(
    httpReceiver((_, __, res) => {
      index += 1;
      if (index === 2) res.writeHead(503, { 'Retry-After': '30' }).end('busy');
      else res.writeHead(200).end('ok');
    }),
  );
  const http = client();
  const answers = [];
  for (let i = 0; i < 3; i += 1) answers.push(await http.post(receiver.origin, '/', headers, '{}', 5_000));
  expect(answers).toEqual([
    { statusCode: 200, retryAfter: null },
    { statusCode: 503, retryAfter: '30' },
    { statusCode: 200, retryAfter: null },
  ]);
  expect(receiver.connections()).toBe(1);
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
  const http = client();
  expect((await http.post(receiver.origin, '/', headers, '{}', 5_000)).statusCode).toBe(200);
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect((await http.post(receiver.origin, '/', headers, '{}', 5_000)).statusCode).toBe(200);
  expect((await http.post(receiver.origin, '/', headers, '{}', 5_000)).statusCode).toBe(200);
  expect(receiver.connections()).toBe(3);
});

it('closes a connection left idle past its limit, and opens a new one for the next request', async () => {
  let closedByClient = 0;
  const receiver = await started(
    createNetServer((socket) => {
      socket.on('end', () => (closedByClient += 1));
      socket.on('data', () => socket.write('HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n'));
    }),
  );
  const http = http1Client({ lookup: lookup as LookupFunction, idleMs: 100 });
  expect((await http.post(receiver.origin, '/', headers, '{}', 5_000)).statusCode).toBe(200);
  await new Promise((resolve) => setTimeout(resolve, 400));
  expect(closedByClient).toBe(1);
  expect((await http.post(receiver.origin, '/', headers, '{}', 5_000)).statusCode).toBe(200);
  expect(receiver.connections()).toBe(2);
});

it('fails a malformed answer with EMALFORMED and does not reuse its connection', async () => {
  const receiver = await started(
    rawReceiver('HTTP/1.1 200 OK\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab'),
  );
  const http = client();
  for (let i = 0; i < 2; i += 1)
    await expect(http.post(receiver.origin, '/', headers, '{}', 5_000)).rejects.toMatchObject({
      code: 'EMALFORMED',
      message: 'malformed answer: two different Content-Lengths',
    });
  expect(receiver.connections()).toBe(2);
});

it('fails with ECONNRESET when the receiver closes before a whole answer', async () => {
  const receiver = await started(
    createNetServer((socket) => socket.once('data', () => socket.end('HTTP/1.1 200 OK\r\nContent-Le'))),
  );
  await expect(client().post(receiver.origin, '/', headers, '{}', 5_000)).rejects.toMatchObject({
    code: 'ECONNRESET',
  });
});

it('gives up at the timeout on a receiver that does not answer, and closes that connection', async () => {
  let closed = false;
  const receiver = await started(
    createNetServer((socket) => {
      socket.resume();
      socket.on('close', () => (closed = true));
    }),
  );
  await expect(client().post(receiver.origin, '/', headers, '{}', 200)).rejects.toBeInstanceOf(
    AttemptTimeoutError,
  );
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(closed).toBe(true);
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
  const http = client();
  expect(await http.post(receiver.origin, '/', headers, '{}', 5_000)).toEqual({
    statusCode: 201,
    retryAfter: null,
  });
  expect(await http.post(receiver.origin, '/', headers, '{}', 5_000)).toEqual({
    statusCode: 201,
    retryAfter: null,
  });
  expect(receiver.connections()).toBe(1);
  // Without our CA the certificate is not trusted: the attempt fails, nothing is sent in the clear.
  const untrusting = http1Client({ lookup: lookup as LookupFunction });
  await expect(untrusting.post(receiver.origin, '/', headers, '{}', 5_000)).rejects.toMatchObject({
    code: 'DEPTH_ZERO_SELF_SIGNED_CERT',
  });
});

it('connects only where its lookup allows', async () => {
  const receiver = await started(httpReceiver((_, __, res) => res.writeHead(200).end()));
  const refusing = http1Client({
    lookup: ((_host, _options, callback) =>
      callback(new Error('refused by policy'), '', 4)) as LookupFunction,
  });
  await expect(
    refusing.post({ ...receiver.origin, hostname: 'localhost' }, '/', headers, '{}', 5_000),
  ).rejects.toThrow('refused by policy');
  expect(receiver.connections()).toBe(0);
});
