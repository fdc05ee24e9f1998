import express, { type ErrorRequestHandler, type Express } from 'express';
import {
  createVaultFlows,
  PartnerApiError,
  type FlowTiming,
  type FlowWallet,
  type PartnerClient,
  type VaultFlows,
} from '@yv/sdk';
import { JobStore, summarize, type JobKind, type JobRun } from './jobs';
import { BadRequest, optionalChainId, rawAmount, requiredString } from './params';
import { webhookHandler, WebhookEventStore } from './webhooks';

export interface PartnerBackendOptions {
  /** The SDK client, with the partner's API key. */
  client: PartnerClient;
  /** The wallet that signs: ethersSignerWallet(signer) in main.ts. */
  wallet: FlowWallet;
  /** The whsec_ secrets deliveries are verified with (old and new during a rotation). */
  webhookSecrets: readonly string[];
  /** The flows' poll and receipt timing; the SDK's defaults suit a real chain, a test shortens them. */
  timing?: FlowTiming;
}

export interface PartnerBackend {
  app: Express;
  jobs: JobStore;
  events: WebhookEventStore;
}

/**
 * The partner's server: its own routes start the SDK flows for the configured wallet and show their progress, and
 * it receives the vault's webhooks. Everything about the vault goes through @yv/sdk.
 */
export function createPartnerBackend({
  client,
  wallet,
  webhookSecrets,
  timing = {},
}: PartnerBackendOptions): PartnerBackend {
  const jobs = new JobStore();
  const events = new WebhookEventStore();
  const app = express();
  // JSON has no bigint: amounts (progress allowances, stop contexts) go out as decimal strings.
  app.set('json replacer', (_key: string, value: unknown) =>
    typeof value === 'bigint' ? value.toString() : value,
  );

  // Before express.json(): the signature is over the raw bytes. Any content type, so a missing one is still
  // verified (and refused) rather than parsed as something else.
  app.post(
    '/webhooks',
    express.raw({ type: () => true, limit: '1mb' }),
    webhookHandler(events, webhookSecrets),
  );
  app.use(express.json());

  /** A flows instance per job: onProgress is set per instance and must land in that job. */
  const startJob = (
    kind: JobKind,
    params: Record<string, unknown>,
    run: (flows: VaultFlows) => Promise<unknown>,
  ) =>
    jobs.start(kind, params, ((onProgress) =>
      run(createVaultFlows({ client, wallet, ...timing, onProgress }))) satisfies JobRun);

  app.post('/deposits', (req, res) => {
    const amount = rawAmount(req.body, 'amountRaw');
    const job = startJob('deposit', { amountRaw: amount }, async (flows) => {
      const { action, approvalTxHash } = await flows.deposit({ amount });
      return { action: summarize(action), approvalTxHash };
    });
    res.status(202).location(`/jobs/${job.id}`).json({ jobId: job.id });
  });

  app.post('/withdrawals', (req, res) => {
    const shares = rawAmount(req.body, 'sharesRaw');
    const receiveChainId = optionalChainId(req.body, 'receiveChainId');
    const params = { sharesRaw: shares, ...(receiveChainId === undefined ? {} : { receiveChainId }) };
    const job = startJob('withdrawal', params, async (flows) => {
      const result = await flows.withdraw({ shares, receiveChainId });
      // Queued: the action waits for the keeper (not a failure); claim the redemption once it is claimable.
      return result.mode === 'instant'
        ? { mode: result.mode, action: summarize(result.action) }
        : {
            mode: result.mode,
            action: summarize(result.action),
            redemption: result.redemption,
            receiveChainId: result.receiveChainId,
          };
    });
    res.status(202).location(`/jobs/${job.id}`).json({ jobId: job.id });
  });

  app.post('/claims', (req, res) => {
    const redeemId = requiredString(req.body, 'redeemId');
    const receiveChainId = optionalChainId(req.body, 'receiveChainId');
    const job = startJob('claim', { redeemId, receiveChainId }, async (flows) => {
      // The redemption records trail the action a little (the gateway's read cache), and a pending one waits for
      // the keeper: wait until it is claimable (or will never be), then let claim() check it again and sign.
      await flows.waitForRedemption(redeemId, ['claimable', 'claimed', 'cancelled']);
      return summarize(await flows.claim({ redeemId, receiveChainId }));
    });
    res.status(202).location(`/jobs/${job.id}`).json({ jobId: job.id });
  });

  app.post('/cancellations', (req, res) => {
    const redeemId = requiredString(req.body, 'redeemId');
    const job = startJob('cancel', { redeemId }, async (flows) =>
      summarize(await flows.cancel({ redeemId })),
    );
    res.status(202).location(`/jobs/${job.id}`).json({ jobId: job.id });
  });

  app.get('/jobs', (_req, res) => {
    res.json({ jobs: jobs.list() });
  });

  app.get('/jobs/:id', (req, res) => {
    const job = jobs.get(req.params.id);
    if (!job) res.status(404).json({ error: 'no such job' });
    else res.json(job);
  });

  app.get('/events', (req, res) => {
    const { type, dataId } = req.query;
    const filter = {
      ...(typeof type === 'string' ? { type } : {}),
      ...(typeof dataId === 'string' ? { dataId } : {}),
    };
    res.json({ events: events.list(filter), counts: events.counts });
  });

  // The truth is the action as the API answers it now; webhooks are hints.
  app.get('/actions/:id', async (req, res) => {
    res.json({ action: await client.getAction(req.params.id) });
  });

  app.use(errorHandler);
  return { app, jobs, events };
}

/** Express 5 routes async errors here too. */
const errorHandler: ErrorRequestHandler = (error: unknown, _req, res, _next) => {
  if (error instanceof PartnerApiError) {
    // The vault's answer, passed on with its request id; 502 when the vault itself failed.
    const { code, message, requestId } = error;
    res.status(error.status >= 500 ? 502 : error.status).json({ error: { code, message, requestId } });
    return;
  }
  const status = (error as { status?: unknown }).status;
  if (error instanceof BadRequest || status === 400 || status === 413) {
    res.status(status as number).json({ error: (error as Error).message });
    return;
  }
  console.error(error);
  res.status(500).json({ error: 'internal error' });
};
