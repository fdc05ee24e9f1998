import type Redis from 'ioredis';
import type { KeeperHeartbeat } from './keeper';

/**
 * Keepers publish heartbeats to a Redis stream (docs/keeper-heartbeat.md): one entry per tick with the fields
 * `service`, `at` and `payload` (the JSON heartbeat). The stream is capped, the watcher persists what it reads.
 */
export const DEFAULT_HEARTBEAT_STREAM = 'svc:keeper:heartbeats';

export function redisHeartbeatPublisher(redis: Redis, stream = DEFAULT_HEARTBEAT_STREAM) {
  return async (heartbeat: KeeperHeartbeat): Promise<void> => {
    await redis.xadd(
      stream,
      'MAXLEN',
      '~',
      '10000',
      '*',
      'service',
      heartbeat.service,
      'at',
      heartbeat.at,
      'payload',
      JSON.stringify(heartbeat),
    );
  };
}
