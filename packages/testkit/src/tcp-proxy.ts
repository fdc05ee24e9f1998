import { connect, createServer, type Server, type Socket } from 'node:net';
import { freePort } from './ports';

/**
 * A TCP proxy in front of a real dependency (Redis, Postgres, the devnet's RPC) that a test takes down and brings
 * back on the same port: every open connection is cut at once, new ones are refused until `start()`.
 */
export interface TcpProxy {
  readonly port: number;
  /** `target` with its host and port replaced by the proxy's. */
  readonly url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
}

export async function startTcpProxy(target: string): Promise<TcpProxy> {
  const upstream = new URL(target);
  const upstreamPort = Number(upstream.port);
  const port = await freePort();
  const sockets = new Set<Socket>();
  let server: Server | null = null;

  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };

  const start = (): Promise<void> =>
    new Promise((resolve, reject) => {
      const listening = createServer((client) => {
        const forward = connect(upstreamPort, upstream.hostname);
        track(client);
        track(forward);
        client.pipe(forward).pipe(client);
        client.on('close', () => forward.destroy());
        forward.on('close', () => client.destroy());
      });
      listening.once('error', reject);
      listening.listen(port, '127.0.0.1', () => {
        server = listening;
        resolve();
      });
    });

  const stop = (): Promise<void> =>
    new Promise((resolve) => {
      const running = server;
      server = null;
      for (const socket of sockets) socket.destroy();
      if (!running) return resolve();
      running.close(() => resolve());
    });

  await start();
  const url = new URL(target);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return { port, url: url.toString().replace(/\/$/, upstream.pathname === '/' ? '' : '/'), stop, start };
}
