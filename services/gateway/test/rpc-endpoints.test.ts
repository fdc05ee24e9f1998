// layouts: both
import request from 'supertest';
import { startRpcProxy, startTcpProxy, testRpcUrl, type RpcProxy, type TcpProxy } from '@yv/testkit';
import { startTestGateway, type TestGateway } from './support/gateway';
import { createTestPartner, partnerClient } from './support/partner';

/**
 * RPC_URLS: the gateway's first endpoint goes away mid-run (its connections cut, new ones refused); quotes, partner
 * actions and reads answer from the second, and health shows each endpoint, its path (a provider's key) hidden.
 */
let primary: TcpProxy;
let secondary: RpcProxy;
let gw: TestGateway;
let apiKey: string;

beforeAll(async () => {
  primary = await startTcpProxy(testRpcUrl());
  secondary = await startRpcProxy(testRpcUrl());
  gw = await startTestGateway({
    env: {
      RPC_URLS: `${primary.url}#timeoutMs=1500,${secondary.url}/provider-key-123`,
      RPC_TIMEOUT_MS: '4000',
    },
  });
  apiKey = (await createTestPartner(gw.pool)).apiKey;
}, 120_000);
afterAll(async () => {
  await gw?.close();
  await secondary?.close();
  await primary?.stop();
});

async function answers(): Promise<number[]> {
  const account = gw.vault.wallets[0]!.address;
  const quote = await request(gw.app)
    .post('/api/v1/actions/deposit/quote')
    .send({ amountRaw: '1000000', account });
  const created = await partnerClient(gw.app, apiKey).create('deposit', {
    amountRaw: '1000000',
    account,
    slippageBps: 50,
  });
  const position = await request(gw.app).get(`/api/v1/wallets/${account}/position`);
  return [quote.status, created.status, position.status];
}

it('answers from the next endpoint while the first is down, and health shows both', async () => {
  // The second endpoint is probed for its head (eth_blockNumber) but asked nothing else while the first answers.
  const calls = () => secondary.counts().eth_call ?? 0;
  expect(await answers()).toEqual([200, 201, 200]);
  expect(calls()).toBe(0);

  await primary.stop();
  expect(await answers()).toEqual([200, 201, 200]);
  expect(calls()).toBeGreaterThan(0);

  const health = await request(gw.app).get('/api/v1/health');
  expect(health.status).toBe(200);
  const endpoints = health.body.data.rpc.endpoints as Record<string, unknown>[];
  expect(endpoints.map((e) => [e.endpoint, e.state])).toEqual([
    [primary.url, 'down'],
    [`${new URL(secondary.url).origin}/…`, 'up'],
  ]);
  expect(endpoints[0]).toMatchObject({
    consecutiveFailures: expect.any(Number),
    lastError: expect.any(String),
  });
  expect(JSON.stringify(health.body)).not.toContain('provider-key-123');
  expect(health.body.data.ready.reasonCodes).not.toContain('RPC_UNHEALTHY');

  // The same view for Prometheus: the first endpoint 0, the second 1.
  const scraped = await gw.ctx.metrics.registry.getSingleMetricAsString('svc_gateway_rpc_endpoint_up');
  expect(scraped).toContain(`svc_gateway_rpc_endpoint_up{endpoint="${primary.url}"} 0`);
  expect(scraped).toContain(`svc_gateway_rpc_endpoint_up{endpoint="${new URL(secondary.url).origin}/…"} 1`);
});
