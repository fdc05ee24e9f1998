import { ApiError } from '@yv/domain';
import { isUuid } from '@yv/schemas';
import type { ActivityPosition } from '@yv/db';

/**
 * The cursors of every listing (`limit` and the cursor's shape are checked by their parameters' schemas). Cursors
 * are opaque to clients (base64url); inside, an activity cursor is the (block, log index) of the last event served, a redemption cursor
 * the last id served, a partner-action cursor the last action's id and an event cursor the last event's id. Anything
 * else is 400 BAD_REQUEST.
 */
const encode = (text: string) => Buffer.from(text, 'utf8').toString('base64url');
const UINT = /^(0|[1-9][0-9]{0,77})$/;
const MAX_LOG_INDEX = 2 ** 31 - 1;

function decode(cursor: string): string {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(cursor)) throw badCursor();
  return Buffer.from(cursor, 'base64url').toString('utf8');
}

export const badCursor = (): ApiError =>
  new ApiError('BAD_REQUEST', 'cursor is not a cursor this API issued: pass meta.nextCursor back unchanged');

export const activityCursor = (p: ActivityPosition): string => encode(`a:${p.blockNumber}:${p.logIndex}`);

export function parseActivityCursor(cursor: string): ActivityPosition {
  const [kind, block, log] = decode(cursor).split(':');
  if (kind !== 'a' || !UINT.test(block ?? '') || !UINT.test(log ?? '') || Number(log) > MAX_LOG_INDEX)
    throw badCursor();
  return { blockNumber: BigInt(block!), logIndex: Number(log) };
}

export const redeemsCursor = (id: bigint): string => encode(`r:${id}`);

export function parseRedeemsCursor(cursor: string): bigint {
  const [kind, id, extra] = decode(cursor).split(':');
  if (kind !== 'r' || !UINT.test(id ?? '') || extra !== undefined) throw badCursor();
  return BigInt(id!);
}

export const actionsCursor = (actionId: string): string => encode(actionId);

export function parseActionsCursor(cursor: string): string {
  const id = decode(cursor);
  if (!isUuid(id)) throw badCursor();
  return id;
}

export const eventsCursor = (eventId: string): string => encode(`e:${eventId}`);

export function parseEventsCursor(cursor: string): string {
  const [kind, id, extra] = decode(cursor).split(':');
  if (kind !== 'e' || !isUuid(id ?? '') || extra !== undefined) throw badCursor();
  return id!;
}
