import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** Answers one request: the body as text and the response to write. */
export type Handler = (body: string, res: http.ServerResponse) => void;

/** Runs `run` against a loopback HTTP server that answers with `handler`, closed afterwards either way. */
export async function withServer(handler: Handler, run: (url: string) => Promise<void>): Promise<void> {
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => handler(body, res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    await run(url);
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}
