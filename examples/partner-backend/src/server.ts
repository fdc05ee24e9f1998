import type { AddressInfo } from 'node:net';
import type { Express } from 'express';

export interface RunningServer {
  url: string;
  close(): Promise<void>;
}

/** Listens on `port` (0: a free one) and answers where. */
export function listen(app: Express, port: number, host = '127.0.0.1'): Promise<RunningServer> {
  return new Promise((resolve, reject) => {
    const server = app.listen(port, host);
    server.once('error', reject);
    server.once('listening', () => {
      const { port: bound } = server.address() as AddressInfo;
      resolve({
        url: `http://${host}:${bound}`,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            // Keep-alive connections of the webhook worker would hold close() open.
            server.closeAllConnections();
          }),
      });
    });
  });
}
