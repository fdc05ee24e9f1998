// layouts: both
import pino from 'pino';
import request from 'supertest';
import { createChainProvider } from '@yv/chain';
import { createServiceMetrics } from '@yv/metrics';
import { buildOpenApi, createValidator } from '@yv/schemas';
import { freePort, useDevnetVault } from '@yv/testkit';
import { createApp } from '../src/app';
import { buildersRouter } from '../src/routes/builders';
import { devnetQuoteService } from './support/quotes';

const v = useDevnetVault();
const validator = createValidator();

it('answers 503 VAULT_READ_FAILED, never a 500, when the chain cannot be read', async () => {
  // A port nothing listens on: the quote's one Multicall3 read fails at once.
  const deadRpc = `http://127.0.0.1:${await freePort()}`;
  const metrics = createServiceMetrics('gateway');
  const provider = createChainProvider({ rpcUrl: deadRpc, chainId: 999, timeoutMs: 1_000 });
  const quotes = devnetQuoteService(v.deployment, provider, { bridgeUrl: deadRpc, metrics });
  const app = createApp({
    log: pino({ level: 'silent' }),
    metrics,
    openApi: buildOpenApi({ serverUrl: 'http://127.0.0.1:3000' }),
    bodyLimitBytes: 65_536,
    routers: [buildersRouter(quotes)],
  });
  const account = v.wallets[0]!.address;
  for (const [route, body] of [
    ['/api/v1/actions/deposit/quote', { amountRaw: '1000000', account }],
    ['/api/v1/actions/redeem-async/quote', { sharesRaw: '1000000', account }],
    ['/api/v1/actions/cancel/build', { id: '1', account }],
  ] as const) {
    const res = await request(app).post(route).send(body);
    expect([route, res.status]).toEqual([route, 503]);
    expect(validator.validate('ErrorResponse', res.body)).toEqual({ ok: true });
    expect(res.body.error.code).toBe('VAULT_READ_FAILED');
  }
  const text = await metrics.registry.metrics();
  expect(text).toContain('svc_gateway_quote_failures_total{code="VAULT_READ_FAILED"} 3');
});
