// layouts: both
import request from 'supertest';
import { startFixtureServer, type FixtureServer } from '@yv/devnet';
import { useDevnetVault, useTestDatabase, useTestRedis } from '@yv/testkit';
import type { Watcher } from '../../watcher/src';
import { deposit, USDC } from '../../indexer/test/helpers';
import { readsApp, readsWatcher, type ReadsApp } from './reads-helpers';

/**
 * Edge-cacheable reads: config, vault and HLP carry a shared Cache-Control and a weak ETag of their data, answered
 * 304 without a body on a match until the data changes; a wallet's reads and the bootstrap are never kept.
 */
const vault = useDevnetVault();
const db = useTestDatabase();
const redis = useTestRedis();
let fixture: FixtureServer;
let watcher: Watcher;
let gw: ReadsApp;

beforeAll(async () => {
  fixture = await startFixtureServer({ port: 0 });
  watcher = readsWatcher(vault, db, redis, fixture.hlpUrl);
  gw = readsApp(vault, db.pool);
  await watcher.runOnce();
});
afterAll(async () => {
  await watcher?.stop();
  await fixture?.close();
});

const get = (path: string, headers: Record<string, string> = {}) => request(gw.app).get(path).set(headers);

it.each([
  ['/api/v1/config', 'public, max-age=30, stale-while-revalidate=30'],
  ['/api/v1/vault', 'public, max-age=5, stale-while-revalidate=5'],
  ['/api/v1/hlp', 'public, max-age=60, stale-while-revalidate=60'],
])('%s: a shared Cache-Control and an ETag, 304 without a body on a match', async (path, cacheControl) => {
  const first = await get(path);
  expect(first.status).toBe(200);
  expect(first.headers['cache-control']).toBe(cacheControl);
  const etag = String(first.headers['etag']);
  expect(etag).toMatch(/^W\/"[A-Za-z0-9_-]{27}"$/);

  const again = await get(path, { 'if-none-match': etag });
  expect({ status: again.status, body: again.text, etag: again.headers['etag'] }).toEqual({
    status: 304,
    body: '',
    etag,
  });
  expect((await get(path, { 'if-none-match': 'W/"something-else"' })).status).toBe(200);
  // A partner's request (Bearer key) is kept by no shared cache.
  const withKey = await get(path, { authorization: 'Bearer yv_live_x' });
  expect(withKey.headers['cache-control']).toBe(cacheControl.replace('public', 'private'));
});

it('changes the vault ETag when a new snapshot changes the data, and answers the old one 200', async () => {
  const before = await get('/api/v1/vault');
  await deposit(vault, vault.wallets[0]!, 100n * USDC);
  await watcher.runOnce();
  const after = await get('/api/v1/vault', { 'if-none-match': String(before.headers['etag']) });
  expect(after.status).toBe(200);
  expect(after.headers['etag']).not.toBe(before.headers['etag']);
  expect(after.body.data).not.toEqual(before.body.data);
});

it('keeps no wallet read or bootstrap in any cache, and gives them no validator', async () => {
  const wallet = vault.wallets[0]!.address;
  for (const path of [
    `/api/v1/wallets/${wallet}/position`,
    `/api/v1/wallets/${wallet}/activity`,
    `/api/v1/wallets/${wallet}/redeems`,
    `/api/v1/bootstrap?wallet=${wallet}`,
  ]) {
    const res = await get(path);
    expect([path, res.status, res.headers['cache-control'], res.headers['etag']]).toEqual([
      path,
      200,
      'private, no-store',
      undefined,
    ]);
  }
});
