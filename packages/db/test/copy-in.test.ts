import { randomBytes } from 'node:crypto';
import {
  copyActivityEvents,
  copyShareTransfers,
  insertShareTransfers,
  listActivityEvents,
  listShareBalances,
  withTransaction,
  type ActivityEventRow,
  type ShareTransferRow,
} from '../src';
import { copyIn } from '../src/copy-in';
import { useMigratedDatabase } from './temp-database';

const db = useMigratedDatabase(2);

const hex = (bytes: number): string => `0x${randomBytes(bytes).toString('hex')}`;
const ZERO = '0x0000000000000000000000000000000000000000';

beforeAll(async () => {
  await db.pool.query('CREATE TABLE copied (id int PRIMARY KEY, body text, amount numeric(78,0))');
});
beforeEach(async () => {
  await db.pool.query('TRUNCATE copied, activity_events, share_transfers, share_balances');
});

const copied = async () =>
  (
    await db.pool.query<{ id: number; body: string | null; amount: string | null }>(
      'SELECT * FROM copied ORDER BY id',
    )
  ).rows;

describe('copyIn', () => {
  it('stores every row as given: tabs, newlines, backslashes and NULL included, bigints whole', async () => {
    const tricky = 'a\tb\nc\\d\re \\N';
    const n = await withTransaction(db.pool, (tx) =>
      copyIn(
        tx,
        'copied',
        ['id', 'body', 'amount'],
        [
          [1, tricky, 2n ** 255n],
          [2, null, null],
          [3, '\\N', 0n],
        ],
      ),
    );
    expect(n).toBe(3);
    expect(await copied()).toEqual([
      { id: 1, body: tricky, amount: (2n ** 255n).toString() },
      { id: 2, body: null, amount: null },
      { id: 3, body: '\\N', amount: '0' },
    ]);
  });

  it('fails whole with 23505 on a row already stored, and leaves the client in step for its next statement', async () => {
    await db.pool.query("INSERT INTO copied VALUES (2, 'stored', 1)");
    const client = await db.pool.connect();
    try {
      await client.query('BEGIN');
      const rows = [
        [1, 'new'],
        [2, 'again'],
      ];
      await expect(copyIn(client, 'copied', ['id', 'body'], rows)).rejects.toMatchObject({ code: '23505' });
      await client.query('ROLLBACK');
      expect((await client.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    } finally {
      client.release();
    }
    expect(await copied()).toEqual([{ id: 2, body: 'stored', amount: '1' }]);
  });

  it('sends nothing for no rows', async () => {
    const client = await db.pool.connect();
    try {
      expect(await copyIn(client, 'no_such_table', ['id'], [])).toBe(0);
    } finally {
      client.release();
    }
  });
});

function activity(type: string, wallet: string, logIndex: number): ActivityEventRow {
  return {
    chainId: 999,
    txHash: hex(32),
    logIndex,
    blockNumber: 7n,
    blockHash: hex(32),
    blockTimestamp: new Date('2026-11-29T03:00:00Z'),
    type,
    eventName: type === 'deposit' ? 'Deposit' : 'RedeemRequested',
    wallet,
    owner: wallet,
    receiver: wallet,
    assetsRaw: type === 'deposit' ? 5n * 10n ** 6n : null,
    sharesRaw: 4n * 10n ** 18n,
    redeemId: type === 'deposit' ? null : 2n ** 200n,
  };
}

describe('copyActivityEvents', () => {
  it('stores the rows as the skipping insert does, and counts them per type', async () => {
    const [alice, bob] = [hex(20), hex(20)];
    const rows = [
      activity('deposit', alice, 0),
      activity('redeem_requested', bob, 1),
      activity('deposit', bob, 2),
    ];
    const perType = await withTransaction(db.pool, (tx) => copyActivityEvents(tx, rows));
    expect(perType).toEqual(
      new Map([
        ['deposit', 2],
        ['redeem_requested', 1],
      ]),
    );
    expect(await listActivityEvents(db.pool, 999)).toEqual([...rows].reverse());
  });
});

describe('copyShareTransfers', () => {
  const [alice, bob, carol] = [hex(20), hex(20), hex(20)];
  let logIndex = 0;
  const transfer = (from: string, to: string, sharesRaw: bigint): ShareTransferRow => ({
    chainId: 999,
    txHash: hex(32),
    logIndex: logIndex++,
    blockNumber: 9n,
    from,
    to,
    sharesRaw,
  });
  // Every row, those at 0 too: a holder whose transfers sum to 0 still has one.
  const balanceRows = async () =>
    (await db.pool.query('SELECT chain_id, wallet, shares_raw FROM share_balances ORDER BY wallet')).rows;
  // Mints, a burn, a transfer to oneself and one that leaves its sender at 0: balances as the skipping insert adds them.
  const transfers = () => [
    transfer(ZERO, alice, 100n),
    transfer(ZERO, bob, 2n ** 250n),
    transfer(alice, bob, 30n),
    transfer(bob, bob, 5n),
    transfer(alice, carol, 70n),
    transfer(carol, ZERO, 70n),
  ];

  it('adds the transfers to their holders as insertShareTransfers does', async () => {
    const rows = transfers();
    expect(await withTransaction(db.pool, (tx) => copyShareTransfers(tx, rows))).toBe(rows.length);
    const copiedBalances = await balanceRows();
    await db.pool.query('TRUNCATE share_transfers, share_balances');
    await insertShareTransfers(db.pool, rows);
    expect(copiedBalances).toEqual(await balanceRows());
    expect(await listShareBalances(db.pool, 999)).toEqual(new Map([[bob, 2n ** 250n + 30n]]));
  });

  it('adds to balances already stored, and stores nothing when a transfer is stored already', async () => {
    const [first, ...rest] = transfers();
    await insertShareTransfers(db.pool, [first!]);
    await withTransaction(db.pool, (tx) => copyShareTransfers(tx, rest));
    const after = await listShareBalances(db.pool, 999);
    expect(after).toEqual(new Map([[bob, 2n ** 250n + 30n]]));
    await expect(withTransaction(db.pool, (tx) => copyShareTransfers(tx, [first!]))).rejects.toMatchObject({
      code: '23505',
    });
    expect(await listShareBalances(db.pool, 999)).toEqual(after);
  });
});
