// layouts: both
import request from 'supertest';
import { startFixtureServer, type FixtureServer } from '@yv/devnet';
import { useDevnetVault, useTestDatabase, useTestRedis } from '@yv/testkit';
import type { Watcher } from '../../watcher/src';
import { expectValid, readsApp, readsWatcher, type ReadsApp } from './reads-helpers';

const vault = useDevnetVault();
const db = useTestDatabase();
const redis = useTestRedis();
let fixture: FixtureServer;
let watcher: Watcher;
let gw: ReadsApp;

const get = (path: string) => request(gw.app).get(path);
const wallet = () => vault.wallets[0]!.address;

beforeAll(async () => {
  fixture = await startFixtureServer({ port: 0 });
  watcher = readsWatcher(vault, db, redis, fixture.hlpUrl);
  gw = readsApp(vault, db.pool);
});

afterAll(async () => {
  await watcher?.stop();
  await fixture?.close();
});

describe('reads before anything was stored, and with parts failing', () => {
  it('answers 503 VAULT_READ_FAILED on /vault and a partial bootstrap before the first snapshot', async () => {
    const vaultRead = await get('/api/v1/vault').expect(503);
    expectValid('ErrorResponse', vaultRead.body);
    expect(vaultRead.body.error.code).toBe('VAULT_READ_FAILED');
    const health = await get('/api/v1/health').expect(200);
    expectValid('HealthResponse', health.body);
    expect(health.body.data.api).toBe('degraded');
    expect(health.body.data.snapshots.available).toBe(false);
    expect(health.body.data.ready.reasonCodes).toContain('READINESS_MISSING');

    const res = await get(`/api/v1/bootstrap?wallet=${wallet()}`).expect(200);
    expectValid('BootstrapResponse', res.body);
    const { data } = res.body;
    expect(data.errors.vault.code).toBe('VAULT_READ_FAILED');
    expect(data.errors.config.code).toBe('VAULT_READ_FAILED');
    expect(data.errors.hlp.code).toBe('HLP_UPSTREAM_FAILED');
    expect(data.position).not.toBeNull();
    expect(data.activity).toEqual({ wallet: wallet(), available: false, events: [] });
  });

  it('reports HLP_UPSTREAM_FAILED while the upstream has never answered validly', async () => {
    fixture.setHlpMode('error');
    try {
      await watcher.runOnce();
    } finally {
      fixture.setHlpMode('ok');
    }
    const res = await get('/api/v1/bootstrap').expect(200);
    expectValid('BootstrapResponse', res.body);
    expect(res.body.data.hlp).toBeNull();
    expect(res.body.data.errors.hlp).toMatchObject({ code: 'HLP_UPSTREAM_FAILED', status: 503 });
    expect(res.body.data.errors.hlp.message).toMatch(/HTTP 500/);
    expect(res.body.data.vault).not.toBeNull();
    expect(res.body.data.config).not.toBeNull();
    const hlp = await get('/api/v1/hlp').expect(503);
    expect(hlp.body.error.code).toBe('HLP_UPSTREAM_FAILED');
  });

  it('answers INDEXER_UNAVAILABLE when the indexed tables cannot be read', async () => {
    await db.pool.query('ALTER TABLE activity_events RENAME TO activity_events_away');
    await db.pool.query('ALTER TABLE redemptions RENAME TO redemptions_away');
    try {
      for (const list of ['activity', 'redeems']) {
        const res = await get(`/api/v1/wallets/${wallet()}/${list}`).expect(503);
        expect(res.body.error.code).toBe('INDEXER_UNAVAILABLE');
      }
      const res = await get(`/api/v1/bootstrap?wallet=${wallet()}`).expect(200);
      expectValid('BootstrapResponse', res.body);
      expect(res.body.data.errors.activity.code).toBe('INDEXER_UNAVAILABLE');
      expect(res.body.data.errors.redeems.code).toBe('INDEXER_UNAVAILABLE');
      expect(res.body.data.position.redeemsAvailable).toBe(false);
    } finally {
      await db.pool.query('ALTER TABLE activity_events_away RENAME TO activity_events');
      await db.pool.query('ALTER TABLE redemptions_away RENAME TO redemptions');
    }
  });
});
