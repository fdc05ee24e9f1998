import {
  insertActivityEvents,
  listActivityPages,
  listRedemptionsPages,
  upsertRedemptions,
  type ActivityEventRow,
  type ActivityPageRequest,
  type RedemptionRow,
  type RedemptionsPageRequest,
} from '../src';
import { useMigratedDatabase } from './temp-database';

/** Many wallets' pages in one query: each page exactly what the wallet's own query would answer. */
const db = useMigratedDatabase(2);
const CHAIN = 999;
const wallets = ['0x' + 'a'.repeat(40), '0x' + 'b'.repeat(40), '0x' + 'c'.repeat(40)];
const [a, b, c] = wallets as [string, string, string];
const hash = (n: number) => '0x' + n.toString(16).padStart(64, '0');

function activity(
  n: number,
  block: number,
  log: number,
  wallet: string,
  type = 'deposit',
  receiver = wallet,
) {
  return {
    chainId: CHAIN,
    txHash: hash(n),
    logIndex: log,
    blockNumber: BigInt(block),
    blockHash: hash(block + 1_000_000),
    blockTimestamp: new Date(1_700_000_000_000 + block * 1000),
    type,
    eventName: type === 'transfer' ? 'Transfer' : 'Deposit',
    wallet,
    owner: wallet,
    receiver,
    assetsRaw: type === 'transfer' ? null : BigInt(n),
    sharesRaw: BigInt(n),
    redeemId: null,
  } satisfies ActivityEventRow;
}

function redemption(id: number, wallet: string): RedemptionRow {
  return {
    chainId: CHAIN,
    redeemId: BigInt(id),
    status: 'pending',
    wallet,
    owner: wallet,
    receiver: wallet,
    sharesRaw: BigInt(id),
    assetsRaw: null,
    requestedTxHash: hash(5_000 + id),
    fulfilledTxHash: null,
    claimedTxHash: null,
    cancelledTxHash: null,
    requestedAt: new Date(1_700_000_000_000),
    updatedAt: new Date(1_700_000_000_000),
  };
}

// a: its own deposits, and shares b sent it; b: its deposits and the transfers it sent; c: nothing.
const events: ActivityEventRow[] = [
  ...Array.from({ length: 6 }, (_, i) => activity(i + 1, 10 + i, 0, a)),
  activity(7, 12, 1, b, 'transfer', a),
  activity(8, 14, 3, b, 'transfer', a),
  ...Array.from({ length: 4 }, (_, i) => activity(20 + i, 11 + i, 2, b)),
];
const redemptions = [1, 2, 3, 4, 5].map((id) => redemption(id, id % 2 ? a : b));

/** A wallet's page the plain way: its own rows and transfers it received, newest first, before `after`. */
function expectedActivity(r: ActivityPageRequest): ActivityEventRow[] {
  const key = (e: ActivityEventRow) => e.blockNumber * 1_000n + BigInt(e.logIndex);
  const after = r.after ? r.after.blockNumber * 1_000n + BigInt(r.after.logIndex) : null;
  return events
    .filter((e) => e.wallet === r.wallet || (e.type === 'transfer' && e.receiver === r.wallet))
    .filter((e) => after === null || key(e) < after)
    .sort((x, y) => Number(key(y) - key(x)))
    .slice(0, r.limit);
}

beforeAll(async () => {
  await insertActivityEvents(db.pool, events);
  await upsertRedemptions(db.pool, redemptions);
});

describe('listActivityPages', () => {
  it("answers each request its wallet's own page, in the requests' order", async () => {
    const requests: ActivityPageRequest[] = [
      { wallet: a, after: null, limit: 3 },
      { wallet: c, after: null, limit: 5 },
      { wallet: b, after: null, limit: 10 },
      { wallet: a, after: { blockNumber: 14n, logIndex: 0 }, limit: 4 },
      { wallet: a, after: { blockNumber: 12n, logIndex: 1 }, limit: 10 },
    ];
    const pages = await listActivityPages(db.pool, CHAIN, requests);
    expect(pages).toEqual(requests.map(expectedActivity));
    expect(pages.map((p) => p.length)).toEqual([3, 0, 6, 4, 3]);
  });

  it('answers nothing for no requests', async () => {
    expect(await listActivityPages(db.pool, CHAIN, [])).toEqual([]);
  });
});

describe('listRedemptionsPages', () => {
  it("answers each request its wallet's redemptions, newest first, below afterId", async () => {
    const requests: RedemptionsPageRequest[] = [
      { wallet: b, afterId: null, limit: 10 },
      { wallet: a, afterId: 5n, limit: 1 },
      { wallet: c, afterId: null, limit: 10 },
      { wallet: a, afterId: null, limit: 10 },
    ];
    const pages = await listRedemptionsPages(db.pool, CHAIN, requests);
    expect(pages.map((p) => p.map((r) => r.redeemId))).toEqual([[4n, 2n], [3n], [], [5n, 3n, 1n]]);
    expect(pages[3]![0]).toEqual(redemptions[4]);
  });
});
