/**
 * The longest wait between two reconnect attempts to Redis. BullMQ's own default grows to 20 s, so a Redis that was
 * back after an outage stayed unused for up to that long; a second is cheap against a down server.
 */
export const REDIS_RECONNECT_MAX_MS = 1_000;

const retryStrategy = (attempt: number): number => Math.min(attempt * 100, REDIS_RECONNECT_MAX_MS);

/**
 * Connection options for BullMQ. A `producer` (a Queue that adds jobs) fails its commands at once while Redis is
 * away, so a caller answers in its usual time and Postgres keeps what was not queued; a `worker` blocks on Redis and
 * waits for it (BullMQ requires maxRetriesPerRequest null there). Both reconnect within REDIS_RECONNECT_MAX_MS.
 */
export function bullmqConnection(url: string, role: 'producer' | 'worker') {
  return role === 'producer'
    ? { url, enableOfflineQueue: false, retryStrategy }
    : { url, maxRetriesPerRequest: null, retryStrategy };
}
