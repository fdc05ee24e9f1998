// layouts: both
import request from 'supertest';
import { startRpcProxy, testRpcUrl, type RpcProxy } from '@yv/testkit';
import { startTestGateway, type TestGateway } from './support/gateway';
import { createTestPartner, partnerClient } from './support/partner';

/**
 * Behind a provider that answers a quarter of the gateway's RPC requests 429 (`Retry-After: 1`, a JSON-RPC error
 * body), quotes and partner actions still answer: each refused request is asked again after its Retry-After within
 * RPC_TIMEOUT_MS, instead of a 503 VAULT_READ_FAILED for a read that would succeed a second later (issue 53).
 */
let proxy: RpcProxy;
let gw: TestGateway;
let apiKey: string;

beforeAll(async () => {
  proxy = await startRpcProxy(testRpcUrl());
  gw = await startTestGateway({ env: { RPC_URL: proxy.url } });
  apiKey = (await createTestPartner(gw.pool)).apiKey;
  proxy.reset();
  proxy.refuseEvery = 4;
}, 120_000);
afterAll(async () => {
  await gw?.close();
  await proxy?.close();
});

it('answers every quote and deposit action while one RPC request in four is refused 429', async () => {
  const account = gw.vault.wallets[0]!.address;
  const statuses: number[] = [];
  for (let i = 0; i < 6; i++) {
    const quote = await request(gw.app)
      .post('/api/v1/actions/deposit/quote')
      .send({ amountRaw: '1000000', account });
    const created = await partnerClient(gw.app, apiKey).create('deposit', {
      amountRaw: '1000000',
      account,
      slippageBps: 50,
    });
    statuses.push(quote.status, created.status);
  }
  expect(statuses).toEqual(Array.from({ length: 6 }, () => [200, 201]).flat());
  // The proxy did refuse: the answers above went through its 429s.
  expect(proxy.counts()['refused (429)']).toBeGreaterThanOrEqual(2);
});
