// layouts: both
import { Core__factory, NavSource__factory, Strategy__factory } from '@yv/contracts';
import { vaultDriver, vaultLayout, vaultStateFromJson, type VaultStateJson } from '@yv/chain';
import {
  latestGoodHlpSnapshot,
  latestHlpSnapshot,
  latestReadiness,
  latestVaultSnapshot,
  type Pool,
} from '@yv/db';
import {
  redisHeartbeatPublisher,
  startFixtureServer,
  USDC,
  type FixtureServer,
  type KeeperHeartbeat,
} from '@yv/devnet';
import { createTestDatabase, testRpcUrl, useDevnetVault, useTestDatabase, useTestRedis } from '@yv/testkit';
import {
  createWatcher,
  createWatcherMetrics,
  parseWatcherConfig,
  type Watcher,
  type WatcherConfig,
} from '../src';
import { readHeartbeats } from '../src/heartbeats';

const vault = useDevnetVault();
const db = useTestDatabase();
const redis = useTestRedis();
let fixture: FixtureServer;
const watchers: Watcher[] = [];

beforeAll(async () => {
  fixture = await startFixtureServer({ port: 0 });
});
afterEach(async () => {
  await Promise.all(watchers.splice(0).map((w) => w.stop()));
  fixture.setHlpMode('ok');
});
afterAll(() => fixture.close());

function config(env: Record<string, string> = {}): WatcherConfig {
  return parseWatcherConfig({
    DATABASE_URL: db.url,
    REDIS_URL: redis.url,
    RPC_URL: testRpcUrl(),
    MIGRATE_ON_START: '0',
    HLP_API_URL: fixture.hlpUrl,
    HLP_REQUEST_TIMEOUT_MS: '2000',
    KEEPER_HEARTBEAT_STREAM: `${redis.prefix}heartbeats`,
    KEEPER_HEARTBEAT_STALE_MS: '60000',
    VAULT_SNAPSHOT_INTERVAL_MS: '200',
    HEARTBEAT_BLOCK_MS: '100',
    LOCK_RETRY_MS: '100',
    LOG_LEVEL: 'error',
    ...env,
  });
}

function watcher(env?: Record<string, string>, pool?: Pool): Watcher {
  const created = createWatcher({
    config: config(env),
    deployment: vault.deployment,
    ...(pool ? { pool } : {}),
  });
  watchers.push(created);
  return created;
}

function heartbeat(change: Partial<KeeperHeartbeat> = {}): KeeperHeartbeat {
  return {
    service: 'keeper-simulator',
    keeper: vault.keeper.address,
    at: new Date().toISOString(),
    blockNumber: 1,
    ok: true,
    error: null,
    actions: { fulfilled: [], returnedToVault: '0', allocatedToStrategy: '0', yieldMinted: '0' },
    state: { totalAssets: '0', freeAssets: '0', strategyUsdc: '0', pendingRedemptions: 0 },
    ...change,
  };
}

const publish = (hb: KeeperHeartbeat) =>
  redisHeartbeatPublisher(redis.redis, `${redis.prefix}heartbeats`)(hb);

async function until<T>(probe: () => Promise<T | null | undefined | false>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('watcher', () => {
  it('stores a vault snapshot equal to the contracts’ own views after a deposit', async () => {
    const c = vault.deployment.contracts;
    const wallet = vault.wallets[0]!;
    const amount = 1_234n * USDC;
    await vaultDriver(vaultLayout(vault.deployment), wallet).approveAndDeposit(amount);

    await watcher({}, db.pool).runOnce();
    const row = await latestVaultSnapshot(db.pool, vault.deployment.chainId);
    const state = vaultStateFromJson(row!.state as VaultStateJson);
    const tag = { blockTag: Number(state.blockNumber) };
    const core = Core__factory.connect(c.core, vault.provider);
    const nav = NavSource__factory.connect(c.navSource, vault.provider);
    const strategy = Strategy__factory.connect(c.strategy, vault.provider);
    const block = await vault.provider.getBlock(Number(state.blockNumber));

    expect(row!.blockNumber).toBe(state.blockNumber);
    expect(state.blockTimestamp).toBe(BigInt(block!.timestamp));
    expect(row!.blockTimestamp.getTime()).toBe(block!.timestamp * 1000);
    expect(state.totalAssets).toBe(amount);
    expect(state.totalAssets).toBe(await core.totalAssets(tag));
    expect(state.totalSupply).toBe(await core.totalSupply(tag));
    expect(state.sharePrice).toBe(await core.sharePrice(tag));
    expect(state.maxTvl).toBe(await core.maxTvl(tag));
    expect(state.maxUserDeposit).toBe(await core.maxUserDeposit(tag));
    expect(state.globalDepositRoom).toBe(await core.globalDepositRoom(tag));
    expect(state.minimumDeposit).toBe(await core.minimumDeposit(tag));
    expect(state.recommendedOperationalMinimum).toBe(await core.recommendedOperationalMinimum(tag));
    expect(state.performanceFeeBps).toBe(await core.performanceFeeBps(tag));
    expect(state.managementFeeBps).toBe(await core.managementFeeBps(tag));
    expect(state.depositsPaused).toBe(await core.depositsPaused(tag));
    expect(state.vaultUsdc).toBe(await core.vaultUsdc(tag));
    expect(state.reservedAssets).toBe(await core.reservedAssets(tag));
    expect(state.instantRedeemCapacity).toBe(await core.instantRedeemCapacity(tag));
    expect(state.escrowedShares).toBe(await core.escrowedShares(tag));
    expect(state.keeper).toBe(await core.keeper(tag));
    expect(state.treasury).toBe(await core.treasury(tag));
    expect(state.navReportedAt).toBe(await nav.reportedAt(tag));
    const proof = await core.proof(tag);
    expect(state.proof.buckets.vaultUsdc).toBe(proof.vaultUsdc);
    expect(state.proof.buckets.strategyEvmUsdc).toBe(proof.strategyEvmUsdc);
    expect(state.proof.reconciliation.grossManagedAssets).toBe(proof.grossManagedAssets);
    expect(state.proof.reconciliation.reportedTotalAssets).toBe(proof.reportedTotalAssets);
    expect(state.proof.reconciliation.diff).toBe(proof.netShareholderAssets - proof.reportedTotalAssets);
    expect(state.wiring).toEqual({
      vaultStrategy: c.strategy,
      vaultNavSource: c.navSource,
      strategyVault: await strategy.vault(tag),
      strategyUsdc: c.usdc,
      strategyHlpVault: c.hlpVault,
      navStrategyAccount: c.strategy,
      navHlpVault: c.hlpVault,
      strategyKeeper: vault.keeper.address,
      navKeeper: vault.keeper.address,
    });
  });

  it('stores an HLP snapshot, and upstream faults are recorded without replacing it', async () => {
    const w = watcher({}, db.pool);
    await w.runOnce();
    const hlpVault = vault.deployment.contracts.hlpVault;
    const good = await latestGoodHlpSnapshot(db.pool, hlpVault);
    expect(good).toMatchObject({ ok: true, error: null });
    expect((good!.series as { points: unknown[] }).points.length).toBeGreaterThan(10);

    for (const mode of ['error', 'garbage'] as const) {
      fixture.setHlpMode(mode);
      await w.runOnce();
      const failed = await latestHlpSnapshot(db.pool, hlpVault);
      expect(failed).toMatchObject({ ok: false, series: null });
      expect(failed!.error).toMatch(mode === 'error' ? /HTTP 500/ : /must be/);
      expect((await latestGoodHlpSnapshot(db.pool, hlpVault))!.id).toBe(good!.id);
    }
    const failures = await w.metrics.hlpUpstreamFailures.get();
    expect(failures.values.map((v) => v.labels.reason).sort()).toEqual(['http_status', 'invalid']);
  });

  it('stores heartbeats; one from another address is invalid; a stale one clears deposits', async () => {
    const w = watcher({}, db.pool);
    await publish(heartbeat());
    let ready = await w.runOnce();
    const stored = await db.pool.query('SELECT * FROM keeper_heartbeats ORDER BY id');
    expect(stored.rows).toHaveLength(1);
    expect(stored.rows[0]).toMatchObject({ valid: true, problems: [], service: 'keeper-simulator' });
    expect(ready.reasonCodes).not.toContain('KEEPER_HEARTBEAT_STALE');
    expect(ready.reasonCodes).not.toContain('KEEPER_HEARTBEAT_INVALID');

    const impostor = vault.wallets[1]!.address;
    await publish(heartbeat({ keeper: impostor }));
    ready = await w.runOnce();
    const last = await db.pool.query('SELECT * FROM keeper_heartbeats ORDER BY id DESC LIMIT 1');
    expect(last.rows[0]).toMatchObject({ valid: false, keeper: impostor });
    expect(last.rows[0].problems[0]).toMatch(/is not the vault's keeper/);
    expect(ready.reasonCodes).toContain('KEEPER_HEARTBEAT_INVALID');
    expect(ready.deposits).toBe(false);

    // The keeper goes quiet: with a 1 s threshold, its last valid heartbeat turns stale.
    await publish(heartbeat());
    const strict = watcher({ KEEPER_HEARTBEAT_STALE_MS: '1000' }, db.pool);
    ready = await strict.runOnce();
    expect(ready.reasonCodes).not.toContain('KEEPER_HEARTBEAT_STALE');
    expect(ready.reasonCodes).not.toContain('KEEPER_HEARTBEAT_INVALID');
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    ready = await strict.runOnce();
    expect(ready.deposits).toBe(false);
    expect(ready.reasonCodes).toContain('KEEPER_HEARTBEAT_STALE');
    const row = await latestReadiness(db.pool);
    expect(row).toMatchObject({ deposits: false, reasonCodes: ready.reasonCodes });

    await publish(heartbeat());
    ready = await strict.runOnce();
    expect(ready.reasonCodes).not.toContain('KEEPER_HEARTBEAT_STALE');
    const count = await db.pool.query('SELECT count(*)::int AS n FROM keeper_heartbeats');
    expect(count.rows[0].n).toBe(4);
  });

  it('counts its age gauges from its own start while nothing is stored, so a silent keeper reads stale', async () => {
    const empty = await createTestDatabase();
    try {
      const w = watcher(
        {
          DATABASE_URL: empty.url,
          RPC_URL: 'http://127.0.0.1:1',
          RPC_TIMEOUT_MS: '500',
          KEEPER_HEARTBEAT_STREAM: `${redis.prefix}silent-keeper`,
        },
        empty.pool,
      );
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      await w.runOnce();
      const age = async (thing: string) =>
        (await w.metrics.service.registry.getSingleMetric(`svc_watcher_${thing}`)!.get()).values[0]!.value;
      expect(await age('heartbeat_age_seconds')).toBeGreaterThanOrEqual(1);
      expect(await age('snapshot_age_seconds')).toBeGreaterThanOrEqual(1);
    } finally {
      await empty.drop();
    }
  });

  it('records an RPC outage as RPC_UNHEALTHY and keeps going', async () => {
    const ready = await watcher({ RPC_URL: 'http://127.0.0.1:1', RPC_TIMEOUT_MS: '1000' }, db.pool).runOnce();
    expect(ready.reasonCodes).toContain('RPC_UNHEALTHY');
    expect(ready.display).toBe(false);
    expect(ready.deposits).toBe(false);
  });

  it('two watchers: one writer, the second takes over when the first stops', async () => {
    const first = watcher();
    const second = watcher();
    first.start();
    await until(async () => first.isWriter());
    second.start();
    const before = (await latestVaultSnapshot(db.pool, vault.deployment.chainId))!.id;
    await until(async () => (await latestVaultSnapshot(db.pool, vault.deployment.chainId))!.id > before);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(first.isWriter()).toBe(true);
    expect(second.isWriter()).toBe(false);

    await first.stop();
    await until(async () => second.isWriter(), 5_000);
    const handover = (await latestVaultSnapshot(db.pool, vault.deployment.chainId))!.id;
    await until(async () => (await latestVaultSnapshot(db.pool, vault.deployment.chainId))!.id > handover);
    expect(second.isWriter()).toBe(true);

    // The writer's blocking XREAD picks up a new heartbeat without any runOnce.
    const streamId = await redis.redis.xadd(
      `${redis.prefix}heartbeats`,
      '*',
      'service',
      'keeper-simulator',
      'at',
      new Date().toISOString(),
      'payload',
      JSON.stringify(heartbeat()),
    );
    await until(
      async () =>
        (await db.pool.query('SELECT 1 FROM keeper_heartbeats WHERE stream_id = $1', [streamId])).rowCount ===
        1,
    );
  });
  it('judges a heartbeat that came before the first vault snapshot only once the snapshot exists', async () => {
    const fresh = await createTestDatabase();
    // A stream of its own: the file's other tests left heartbeats (an impostor's among them) in the shared one.
    const stream = `${redis.prefix}early-heartbeats`;
    try {
      await redisHeartbeatPublisher(redis.redis, stream)(heartbeat());
      const early = {
        config: config({ KEEPER_HEARTBEAT_STREAM: stream }),
        deployment: vault.deployment,
        layout: vaultLayout(vault.deployment),
        pool: fresh.pool,
        provider: vault.provider,
        metrics: createWatcherMetrics(),
        log: () => undefined,
        hlpVaultAddress: vault.deployment.contracts.hlpVault,
        rpc: { healthy: true, error: null },
        startedAt: new Date(),
      };
      // The heartbeat loop reads before the snapshot loop has stored anything: the heartbeat is left for later.
      expect(await readHeartbeats(early, redis.redis)).toBe(0);
      expect((await fresh.pool.query('SELECT count(*)::int AS n FROM keeper_heartbeats')).rows[0].n).toBe(0);

      const readiness = await watcher({ KEEPER_HEARTBEAT_STREAM: stream }, fresh.pool).runOnce();
      const stored = await fresh.pool.query('SELECT valid FROM keeper_heartbeats');
      expect(stored.rows).toEqual([{ valid: true }]);
      expect(readiness.reasonCodes).not.toContain('KEEPER_HEARTBEAT_INVALID');
      expect(readiness.reasonCodes).not.toContain('KEEPER_HEARTBEAT_MISSING');
    } finally {
      await fresh.drop();
    }
  });
});
