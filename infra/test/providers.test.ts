// layouts: both
/**
 * The provider realism suite (issue 53; `pnpm providers` runs it alone, and it is part of the main run). One chain
 * of the file's own carries deposits and share transfers spread over about 1,200 blocks; a clean index of it is made
 * straight from the node. Then, one row per behaviour of a hosted JSON-RPC provider and one with all of them at once,
 * the indexer follows the same chain from its start through a proxy that behaves so (support/provider-proxy.ts), and
 * the row counts: tables identical to the clean index (compared table by table), halts and the seconds to catch up. Error texts and codes are the providers' own, as their users have reported them.
 */
import type { Pool } from '../../packages/db/src';
import { createTestDatabase, usePrivateDevnetVault, type TestDatabase } from '../../packages/testkit/src';
import { contractsOf, deposit, testIndexer, USDC } from '../../services/indexer/test/helpers';
import { startProviderProxy, type ProviderBehaviour } from './support/provider-proxy';
import { textTable } from './support/table';

jest.setTimeout(600_000);

const v = usePrivateDevnetVault({}, { blockIntervalMs: 0 });
const CONFIRMATIONS = 2;
/**
 * The tables of what the chain holds; columns that say when a row was written are left out. indexed_blocks is not
 * among them: it keeps the few blocks around the head the node last reported, which a follower behind a lagging
 * backend reads a block or two apart.
 */
const TABLES = ['activity_events', 'redemptions', 'share_balances', 'share_transfers'];
const WRITE_TIMES = new Set(['created_at', 'updated_at', 'indexed_at']);
const CATCH_UP_LIMIT_MS = 120_000;

const hexRange = (from: number, to: number) => `[0x${from.toString(16)}, 0x${to.toString(16)}]`;
const ALCHEMY_RANGE = (from: number) => ({
  code: -32602,
  message: `Log response size exceeded. You can make eth_getLogs requests with up to a 2K block range and no limit on the response size, or you can request any block range with a cap of 10K logs in the response. Based on your parameters and the response size limit, this block range should work: ${hexRange(from, from + 299)}`,
});

const ROWS: [string, ProviderBehaviour][] = [
  ['clean passthrough', {}],
  [
    'range cap 300, Alchemy -32602 "Log response size exceeded"',
    { rangeCap: { maxBlocks: 300, error: ALCHEMY_RANGE } },
  ],
  [
    'range cap 200, BlockPI -32602 "eth_getLogs is limited to 1024 block range"',
    {
      rangeCap: {
        maxBlocks: 200,
        error: () => ({
          code: -32602,
          message: 'eth_getLogs is limited to 1024 block range. Please check the parameter requirements',
        }),
      },
    },
  ],
  [
    'range cap 250, free tier 35 "ranges over 10000 blocks are not supported"',
    {
      rangeCap: {
        maxBlocks: 250,
        error: () => ({ code: 35, message: 'ranges over 10000 blocks are not supported on freetier' }),
      },
    },
  ],
  [
    'range cap 400, thirdweb "Maximum allowed number of requested blocks is 1000"',
    {
      rangeCap: {
        maxBlocks: 400,
        error: () => ({ code: -32005, message: 'Maximum allowed number of requested blocks is 1000' }),
      },
    },
  ],
  [
    'range cap 500, -32603 "eth_getLogs range is too large, max is 1k blocks"',
    {
      rangeCap: {
        maxBlocks: 500,
        error: () => ({ code: -32603, message: 'eth_getLogs range is too large, max is 1k blocks' }),
      },
    },
  ],
  [
    'result cap 4 logs, Infura -32005 "query returned more than 10000 results"',
    {
      resultCap: {
        maxLogs: 4,
        error: (from, to) => ({
          code: -32005,
          message: `query returned more than 10000 results. Try with this block range ${hexRange(from, Math.floor((from + to) / 2))}.`,
        }),
      },
    },
  ],
  [
    'result cap 6 logs, reth -32602 "query exceeds max results 20000"',
    {
      resultCap: {
        maxLogs: 6,
        error: (from, to) => ({
          code: -32602,
          message: `query exceeds max results 20000, retry with the range ${from}-${Math.floor((from + to) / 2)}`,
        }),
      },
    },
  ],
  ['429 on 1 request in 4, Retry-After: 1', { rateLimit: { every: 4, retryAfter: true } }],
  ['429 on 1 request in 4, no Retry-After', { rateLimit: { every: 4, retryAfter: false } }],
  ['two backends round-robin, heads 1-5 blocks apart', { splitHeads: { maxLag: 5 } }],
  ["a fresh block's logs missing on the first ask", { freshLogsMissing: true }],
  ['1 answer in 5 truncated', { truncateEvery: 5 }],
  ['answers over 16 KB refused 413', { oversizeBytes: 16_384 }],
  ['1 request in 10 stalled 5 s', { stall: { every: 10, ms: 5_000 } }],
];
// Every behaviour at once, at rates a follower still gets through in the row's time: stalls and result caps rarer.
ROWS.push([
  'all at once (stalls 1 in 25, result cap 20 logs)',
  Object.assign({}, ...ROWS.slice(1).map(([, behaviour]) => behaviour), {
    rangeCap: { maxBlocks: 300, error: ALCHEMY_RANGE },
    resultCap: { ...ROWS[6]![1].resultCap!, maxLogs: 20 },
    stall: { every: 25, ms: 5_000 },
  }) as ProviderBehaviour,
]);

interface Row {
  behaviour: string;
  identical: string;
  halts: number;
  catchUpSec: number;
  touched: string;
}

const table: Row[] = [];
let target = 0;
let clean: Record<string, string[]>;

async function tablesOf(pool: Pool): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const name of TABLES) {
    const { rows } = await pool.query<Record<string, unknown>>(`SELECT * FROM ${name}`);
    out[name] = rows
      .map((row) =>
        JSON.stringify(
          Object.fromEntries(Object.entries(row).filter(([column]) => !WRITE_TIMES.has(column))),
        ),
      )
      .sort();
  }
  return out;
}

async function stateOf(pool: Pool) {
  const { rows } = await pool.query<{ cursor_block: string; halted_reason: string | null }>(
    'SELECT cursor_block, halted_reason FROM indexer_state',
  );
  return { cursor: rows[0] ? Number(rows[0].cursor_block) : -1, halted: rows[0]?.halted_reason ?? null };
}

/** Follows the chain through `rpcUrl` into a new database until the cursor reaches the target; the row's figures. */
async function follow(rpcUrl: string, db: TestDatabase) {
  const indexer = testIndexer(v, db, { rpcUrl, confirmations: CONFIRMATIONS });
  const started = Date.now();
  let halts = 0;
  indexer.start();
  try {
    for (;;) {
      const state = await stateOf(db.pool);
      if (state.halted) {
        halts += 1;
        break;
      }
      if (state.cursor >= target || Date.now() - started > CATCH_UP_LIMIT_MS) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    await indexer.stop();
  }
  return { halts, catchUpSec: (Date.now() - started) / 1000 };
}

beforeAll(async () => {
  const wallets = v.wallets.slice(0, 4);
  const mine = async (blocks: number) => {
    for (let i = 0; i < blocks; i++) await v.provider.send('evm_mine', []);
  };
  for (let round = 0; round < 6; round++) {
    for (const [i, wallet] of wallets.entries()) await deposit(v, wallet, BigInt(10 + round + i) * USDC);
    await (
      await contractsOf(v, wallets[round % 4]!).share.transfer(wallets[(round + 1) % 4]!.address, 1_000n)
    ).wait();
    await mine(190);
  }
  await mine(CONFIRMATIONS + 1);
  target = (await v.provider.getBlockNumber()) - CONFIRMATIONS;
  const db = await createTestDatabase();
  try {
    const result = await follow(v.rpcUrl, db);
    if (result.halts > 0) throw new Error('the clean index halted');
    clean = await tablesOf(db.pool);
  } finally {
    await db.drop();
  }
  expect(clean.activity_events!.length).toBeGreaterThanOrEqual(30);
});

afterAll(() => {
  const head = ['behaviour', 'tables identical', 'halts', 'catch-up s', 'provider answered'];
  const lines = table.map((r) => [
    r.behaviour,
    r.identical,
    String(r.halts),
    r.catchUpSec.toFixed(1),
    r.touched,
  ]);
  console.log(textTable(head, lines));
});

it.each(ROWS)(
  '%s: the index is identical to a clean one, no halt, caught up',
  async (behaviour, settings) => {
    const proxy = await startProviderProxy(v.rpcUrl, settings);
    const db = await createTestDatabase();
    try {
      const result = await follow(proxy.url, db);
      const tables = await tablesOf(db.pool);
      const differing = TABLES.filter((name) => JSON.stringify(tables[name]) !== JSON.stringify(clean[name]));
      const { 'http requests': requests, ...touched } = proxy.counts;
      table.push({
        behaviour,
        identical: differing.length === 0 ? `all ${TABLES.length}` : `not: ${differing.join(', ')}`,
        ...result,
        touched: `${requests ?? 0} requests; ${
          Object.entries(touched)
            .map(([what, n]) => `${what} ${n}`)
            .join(', ') || '-'
        }`,
      });
      expect({ differing, halts: result.halts, caughtUp: (await stateOf(db.pool)).cursor >= target }).toEqual(
        {
          differing: [],
          halts: 0,
          caughtUp: true,
        },
      );
    } finally {
      await proxy.close();
      await db.drop();
    }
  },
);
