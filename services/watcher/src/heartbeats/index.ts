import type Redis from 'ioredis';
import { sleep } from '@yv/runtime';
import { vaultStateFromJson, type VaultStateJson } from '@yv/chain';
import { insertKeeperHeartbeat, lastKeeperHeartbeatStreamId, latestVaultSnapshot } from '@yv/db';
import { checkKeeperHeartbeat } from '@yv/domain';
import type { WatcherContext } from '../context';

type StreamEntry = [id: string, fields: string[]];
type XReadAnswer = [key: string, entries: StreamEntry[]][] | null;

const READ_COUNT = 100;
/** How long a blocking read waits for the first vault snapshot before it looks again. */
const SNAPSHOT_WAIT_MS = 250;

function fieldsOf(flat: readonly string[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (let i = 0; i + 1 < flat.length; i += 2) fields[flat[i]!] = flat[i + 1]!;
  return fields;
}

async function expectedKeeper(ctx: WatcherContext): Promise<string | null> {
  const snapshot = await latestVaultSnapshot(ctx.pool, ctx.deployment.chainId);
  return snapshot ? vaultStateFromJson(snapshot.state as VaultStateJson).keeper : null;
}

/**
 * Reads keeper heartbeats from the stream, resuming after the last one stored, checks each against Core.keeper()
 * of the newest vault snapshot and stores it. Before the first snapshot nothing is read: a heartbeat judged then
 * would be stored invalid for want of a keeper to compare, and close deposits until the next one. With `blockMs` the read waits that long for a first entry.
 * @returns how many entries were read.
 */
export async function readHeartbeats(ctx: WatcherContext, redis: Redis, blockMs?: number): Promise<number> {
  const keeper = await expectedKeeper(ctx);
  if (keeper === null) {
    // Nothing to judge them against yet: they stay in the stream, read once the first snapshot is stored.
    if (blockMs !== undefined) await sleep(Math.min(blockMs, SNAPSHOT_WAIT_MS));
    return 0;
  }
  const after = (await lastKeeperHeartbeatStreamId(ctx.pool)) ?? '0';
  const stream = ctx.config.KEEPER_HEARTBEAT_STREAM;
  const answer = (
    blockMs === undefined
      ? await redis.xread('COUNT', READ_COUNT, 'STREAMS', stream, after)
      : await redis.xread('COUNT', READ_COUNT, 'BLOCK', blockMs, 'STREAMS', stream, after)
  ) as XReadAnswer;
  const entries = answer?.[0]?.[1] ?? [];
  if (entries.length === 0) return 0;
  for (const [streamId, flat] of entries) {
    const checked = checkKeeperHeartbeat(fieldsOf(flat), keeper);
    const stored = await insertKeeperHeartbeat(ctx.pool, {
      streamId,
      service: checked.service,
      keeper: checked.keeper,
      at: checked.at ?? new Date(),
      payload: checked.payload,
      valid: checked.valid,
      problems: checked.problems,
    });
    if (stored) ctx.metrics.heartbeats.inc({ valid: String(checked.valid) });
    if (!checked.valid) ctx.log('warn', 'invalid keeper heartbeat', { streamId, problems: checked.problems });
  }
  return entries.length;
}
