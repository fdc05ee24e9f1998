// layouts: both
import { createTestDatabase, useDevnetVault, useTestDatabase, type TestDatabase } from '@yv/testkit';
import {
  getIndexerState,
  listActivityEvents,
  listRedemptions,
  listShareBalances,
  rewindCursor,
  type Pool,
} from '@yv/db';
import { contractsOf, deposit, eventually, mined, syncTo, testIndexer, USDC } from './helpers';

const vault = useDevnetVault();
const db = useTestDatabase();
let tip = 0;

async function snapshotOf(pool: Pool) {
  const chainId = vault.deployment.chainId;
  return {
    activity: await listActivityEvents(pool, chainId),
    redemptions: await listRedemptions(pool, chainId),
    balances: await listShareBalances(pool, chainId),
  };
}

beforeAll(async () => {
  for (const [i, wallet] of vault.wallets.slice(0, 4).entries()) {
    await deposit(vault, wallet, BigInt(100 + i) * USDC);
    tip = (await contractsOf(vault, wallet).vault.requestRedeem(10n ** 12n)).receipt.blockNumber;
  }
  tip = await mined(
    contractsOf(vault, vault.wallets[0]!).share.transfer(vault.wallets[5]!.address, 10n ** 12n),
  );
});

test('stopping mid-backfill and starting a new indexer gives the same rows as an uninterrupted run; a replay adds nothing', async () => {
  const chainId = vault.deployment.chainId;
  const first = testIndexer(vault, db, { maxBlockRange: 2 });
  for (let i = 0; i < 3; i++) expect((await first.runOnce()).type).toBe('batch');
  const midway = await getIndexerState(db.pool, chainId);
  expect(midway!.cursorBlock).toBeLessThan(BigInt(tip));
  await syncTo(testIndexer(vault, db, { maxBlockRange: 3 }), db.pool, chainId, tip);

  const reference: TestDatabase = await createTestDatabase();
  try {
    await syncTo(testIndexer(vault, reference), reference.pool, chainId, tip);
    const resumed = await snapshotOf(db.pool);
    const expected = await snapshotOf(reference.pool);
    const upToTip = <T extends { blockNumber: bigint }>(rows: T[]) =>
      rows.filter((r) => r.blockNumber <= BigInt(tip));
    expect(upToTip(resumed.activity)).toEqual(upToTip(expected.activity));
    expect(resumed.activity.filter((e) => e.type === 'deposit')).toHaveLength(4);
    expect(resumed.redemptions).toEqual(expected.redemptions);
    expect(resumed.balances).toEqual(expected.balances);

    await rewindCursor(db.pool, chainId, BigInt(vault.deployment.startBlock) - 1n);
    await syncTo(testIndexer(vault, db), db.pool, chainId, tip);
    expect(await snapshotOf(db.pool)).toEqual(resumed);
  } finally {
    await reference.drop();
  }
});

test('two indexers at once: one writes, each row once; the other takes over when the first stops', async () => {
  const chainId = vault.deployment.chainId;
  const one = testIndexer(vault, db);
  const two = testIndexer(vault, db);
  one.start();
  two.start();
  try {
    await eventually(async () => one.isLeader || two.isLeader);
    expect(one.isLeader && two.isLeader).toBe(false);
    const block = await deposit(vault, vault.wallets[6]!, 70n * USDC);
    await eventually(
      async () => ((await getIndexerState(db.pool, chainId))?.cursorBlock ?? -1n) >= BigInt(block),
    );
    const [leader, standby] = one.isLeader ? [one, two] : [two, one];
    await leader.stop();
    await eventually(async () => standby.isLeader, 10_000);
    const next = await deposit(vault, vault.wallets[7]!, 80n * USDC);
    await eventually(async () => (await getIndexerState(db.pool, chainId))!.cursorBlock >= BigInt(next));
    const activity = await listActivityEvents(db.pool, chainId);
    const keys = activity.map((e) => `${e.txHash}:${e.logIndex}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(activity.filter((e) => e.type === 'deposit')).toHaveLength(6);
  } finally {
    await one.stop();
    await two.stop();
  }
});
