import { freePort } from '@yv/testkit';

/**
 * A Redis URL nothing listens on, for tests of Redis being unreachable. Closing an ioredis client that is between
 * two reconnect attempts (what BullMQ's close() does with a connection never made) arms a timer of
 * `disconnectTimeout`, 2 s by default, to destroy a socket that is already closed: the timer keeps the jest worker
 * alive after its last file, and jest reports the worker as leaking. With 1 ms it ends as the client closes.
 */
export async function unreachableRedisUrl(): Promise<string> {
  return `redis://127.0.0.1:${await freePort()}?disconnectTimeout=1`;
}
