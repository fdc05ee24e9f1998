// layouts: both
import type { WebhookWorker } from '../../../services/webhook-worker/src';
import { testWorker } from '../../../services/webhook-worker/test/support/worker';
import { createPartner } from '../../../services/gateway/src/admin/commands';
import { useRunningServices } from '../../../packages/sdk/test/flows/stack';
import { useListeningGateway } from '../../../packages/sdk/test/support';
import { createPartnerClient, unwrap, type PartnerClient } from '@yv/sdk';
import { createPartnerBackend } from '../src/app';
import type { Job } from '../src/jobs';
import { listen, type RunningServer } from '../src/server';
import { signingWallet } from '../src/wallet';
import type { ReceivedEvent } from '../src/webhooks';

/**
 * The example backend on the real stack, as a newcomer runs it: the gateway over HTTP, the indexer's loop, vault
 * snapshots and the keeper simulator, and the real webhook worker delivering to the backend's /webhooks. Everything
 * is asked of the backend over HTTP: a deposit, a withdrawal that queues, its claim, and the verified webhooks.
 */
const { gw, server } = useListeningGateway({ env: { WEBHOOK_ALLOW_PRIVATE_URLS: 'true' } });
const USDC = 10n ** 6n;
const TIMING = {
  pollIntervalMs: 200,
  pollTimeoutMs: 60_000,
  receiptPollIntervalMs: 100,
  receiptTimeoutMs: 30_000,
};

type Settled = Job & { result: Record<string, unknown> };

describe('the example partner backend on the real stack', () => {
  const services = useRunningServices(gw);
  let backend: RunningServer;
  let closeWallet = () => {};
  let worker: WebhookWorker;
  let client: PartnerClient;
  let account: string;

  beforeAll(async () => {
    const partner = await createPartner(gw.pool, { name: 'example partner backend' });
    client = createPartnerClient({ baseUrl: server.baseUrl, apiKey: partner.apiKey });
    const signer = signingWallet(gw.vault.wallets[2]!.privateKey, gw.vault.rpcUrl);
    closeWallet = signer.close;
    account = signer.address;
    const { app } = createPartnerBackend({
      // The backend's own client, as main.ts makes it from YV_API_URL and YV_API_KEY.
      client: createPartnerClient({ baseUrl: server.baseUrl, apiKey: partner.apiKey }),
      wallet: signer.wallet,
      // A retired secret beside the current one, as during a rotation: any match passes.
      webhookSecrets: ['whsec_cmV0aXJlZCBzZWNyZXQgb2YgdGhlIGV4YW1wbGU=', partner.webhookSecret],
      timing: TIMING,
    });
    backend = await listen(app, 0);
    unwrap(
      await client.api.PUT('/api/v1/partner/webhook-endpoint', { body: { url: `${backend.url}/webhooks` } }),
    );
    worker = testWorker(
      { pool: gw.pool, url: gw.config.DATABASE_URL },
      { url: gw.config.REDIS_URL, bullmqPrefix: gw.config.QUEUE_PREFIX },
    );
    worker.start();
  });
  afterAll(async () => {
    await worker?.stop();
    await backend?.close();
    closeWallet();
  });

  async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const response = await fetch(`${backend.url}${path}`, {
      method,
      headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : null };
  }

  async function until<T>(what: string, read: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await read();
      if (value !== undefined) return value;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  /** Starts a job over HTTP and answers it once it finished, asserting it succeeded (its error shown if not). */
  async function runJob(path: string, body: unknown): Promise<Settled> {
    const started = await call('POST', path, body);
    expect(started.status).toBe(202);
    const id = started.body!.jobId as string;
    const job = await until(`job ${id}`, async () => {
      const seen = (await call('GET', `/jobs/${id}`)).body as unknown as Job;
      return seen.status === 'succeeded' || seen.status === 'failed' ? seen : undefined;
    });
    expect({ status: job.status, error: job.error }).toEqual({ status: 'succeeded', error: null });
    return job as Settled;
  }

  /** The action.updated statuses the backend kept for an action, once one of `wanted` is among them. */
  async function webhookStatuses(actionId: string, wanted: string[]): Promise<string[]> {
    return until(`a webhook of ${actionId} in ${wanted.join('/')}`, async () => {
      const { events } = (await call('GET', `/events?type=action.updated&dataId=${actionId}`)).body as {
        events: ReceivedEvent[];
      };
      const statuses = events.map((received) => (received.event.data as { status: string }).status);
      return statuses.some((status) => wanted.includes(status)) ? statuses : undefined;
    });
  }

  it('refuses amounts that are not integer strings and webhooks that are not signed with its secrets', async () => {
    expect((await call('POST', '/deposits', { amountRaw: 25_000_000 })).status).toBe(400);
    expect((await call('POST', '/withdrawals', { sharesRaw: '1.5' })).status).toBe(400);
    const body = JSON.stringify({ type: 'webhook.test', timestamp: new Date().toISOString(), sequence: 1 });
    const unsigned = await call('POST', '/webhooks', body);
    expect(unsigned).toEqual({ status: 400, body: { error: 'missing_header' } });
    const forged = await call('POST', '/webhooks', body, {
      'webhook-id': 'forged',
      'webhook-timestamp': String(Math.floor(Date.now() / 1000)),
      'webhook-signature': `v1,${Buffer.from('not the signature').toString('base64')}`,
    });
    expect(forged).toEqual({ status: 400, body: { error: 'no_matching_signature' } });
  });

  it('deposits through a job: approval, fresh action, deposit indexed; its webhooks arrive verified', async () => {
    const job = await runJob('/deposits', { amountRaw: (10_000n * USDC).toString() });
    const action = job.result.action as { id: string; action: string; status: string };
    expect(action).toMatchObject({ action: 'deposit', status: 'indexed' });
    expect(job.result.approvalTxHash).toMatch(/^0x[0-9a-f]{64}$/);
    const stages = job.progress.map((event) => event.stage);
    expect(stages).toEqual(
      expect.arrayContaining(['created', 'approval_confirmed', 'refreshed', 'submitted']),
    );
    expect(stages.at(-1)).toBe('terminal');

    const polled = await call('GET', `/actions/${action.id}`);
    expect(polled.body!.action).toMatchObject({ id: action.id, status: 'indexed', wallet: account });
    expect(await webhookStatuses(action.id, ['indexed'])).toContain('indexed');
  }, 180_000);

  it('withdraws through a job that queues for the keeper, then claims the redemption once fulfilled', async () => {
    // The keeper parks the vault's free USDC in the strategy (20 % buffer): the instant liquidity cannot cover 3/4.
    await services.keeper.tick();
    await services.snapshot();
    await until('the drained liquidity in the vault read', async () => {
      const { liquidity, analytics } = await client.getVault();
      return BigInt(liquidity.instantRedeemCapacity.raw) * 4n < BigInt(analytics.tvl.raw) ? true : undefined;
    });
    const shares = await until('the deposit’s shares', async () => {
      const { data } = await client.api.GET('/api/v1/bootstrap', { params: { query: { wallet: account } } });
      const raw = BigInt(data?.data.position?.balances.shares.raw ?? '0');
      return raw > 0n ? raw : undefined;
    });

    const withdrawal = await runJob('/withdrawals', { sharesRaw: ((shares * 3n) / 4n).toString() });
    expect(withdrawal.result).toMatchObject({
      mode: 'queued',
      action: { action: 'redeem_async', status: 'waiting_for_keeper' },
      redemption: { status: 'pending' },
    });
    const queued = withdrawal.result.action as { id: string; redeemId: string };
    expect(await webhookStatuses(queued.id, ['waiting_for_keeper', 'claimable'])).not.toContain('failed');

    expect((await services.keeper.tick()).actions.fulfilled).toContain(queued.redeemId);
    const claim = await runJob('/claims', {
      redeemId: queued.redeemId,
      receiveChainId: withdrawal.result.receiveChainId,
    });
    expect(claim.result).toMatchObject({
      action: 'claim_redeem',
      status: 'indexed',
      redeemId: queued.redeemId,
    });
    const claimed = await until('the queued action claimed', async () => {
      const { body } = await call('GET', `/actions/${queued.id}`);
      const action = body!.action as { status: string };
      return action.status === 'claimed' ? action : undefined;
    });
    expect(claimed.status).toBe('claimed');
    expect(await webhookStatuses((claim.result as { id: string }).id, ['indexed'])).toContain('indexed');
    expect(await webhookStatuses(queued.id, ['claimed'])).toContain('claimed');

    const { body } = await call('GET', '/events?type=redeem.updated');
    const redeems = (body!.events as ReceivedEvent[]).filter(
      (received) => received.dataId === queued.redeemId,
    );
    expect(redeems.length).toBeGreaterThan(0);
  }, 240_000);
});
