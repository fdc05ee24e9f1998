// layouts: both
import request from 'supertest';
import type { HDNodeWallet as Wallet } from 'ethers';
import { createChainProvider } from '@yv/chain';
import { insertReadiness, listActivityEvents, listRedemptions } from '@yv/db';
import { redisHeartbeatPublisher, startFixtureServer, type FixtureServer } from '@yv/devnet';
import { startTcpProxy, useDevnetVault, useTestDatabase, useTestRedis } from '@yv/testkit';
import type { Watcher } from '../../watcher/src';
import { contractsOf, deposit, mined, syncTo, testIndexer, USDC } from '../../indexer/test/helpers';
import { expectValid, readsApp, readsWatcher, type ReadsApp } from './reads-helpers';
import { accounting, layoutOf, onChainRedemption } from './support/vault';

const vault = useDevnetVault();
const db = useTestDatabase();
const redis = useTestRedis();
let fixture: FixtureServer;
let watcher: Watcher;
let gw: ReadsApp;
let alice: Wallet;
let bob: Wallet;
let lastBlock = 0;

const get = (path: string) => request(gw.app).get(path);

beforeAll(async () => {
  fixture = await startFixtureServer({ port: 0 });
  watcher = readsWatcher(vault, db, redis, fixture.hlpUrl);
  [alice, bob] = vault.wallets as [Wallet, Wallet];
  gw = readsApp(vault, db.pool);

  // Deposits, a queued redemption fulfilled and claimed, one left pending, an instant redeem, a transfer.
  await deposit(vault, alice, 1_000n * USDC);
  await deposit(vault, bob, 250n * USDC);
  const asAlice = contractsOf(vault, alice);
  const shares = await asAlice.share.balanceOf(alice.address);
  const { id: claimedId } = await asAlice.vault.requestRedeem(shares / 4n);
  await contractsOf(vault, vault.keeper).vault.fulfillRedeem(claimedId);
  await asAlice.vault.claimRedeem(claimedId, alice.address);
  await asAlice.vault.requestRedeem(shares / 8n);
  await asAlice.vault.redeemInstant(shares / 16n, 0n, alice.address);
  lastBlock = await mined(asAlice.share.transfer(bob.address, shares / 16n));

  await redisHeartbeatPublisher(
    redis.redis,
    `${redis.prefix}heartbeats`,
  )({
    service: 'keeper-simulator',
    keeper: vault.keeper.address,
    at: new Date().toISOString(),
    blockNumber: lastBlock,
    ok: true,
    error: null,
    actions: { fulfilled: [], returnedToVault: '0', allocatedToStrategy: '0', yieldMinted: '0' },
    state: { totalAssets: '0', freeAssets: '0', strategyUsdc: '0', pendingRedemptions: 0 },
  });
  await syncTo(testIndexer(vault, db), db.pool, vault.deployment.chainId, lastBlock);
  await watcher.runOnce();
  // The first pass stored the snapshot the heartbeat is checked against; the second stores a valid heartbeat.
  await watcher.runOnce();
});

afterAll(async () => {
  await watcher?.stop();
  await fixture?.close();
});

describe('reads against the devnet, the watcher and the indexer', () => {
  it('serves a bootstrap whose every section equals the contracts’ own views and the indexed records', async () => {
    const res = await get(`/api/v1/bootstrap?wallet=${alice.address}&unknown=1`).expect(200);
    expectValid('BootstrapResponse', res.body);
    const { data, meta } = res.body;
    expect(data.errors).toEqual({});
    expect(data.wallet).toBe(alice.address);

    const c = vault.deployment.contracts;
    const core = accounting(vault.deployment, vault.provider);
    const atSnapshot = { blockTag: Number(meta.sections.vault.blockNumber) };
    const proof = await core.proof(atSnapshot);
    const v = data.vault;
    expect(v.analytics.tvl.raw).toBe((await core.totalAssets(atSnapshot)).toString());
    expect(v.analytics.totalSupply.raw).toBe((await core.totalSupply(atSnapshot)).toString());
    expect(v.analytics.sharePrice.raw).toBe((await core.sharePrice(atSnapshot)).toString());
    expect(v.caps.maxTvl.raw).toBe((await core.maxTvl(atSnapshot)).toString());
    expect(v.caps.globalDepositRoom.raw).toBe((await core.globalDepositRoom(atSnapshot)).toString());
    expect(v.liquidity.instantRedeemCapacity.raw).toBe(
      (await core.instantRedeemCapacity(atSnapshot)).toString(),
    );
    expect(v.liquidity.escrowedShares.raw).toBe((await core.escrowedShares(atSnapshot)).toString());
    expect(v.liquidity.reservedAssets.raw).toBe((await core.reservedAssets(atSnapshot)).toString());
    expect(v.fees.performanceFeeBps).toBe(Number(await core.performanceFeeBps(atSnapshot)));
    for (const bucket of Object.keys(v.proof.buckets))
      expect([bucket, v.proof.buckets[bucket].raw]).toEqual([
        bucket,
        proof[bucket as 'vaultUsdc'].toString(),
      ]);
    const r = v.proof.reconciliation;
    expect(r.netShareholderAssets.raw).toBe(proof.netShareholderAssets.toString());
    expect(BigInt(r.grossManagedAssets.raw) - BigInt(r.reservedLiabilities.raw)).toBe(
      BigInt(r.netShareholderAssets.raw),
    );
    expect(r.diff.raw).toBe((proof.reportedTotalAssets - proof.netShareholderAssets).toString());
    expect(v.capabilities).toEqual({
      deposit: true,
      instantRedeem: true,
      asyncRedeem: true,
      fulfillRedeem: true,
      claimRedeem: true,
      cancelRedeem: true,
    });
    expect(new Date(meta.sections.vault.updatedAt).getTime()).toBe(
      (await vault.provider.getBlock(atSnapshot.blockTag))!.timestamp * 1000,
    );

    expect(data.config.deposit.minimumDeposit.raw).toBe((await core.minimumDeposit(atSnapshot)).toString());
    expect(data.config.deposit.recommendedOperationalMinimum.raw).toBe(
      (await core.recommendedOperationalMinimum(atSnapshot)).toString(),
    );
    expect(data.config.contracts.core).toBe(c.core);
    expect(data.config.deposit.funding.destination.token.address).toBe(c.usdc);
    expect(data.config.deposit.funding.sourceNetworks.map((n: { chainId: number }) => n.chainId)).toEqual([
      1, 42161, 8453, 10, 137, 43114, 792703809,
    ]);

    const atPosition = { blockTag: Number(meta.sections.position.blockNumber) };
    const { usdc, share } = contractsOf(vault, alice);
    const p = data.position;
    expect(p.balances.usdc.raw).toBe((await usdc.balanceOf(alice.address, atPosition)).toString());
    expect(p.balances.shares.raw).toBe((await share.balanceOf(alice.address, atPosition)).toString());
    expect(p.balances.shareValue.raw).toBe((await core.shareValueOf(alice.address, atPosition)).toString());
    expect(p.allowance.vaultUsdc.raw).toBe(
      (await usdc.allowance(alice.address, layoutOf(vault.deployment).depositSpender, atPosition)).toString(),
    );
    expect(p.limits.maxDeposit.raw).toBe((await core.maxDeposit(alice.address, atPosition)).toString());
    // A position's maxRedeem is every share held (redeemable instantly or queued), its maxWithdraw what an instant
    // redemption of them could pay now: svc-pipe-v2's Core.maxRedeem/maxWithdraw, spelled out so the check holds on
    // svc-vault-v3 too, where those names are ERC-7540's claimable amounts.
    const held = await share.balanceOf(alice.address, atPosition);
    const [heldValue, capacity] = [
      await core.convertToAssets(held, atPosition),
      await core.instantRedeemCapacity(atPosition),
    ];
    expect(p.limits.maxRedeem.raw).toBe(held.toString());
    expect(p.limits.maxWithdraw.raw).toBe((heldValue < capacity ? heldValue : capacity).toString());
    expect(data.gas.balance).toBe(
      (await vault.provider.getBalance(alice.address, atPosition.blockTag)).toString(),
    );
    expect(data.gas.needsGas).toBe(false);

    const records = await listRedemptions(db.pool, vault.deployment.chainId, {
      wallet: alice.address.toLowerCase(),
    });
    expect(records.length).toBe(2);
    expect(data.redeems.available).toBe(true);
    expect(p.redeemsAvailable).toBe(true);
    expect(data.redeems.redeems).toEqual(p.redeems);
    expect(data.redeems.redeems.map((x: { id: string; status: string }) => [x.id, x.status])).toEqual(
      records.map((x) => [x.redeemId.toString(), x.status]),
    );
    for (const served of data.redeems.redeems) {
      const onChain = await onChainRedemption(vault.provider, vault.deployment, served.id);
      expect(served.status).toBe(onChain.status);
      expect(served.shares.raw).toBe(onChain.shares.toString());
      // Fixed once fulfilled; while pending the shares at the share price (no keeper runs here: the price holds).
      const price = await accounting(vault.deployment, vault.provider).sharePrice();
      const worth = (onChain.shares * price) / 10n ** BigInt(served.shares.decimals);
      expect([served.assets.raw, served.assetsEstimate]).toEqual(
        served.status === 'pending' ? [worth.toString(), true] : [onChain.assets.toString(), false],
      );
    }
    const events = await listActivityEvents(db.pool, vault.deployment.chainId, {
      wallet: alice.address.toLowerCase(),
    });
    expect(data.activity.events.map((e: { txHash: string; type: string }) => [e.txHash, e.type])).toEqual(
      events.map((e) => [e.txHash, e.type]),
    );
    expect(data.activity.events.map((e: { type: string }) => e.type)).toEqual([
      'transfer',
      'redeem_instant',
      'redeem_requested',
      'redeem_claimed',
      'redeem_fulfilled',
      'redeem_requested',
      'deposit',
    ]);

    expect(data.hlp.vault.rateKind).toBe('apy');
    expect(data.hlp.vault.apyPct).toBe(data.hlp.signaliteProjected.displayApyPct);
    expect(data.health.api).toBe('ok');
    expect(data.health.indexer.rpcHealthy).toBe(true);
    expect(Number(data.health.indexer.cursorBlock)).toBeGreaterThanOrEqual(lastBlock);
    expect(data.health.keeper.ok).toBe(true);
  });

  it('serves bootstrap a compact HLP series with the same figures as /hlp, which keeps them daily', async () => {
    const boot = (await get('/api/v1/bootstrap').expect(200)).body.data.hlp;
    const full = (await get('/api/v1/hlp').expect(200)).body.data;
    // The fixture holds 420 days: /hlp publishes every day, bootstrap at most 60 points (about weekly).
    expect(full.tvl.series.length).toBeGreaterThan(400);
    expect(boot.tvl.series.length).toBeLessThanOrEqual(61);
    expect(boot.pnl.series.length).toBeLessThanOrEqual(61);
    expect(boot.returns.rolling30d.series.length).toBeLessThanOrEqual(61);
    expect(boot.tvl.series.at(-1)).toEqual(full.tvl.series.at(-1));
    expect(boot.vault).toEqual(full.vault);
    expect(boot.signaliteProjected).toEqual(full.signaliteProjected);
    expect(boot.returns.windows).toEqual(full.returns.windows);
  });

  it('serves every separate read in its schema', async () => {
    const reads: [string, Parameters<typeof expectValid>[0]][] = [
      ['/api/v1/config', 'ConfigResponse'],
      ['/api/v1/health', 'HealthResponse'],
      ['/api/v1/vault', 'VaultResponse'],
      ['/api/v1/hlp', 'HlpResponse'],
      ['/api/v1/bootstrap', 'BootstrapResponse'],
      [`/api/v1/wallets/${bob.address}/position`, 'PositionResponse'],
      [`/api/v1/wallets/${bob.address}/activity`, 'ActivityResponse'],
      [`/api/v1/wallets/${alice.address.toLowerCase()}/redeems?limit=1`, 'RedeemsResponse'],
    ];
    for (const [path, schema] of reads) {
      const res = await get(path).expect(200);
      expectValid(schema, res.body);
    }
    const bare = await get('/api/v1/bootstrap').expect(200);
    expect(bare.body.data.position).toBeNull();
    expect(bare.body.data.gas).toBeNull();
    expect(bare.body.data.errors).toEqual({});
    const bobActivity = await get(`/api/v1/wallets/${bob.address}/activity`).expect(200);
    expect(bobActivity.body.data.events.map((e: { type: string }) => e.type)).toEqual([
      'transfer',
      'deposit',
    ]);
  });

  it('walks every activity event and redemption once, newest first, page by page', async () => {
    for (const [list, key, all] of [
      [
        'activity',
        'events',
        await listActivityEvents(db.pool, vault.deployment.chainId, { wallet: alice.address.toLowerCase() }),
      ],
      [
        'redeems',
        'redeems',
        await listRedemptions(db.pool, vault.deployment.chainId, { wallet: alice.address.toLowerCase() }),
      ],
    ] as const) {
      const seen: unknown[] = [];
      let cursor: string | null = null;
      for (let pages = 0; pages < 20; pages++) {
        const res: request.Response = await get(
          `/api/v1/wallets/${alice.address}/${list}?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
        ).expect(200);
        expectValid(list === 'activity' ? 'ActivityResponse' : 'RedeemsResponse', res.body);
        seen.push(...res.body.data[key]);
        cursor = res.body.meta.nextCursor;
        if (cursor === null) break;
      }
      const ids = seen.map((x) =>
        list === 'activity'
          ? (x as { txHash: string; logIndex: number }).txHash + (x as { logIndex: number }).logIndex
          : (x as { id: string }).id,
      );
      const expected = all.map((x) => ('txHash' in x ? x.txHash + x.logIndex : x.redeemId.toString()));
      expect(ids).toEqual(expected);
    }
  });

  it('answers malformed wallets with BAD_WALLET and bad paging with BAD_REQUEST', async () => {
    for (const path of [
      '/api/v1/bootstrap?wallet=0x1234',
      '/api/v1/bootstrap?wallet=',
      `/api/v1/bootstrap?wallet=${alice.address}&wallet=${bob.address}`,
      '/api/v1/wallets/not-a-wallet/position',
      '/api/v1/wallets/0xZZ34567890123456789012345678901234567890/activity',
      '/api/v1/wallets/0x12/redeems',
    ]) {
      const res = await get(path).expect(400);
      expectValid('ErrorResponse', res.body);
      expect([path, res.body.error.code]).toEqual([path, 'BAD_WALLET']);
    }
    for (const query of [
      'limit=0',
      'limit=101',
      'limit=abc',
      'limit=2.5',
      'cursor=%%%',
      'cursor=cjotMQ',
      'cursor=YTox',
      'cursor=YToxOng',
      'cursor=cjowMQ',
    ]) {
      for (const list of ['activity', 'redeems']) {
        const res = await get(`/api/v1/wallets/${alice.address}/${list}?${query}`).expect(400);
        expect([query, res.body.error.code]).toEqual([query, 'BAD_REQUEST']);
      }
    }
  });

  it('serves the vault’s readiness going stale while its snapshot is served from the cache', async () => {
    const cachedApp = readsApp(vault, db.pool, vault.provider, {
      cacheTtlMs: 60_000,
      readinessMaxAgeMs: 1_000,
    });
    const flags = { display: true, history: true, activity: true, operations: true, deposits: true };
    await insertReadiness(db.pool, { ...flags, reasonCodes: [], inputs: {} });
    const fresh = (await request(cachedApp.app).get('/api/v1/vault').expect(200)).body;
    expect(fresh.data.status.ready).toMatchObject({ deposits: true, reasonCodes: [] });
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const stale = (await request(cachedApp.app).get('/api/v1/vault').expect(200)).body;
    expect(stale.meta.snapshotTakenAt).toBe(fresh.meta.snapshotTakenAt);
    expect(stale.data.status.ready).toMatchObject({ deposits: false, reasonCodes: ['READINESS_STALE'] });
    expect({ ...stale.data, status: null }).toEqual({ ...fresh.data, status: null });
  });

  it('keeps serving config and hlp with the RPC down, and reports vault, position and gas failed', async () => {
    const relay = await startTcpProxy(vault.rpcUrl);
    const provider = createChainProvider({
      rpcUrl: relay.url,
      chainId: vault.deployment.chainId,
      timeoutMs: 1_000,
    });
    const cut = readsApp(vault, db.pool, provider);
    try {
      const warm = await request(cut.app).get(`/api/v1/bootstrap?wallet=${alice.address}`).expect(200);
      expect(warm.body.data.errors).toEqual({});
      await relay.stop();
      const res = await request(cut.app).get(`/api/v1/bootstrap?wallet=${alice.address}`).expect(200);
      expectValid('BootstrapResponse', res.body);
      const { data } = res.body;
      expect(Object.keys(data.errors).sort()).toEqual(['gas', 'position', 'vault']);
      expect(data.errors.vault).toMatchObject({ code: 'VAULT_READ_FAILED', status: 503 });
      expect(data.errors.position).toMatchObject({ code: 'POSITION_READ_FAILED', status: 503 });
      expect(data.vault).toBeNull();
      expect(data.position).toBeNull();
      expect(data.config).not.toBeNull();
      expect(data.hlp).not.toBeNull();
      expect(data.activity.events.length).toBeGreaterThan(0);
      expect(data.health.indexer.rpcHealthy).toBe(false);
      // What failed, not where: the relay's address and the socket's error text stay in the logs.
      expect(data.health.indexer.rpcError).toMatch(/connection to the node failed/);
      expect(JSON.stringify(data.health)).not.toMatch(/127\.0\.0\.1|ECONNREFUSED/);
      expect(data.health.ready.reasonCodes).toContain('RPC_UNHEALTHY');
      expect(data.health.api).toBe('degraded');
      const vaultRead = await request(cut.app).get('/api/v1/vault').expect(503);
      expect(vaultRead.body.error.code).toBe('VAULT_READ_FAILED');
      const position = await request(cut.app).get(`/api/v1/wallets/${alice.address}/position`).expect(503);
      expect(position.body.error.code).toBe('POSITION_READ_FAILED');
      expect(await cut.metrics.registry.metrics()).toMatch(
        /svc_gateway_section_failures_total\{section="position",code="POSITION_READ_FAILED"\} 2/,
      );
    } finally {
      provider.destroy();
    }
  });

  it('serves the last good HLP snapshot with its age while the upstream fails', async () => {
    const before = await get('/api/v1/hlp').expect(200);
    fixture.setHlpMode('error');
    try {
      await watcher.runOnce();
    } finally {
      fixture.setHlpMode('ok');
    }
    const res = await get('/api/v1/hlp').expect(200);
    expectValid('HlpResponse', res.body);
    expect(res.body.data).toEqual(before.body.data);
    expect(res.body.meta.updatedAt).toBe(before.body.meta.updatedAt);
    expect(res.body.meta.ageSec).toBeGreaterThanOrEqual(0);
    expect(res.body.meta.stale).toBe(false);
  });
});
