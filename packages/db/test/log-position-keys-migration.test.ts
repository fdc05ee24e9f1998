import { randomBytes } from 'node:crypto';
import {
  deleteShareTransfersAbove,
  insertActivityEvents,
  insertShareTransfers,
  listShareBalances,
  runMigrations,
  type ActivityEventRow,
  type ShareTransferRow,
} from '../src';
import { revertThrough, useMigratedDatabase } from './temp-database';

/**
 * The migration that keys activity_events and share_transfers by (chain_id, block_number, log_index), on a database
 * already holding rows: none is lost either way, a replayed range still adds nothing, and a reorg's delete still
 * leaves every balance the sum of the transfers kept.
 */
const LOG_POSITION_KEYS = '20261128170000000_log-position-keys';
const db = useMigratedDatabase(1);
const { url } = db;

const migrate = (direction: 'up' | 'down') => runMigrations({ databaseUrl: url, direction, count: 1 });
const hex = (bytes: number): string => `0x${randomBytes(bytes).toString('hex')}`;
const [alice, bob] = [hex(20), hex(20)];
const ZERO = '0x0000000000000000000000000000000000000000';

/** A mint of `shares` to `to` at (block, logIndex), with the deposit that books it. */
function mint(block: bigint, logIndex: number, to: string, shares: bigint) {
  const txHash = hex(32);
  const activity: ActivityEventRow = {
    chainId: 999,
    txHash,
    logIndex: logIndex + 1,
    blockNumber: block,
    blockHash: hex(32),
    blockTimestamp: new Date('2026-11-28T12:00:00Z'),
    type: 'deposit',
    eventName: 'Deposit',
    wallet: to,
    owner: to,
    receiver: to,
    assetsRaw: shares,
    sharesRaw: shares,
    redeemId: null,
  };
  const transfer: ShareTransferRow = {
    chainId: 999,
    txHash,
    logIndex,
    blockNumber: block,
    from: ZERO,
    to,
    sharesRaw: shares,
  };
  return { activity, transfer };
}

const counts = async () =>
  (
    await db.pool.query<{ activity: number; transfers: number }>(
      `SELECT (SELECT count(*)::int FROM activity_events) AS activity,
              (SELECT count(*)::int FROM share_transfers) AS transfers`,
    )
  ).rows[0];

it('keeps every stored row both ways, and keys new ones by their block and log index', async () => {
  await revertThrough(url, LOG_POSITION_KEYS);
  const stored = [mint(10n, 0, alice, 5n), mint(10n, 2, bob, 7n), mint(11n, 0, alice, 1n)];
  // Written as the schema before the migration takes them: its insert named the old key.
  for (const { activity: a } of stored)
    await db.pool.query(
      `INSERT INTO activity_events (chain_id, tx_hash, log_index, block_number, block_hash, block_timestamp, type,
                                    event_name, wallet, owner, receiver, assets_raw, shares_raw)
       VALUES (999, $1, $2, $3, $4, $5, 'deposit', 'Deposit', $6, $6, $6, $7, $7)`,
      [
        a.txHash,
        a.logIndex,
        a.blockNumber.toString(),
        a.blockHash,
        a.blockTimestamp,
        a.wallet,
        a.sharesRaw.toString(),
      ],
    );
  await insertShareTransfers(
    db.pool,
    stored.map((m) => m.transfer),
  );

  expect(await migrate('up')).toEqual([LOG_POSITION_KEYS]);
  expect(await counts()).toEqual({ activity: 3, transfers: 3 });
  // The same logs again (a replayed range): nothing new, no balance counted twice.
  expect(
    await insertActivityEvents(
      db.pool,
      stored.map((m) => m.activity),
    ),
  ).toEqual(new Map());
  expect(
    await insertShareTransfers(
      db.pool,
      stored.map((m) => m.transfer),
    ),
  ).toBe(0);
  expect(await listShareBalances(db.pool, 999)).toEqual(
    new Map([
      [alice, 6n],
      [bob, 7n],
    ]),
  );

  // A transfer of block 12 out of alice, then block 12 orphaned: alice gets it back, bob loses it.
  const move: ShareTransferRow = { ...mint(12n, 0, bob, 2n).transfer, from: alice };
  await insertShareTransfers(db.pool, [move]);
  expect(await listShareBalances(db.pool, 999)).toEqual(
    new Map([
      [alice, 4n],
      [bob, 9n],
    ]),
  );
  await deleteShareTransfersAbove(db.pool, 999, 11n);
  expect(await listShareBalances(db.pool, 999)).toEqual(
    new Map([
      [alice, 6n],
      [bob, 7n],
    ]),
  );
  await deleteShareTransfersAbove(db.pool, 999, 10n);
  expect(await listShareBalances(db.pool, 999)).toEqual(
    new Map([
      [alice, 5n],
      [bob, 7n],
    ]),
  );
  await insertShareTransfers(db.pool, [stored[2]!.transfer]);

  expect(await migrate('down')).toEqual([LOG_POSITION_KEYS]);
  expect(await counts()).toEqual({ activity: 3, transfers: 3 });
  expect(await migrate('up')).toEqual([LOG_POSITION_KEYS]);
  expect(await counts()).toEqual({ activity: 3, transfers: 3 });
  expect(await listShareBalances(db.pool, 999)).toEqual(
    new Map([
      [alice, 6n],
      [bob, 7n],
    ]),
  );
});
