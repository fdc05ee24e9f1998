// layouts: both
/**
 * Issue 7's logs: the gateway writes pino JSON lines, every line of a request carries its request id, the receipt
 * job of a submit logs the id of the request that submitted it, and no line holds an API key, the cron secret, a
 * webhook secret or a signature header the caller sent.
 */
import { createHash, randomBytes } from 'node:crypto';
import { signAndSend, verifiedHash } from '../../services/gateway/test/support/signer';
import { jsonLines, startGatewayProcess, type GatewayProcess } from './support/gateway-process';
import { eventually } from './support/processes';

jest.setTimeout(180_000);

describe('gateway logs', () => {
  let gw: GatewayProcess;
  beforeAll(async () => {
    gw = await startGatewayProcess();
  }, 120_000);
  afterAll(async () => {
    await gw?.close();
  });

  const signature = `v1,${randomBytes(32).toString('base64')}`;
  const hubSignature = createHash('sha256').update(randomBytes(16)).digest('hex');
  let keys = 0;
  const call = (route: string, init: { method?: string; auth?: string; body?: unknown; id?: string } = {}) =>
    fetch(`${gw.url}${route}`, {
      method: init.method ?? 'GET',
      headers: {
        ...(init.auth ? { authorization: `Bearer ${init.auth}` } : {}),
        ...(init.id ? { 'x-request-id': init.id } : {}),
        ...(init.method === 'POST' ? { 'idempotency-key': `logs-test-${++keys}` } : {}),
        'content-type': 'application/json',
        'webhook-signature': signature,
        'x-hub-signature-256': `sha256=${hubSignature}`,
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });

  it('carries the request id on every line of a request and into its receipt job, and no secret anywhere', async () => {
    const wallet = gw.vault.wallets[0]!;
    const key = gw.partner.apiKey;
    expect(
      (await call(`/api/v1/wallets/${wallet.address}/position`, { auth: key, id: 'req-position-1' })).status,
    ).toBe(200);
    expect(
      (await call('/api/cron/webhooks', { method: 'POST', auth: gw.cronSecret, id: 'req-cron-1' })).status,
    ).toBe(200);
    expect(
      (await call('/api/cron/webhooks', { method: 'POST', auth: `${gw.cronSecret}x`, id: 'req-cron-2' }))
        .status,
    ).toBe(401);
    expect(
      (await call('/api/v1/partner/actions/deposit', { method: 'POST', auth: `${key}x`, body: {} })).status,
    ).toBe(401);
    // The whole body as a partner sends it, the key in the JSON as well: the gateway must not echo it into a log line.
    const created = await call('/api/v1/partner/actions/deposit', {
      method: 'POST',
      auth: key,
      id: 'req-create-1',
      body: { amountRaw: '1000000', account: wallet.address, slippageBps: 50 },
    });
    expect(created.status).toBe(201);
    let action = ((await created.json()) as { data: { id: string; steps: { kind: string; tx: never }[] } })
      .data;
    const approval = action.steps.find((step) => step.kind === 'approval');
    if (approval) {
      await signAndSend(wallet, approval.tx);
      const again = await call('/api/v1/partner/actions/deposit', {
        method: 'POST',
        auth: key,
        id: 'req-create-2',
        body: { amountRaw: '1000000', account: wallet.address, slippageBps: 50 },
      });
      action = ((await again.json()) as { data: typeof action }).data;
    }
    const receipt = await signAndSend(wallet, action.steps[action.steps.length - 1]!.tx);
    const hash = verifiedHash(receipt, gw.vault.deployment.contracts.depositPipe);
    const submitId = 'req-submit-deposit-1';
    const submitted = await call(`/api/v1/partner/actions/${action.id}/submit`, {
      method: 'POST',
      auth: key,
      id: submitId,
      body: { txHash: hash },
    });
    expect(submitted.status).toBe(200);

    const settled = await eventually(
      'the receipt job to log its settlement',
      async () =>
        jsonLines(gw.running).find(
          (line) => line.msg === 'partner action receipt settled' && line.actionId === action.id,
        ),
      30_000,
    );
    expect(settled).toMatchObject({ requestId: submitId, service: 'gateway' });

    const lines = jsonLines(gw.running);
    const requestLines = lines.filter((line) => line.msg === 'request');
    expect(requestLines.length).toBeGreaterThanOrEqual(6);
    for (const line of requestLines) expect(typeof line.requestId).toBe('string');
    expect(requestLines.map((line) => line.requestId)).toEqual(
      expect.arrayContaining(['req-position-1', 'req-cron-1', 'req-cron-2', 'req-create-1', submitId]),
    );
    const output = gw.running.output();
    for (const secret of [key, gw.cronSecret, gw.partner.webhookSecret, signature, hubSignature])
      expect(output).not.toContain(secret);
    // The key's public prefix aside, no fragment of its secret part either.
    expect(output).not.toContain(key.slice(-16));
  });
});
