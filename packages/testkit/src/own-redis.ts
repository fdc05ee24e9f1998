import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import Redis from 'ioredis';
import { freePort } from './ports';

/**
 * A redis-server of a test's own on a free port, without persistence: `stop()` kills it (every queued and delayed
 * job is lost, as in a crash) and `start()` brings an empty one back on the same port.
 */
export interface OwnRedis {
  readonly url: string;
  /** A client of this server; the caller disconnects it. */
  client(): Redis;
  stop(): Promise<void>;
  start(): Promise<void>;
}

export async function startOwnRedis(): Promise<OwnRedis> {
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  let server: ChildProcess | undefined;

  const answers = async (): Promise<boolean> => {
    const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    probe.on('error', () => undefined);
    try {
      await probe.connect();
      return (await probe.ping()) === 'PONG';
    } catch {
      return false;
    } finally {
      // A probe that found no server has already ended (no retries): disconnecting it again would arm ioredis' 2 s
      // disconnectTimeout for its closed socket, a timer that keeps the jest worker alive after its last file.
      if (probe.status !== 'end') probe.disconnect();
    }
  };

  const start = async (): Promise<void> => {
    server = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      {
        stdio: 'ignore',
      },
    );
    const deadline = Date.now() + 10_000;
    while (!(await answers())) {
      if (Date.now() > deadline) throw new Error(`redis-server on port ${port} did not answer within 10 s`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  const stop = async (): Promise<void> => {
    if (!server || server.exitCode !== null || server.signalCode !== null) return;
    server.kill('SIGKILL');
    await once(server, 'exit');
  };

  await start();
  return { url, client: () => new Redis(url, { maxRetriesPerRequest: 1 }), start, stop };
}
