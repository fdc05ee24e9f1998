import { createServer, request, type Server } from 'node:http';
import { freePort } from '@yv/testkit';

/** An HTTP proxy in front of the devnet's RPC that a test can take down and bring back on the same port. */
export interface RpcProxy {
  readonly url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
}

export async function startRpcProxy(target: string): Promise<RpcProxy> {
  const port = await freePort();
  const upstream = new URL(target);
  let server: Server | null = null;

  const start = (): Promise<void> =>
    new Promise((resolve, reject) => {
      server = createServer((req, res) => {
        const forward = request(
          {
            host: upstream.hostname,
            port: upstream.port,
            path: req.url,
            method: req.method,
            headers: req.headers,
          },
          (answer) => {
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(res);
          },
        );
        forward.on('error', () => res.destroy());
        req.pipe(forward);
      });
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });

  await start();
  return {
    url: `http://127.0.0.1:${port}`,
    start,
    stop: () =>
      new Promise((resolve) => {
        const s = server!;
        server = null;
        s.close(() => resolve());
        s.closeAllConnections();
      }),
  };
}
