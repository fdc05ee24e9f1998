import { Queue } from 'bullmq';
import { useTestRedis } from '@yv/testkit';
import { closeWhenReady } from '../src/close-queue';
import { unreachableRedisUrl } from './support/redis';

const redis = useTestRedis();

it('closes a queue once its connection is ready', async () => {
  const queue = new Queue('close-ready', { connection: { url: redis.url }, prefix: redis.bullmqPrefix });
  await closeWhenReady(queue);
  expect(queue.closing).toBeDefined();
  await expect(queue.add('after-close', {})).rejects.toThrow();
});

it('does not hold a shutdown when Redis cannot be reached', async () => {
  const queue = new Queue('close-unreachable', {
    connection: { url: await unreachableRedisUrl(), maxRetriesPerRequest: 1 },
    prefix: redis.bullmqPrefix,
  });
  queue.on('error', () => undefined);
  const started = Date.now();
  await closeWhenReady(queue);
  // The 2 s readiness wait, then BullMQ's own close: well inside the 25 s shutdown bound.
  expect(Date.now() - started).toBeLessThan(5_000);
});
