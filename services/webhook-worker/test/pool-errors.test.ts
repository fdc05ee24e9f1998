import { Writable } from 'node:stream';
import pino from 'pino';
import { useTestDatabase, useTestRedis } from '@yv/testkit';
import { waitFor } from './support/receiver';
import { testWorker } from './support/worker';

const db = useTestDatabase();
const redis = useTestRedis();

it('reports an idle connection of its own pools lost in its own log, not on stderr', async () => {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const worker = testWorker(db, redis, {}, pino({ level: 'warn' }, sink));
  const stderr = jest.spyOn(console, 'error');
  try {
    // The relay runs on the worker's own pool: afterwards one of its connections waits idle.
    await worker.relayOnce();
    const { rows } = await db.pool.query<{ terminated: boolean }>(
      `SELECT pg_terminate_backend(pid) AS terminated FROM pg_stat_activity
        WHERE datname = current_database() AND application_name = 'yv-webhook-worker'`,
    );
    expect(rows.length).toBeGreaterThan(0);
    const line = await waitFor('the warning', () => lines.find((each) => each.includes('idle connection')));
    expect(JSON.parse(line)).toMatchObject({ level: 40, err: { code: '57P01' } });
    expect(stderr).not.toHaveBeenCalled();
  } finally {
    stderr.mockRestore();
    await worker.stop();
  }
});
