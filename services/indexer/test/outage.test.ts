// layouts: both
import { getIndexerState, listActivityEvents } from '@yv/db';
import {
  createTestDatabase,
  startTcpProxy,
  useDevnetVault,
  useTestDatabase,
  type TcpProxy,
} from '@yv/testkit';
import { deposit, eventually, syncTo, testIndexer, USDC } from './helpers';

const vault = useDevnetVault();
const db = useTestDatabase();
let proxy: TcpProxy;

beforeAll(async () => {
  proxy = await startTcpProxy(vault.rpcUrl);
});
afterAll(() => proxy.stop().catch(() => undefined));

test('the RPC down then back: health says so while it is down, and afterwards no gap and no duplicate', async () => {
  const chainId = vault.deployment.chainId;
  const state = async () => (await getIndexerState(db.pool, chainId))!;
  const indexer = testIndexer(vault, db, { rpcUrl: proxy.url });
  indexer.start();
  try {
    const first = await deposit(vault, vault.wallets[0]!, 10n * USDC);
    // The state row is written by the indexer's first step, which a loaded machine may not have taken yet.
    await eventually(
      async () => ((await getIndexerState(db.pool, chainId))?.cursorBlock ?? -1n) >= BigInt(first),
    );

    await proxy.stop();
    const during: number[] = [];
    for (const [i, wallet] of vault.wallets.slice(1, 4).entries())
      during.push(await deposit(vault, wallet, BigInt(20 + i) * USDC));
    await eventually(async () => !(await state()).rpcHealthy, 20_000);
    const down = await state();
    expect(down.rpcError).toEqual(expect.any(String));
    expect(down.cursorBlock).toBeLessThan(BigInt(during.at(-1)!));

    await proxy.start();
    const tip = during.at(-1)!;
    await eventually(async () => (await state()).cursorBlock >= BigInt(tip), 30_000);
    const up = await state();
    expect([up.rpcHealthy, up.rpcError]).toEqual([true, null]);
  } finally {
    await indexer.stop();
  }

  const tip = (await state()).cursorBlock;
  const reference = await createTestDatabase();
  try {
    await syncTo(testIndexer(vault, reference), reference.pool, chainId, Number(tip));
    const upToTip = async (pool: typeof db.pool) =>
      (await listActivityEvents(pool, chainId)).filter((e) => e.blockNumber <= tip);
    const rows = await upToTip(db.pool);
    expect(rows).toEqual(await upToTip(reference.pool));
    expect(rows.filter((e) => e.type === 'deposit')).toHaveLength(4);
  } finally {
    await reference.drop();
  }
});
