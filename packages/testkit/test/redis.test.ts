import { once } from 'node:events';
import Redis from 'ioredis';
import { testRedisUrl } from '../src';
import { createTestRedis, useTestRedis } from '../src/redis';

async function keysUnder(client: Redis, prefix: string): Promise<string[]> {
  const found: string[] = [];
  let cursor = '0';
  do {
    const [next, keys] = await client.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
    found.push(...keys);
    cursor = next;
  } while (cursor !== '0');
  return found;
}

describe('createTestRedis', () => {
  it('cleans up every key under its prefix and nothing else', async () => {
    const neighbour = new Redis(testRedisUrl());
    const test = createTestRedis();
    const other = createTestRedis();
    // Shares the prefix's characters but not its trailing colon, so it belongs to someone else.
    const lookalike = `${test.bullmqPrefix}0:keep`;
    try {
      expect(test.prefix).toMatch(new RegExp(`^yvtest:${process.pid}:[0-9a-f]{8}:$`));
      expect(test.bullmqPrefix).toBe(test.prefix.slice(0, -1));
      expect(other.prefix).not.toBe(test.prefix);

      // More keys than one SCAN page, so cleanup must follow the cursor.
      const pipeline = test.redis.pipeline();
      for (let i = 0; i < 1200; i += 1) pipeline.set(`${test.prefix}k${i}`, 'v');
      pipeline.hset(`${test.bullmqPrefix}:queue:meta`, 'name', 'queue');
      await pipeline.exec();
      await other.redis.set(`${other.prefix}keep`, 'v');
      await neighbour.set(lookalike, 'v');
      expect(await keysUnder(neighbour, test.prefix)).toHaveLength(1201);

      await test.cleanup();
      // cleanup() also closed the connection.
      if (test.redis.status !== 'end') await once(test.redis, 'end');
      expect(await keysUnder(neighbour, test.prefix)).toEqual([]);
      expect(await neighbour.exists(`${other.prefix}keep`, lookalike)).toBe(2);
    } finally {
      await other.cleanup();
      await neighbour.del(lookalike);
      await neighbour.quit();
    }
  });
});

describe('useTestRedis', () => {
  const redis = useTestRedis();
  let prefix = '';

  // Declared after useTestRedis(), so it runs after that helper's own afterAll.
  afterAll(async () => {
    const neighbour = new Redis(testRedisUrl());
    const left = await keysUnder(neighbour, prefix);
    await neighbour.quit();
    expect(left).toEqual([]);
  });

  it('hands the test file a connection and a prefix, and clears the prefix afterwards', async () => {
    prefix = redis.prefix;
    await redis.redis.set(`${redis.prefix}answer`, '42');
    expect(await redis.redis.get(`${redis.prefix}answer`)).toBe('42');
    expect(redis.url).toBe(testRedisUrl());
  });
});
