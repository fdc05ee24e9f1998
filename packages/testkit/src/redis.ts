import { randomBytes } from 'node:crypto';
import Redis from 'ioredis';
import { testRedisUrl } from '@yv/devnet';

/** A Redis connection and a key prefix of one test file's own; cleanup() deletes exactly the keys under it. */
export interface TestRedis {
  readonly url: string;
  readonly redis: Redis;
  /** `yvtest:<pid>:<random>:` — start every key a test writes with it. */
  readonly prefix: string;
  /** The same prefix without its trailing colon, for BullMQ's `prefix` option (BullMQ adds the colon itself). */
  readonly bullmqPrefix: string;
  /** Deletes every key under the prefix, then closes the connection. */
  cleanup(): Promise<void>;
}

/**
 * Deletes the keys matching `prefix*`, walking with SCAN so a large or shared Redis is never blocked the way
 * KEYS would block it. The prefix is ours (hex and colons), so it holds no glob characters to escape.
 * @returns how many keys were deleted.
 */
export async function deleteKeysWithPrefix(redis: Redis, prefix: string): Promise<number> {
  let deleted = 0;
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
    if (keys.length > 0) deleted += await redis.unlink(...keys);
    cursor = next;
  } while (cursor !== '0');
  return deleted;
}

export function createTestRedis(): TestRedis {
  const url = testRedisUrl();
  const bullmqPrefix = `yvtest:${process.pid}:${randomBytes(4).toString('hex')}`;
  const prefix = `${bullmqPrefix}:`;
  const redis = new Redis(url);
  return {
    url,
    redis,
    prefix,
    bullmqPrefix,
    cleanup: async () => {
      await deleteKeysWithPrefix(redis, prefix);
      await redis.quit();
    },
  };
}

/**
 * Gives a jest test file its own Redis prefix: connected in beforeAll, its keys deleted in afterAll.
 * Read the fields inside hooks and tests, not at describe time.
 */
export function useTestRedis(): Omit<TestRedis, 'cleanup'> {
  let testRedis: TestRedis | undefined;
  beforeAll(() => {
    testRedis = createTestRedis();
  });
  afterAll(async () => {
    await testRedis?.cleanup();
    testRedis = undefined;
  });
  const current = (): TestRedis => {
    if (!testRedis)
      throw new Error('useTestRedis(): the connection exists only between beforeAll and afterAll');
    return testRedis;
  };
  return {
    get url() {
      return current().url;
    },
    get redis() {
      return current().redis;
    },
    get prefix() {
      return current().prefix;
    },
    get bullmqPrefix() {
      return current().bullmqPrefix;
    },
  };
}
