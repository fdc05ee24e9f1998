// layouts: both
/**
 * Issue 7's graceful shutdown. The gateway under a stream of reads, idempotent creates and submits gets SIGTERM:
 * /readyz turns 503, every request it accepted is answered in full (a request the client saw fail was never seen by
 * the server), it exits 0 within the bound, and every submitted action's receipt job is done or still queued — a
 * new gateway settles them all. The indexer stopped mid-follow exits 0 and releases its advisory lock to a second.
 * The webhook worker stopped mid-delivery finishes what it sent and leaves the rest queued: a second worker
 * delivers every event, each exactly once.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { findPartnerActionById, findPartnerActionByKey, listWebhookDeliveries } from '../../packages/db/src';
import { startChain, writeDeployment, type RunningChain } from '../../packages/devnet/src';
import {
  createTestDatabase,
  createTestRedis,
  deployTestVault,
  freePort,
  type DevnetVault,
  type TestDatabase,
  type TestRedis,
} from '../../packages/testkit/src';
import { signAndSend } from '../../services/gateway/test/support/signer';
import {
  actionEvents,
  createPartner,
  slow,
  startReceiver,
  type Receiver,
} from '../../services/webhook-worker/test/support/receiver';
import { jsonLines, startGatewayProcess, type GatewayProcess } from './support/gateway-process';
import { eventually, killIfRunning, ROOT, startService, type RunningProcess } from './support/processes';

jest.setTimeout(240_000);

// ethers as the gateway resolves it: infra/test is no package of its own.
const { keccak256 } = createRequire(path.join(ROOT, 'services/gateway/package.json'))('ethers') as {
  keccak256(data: string): string;
};

/** packages/runtime/src/service.ts: SHUTDOWN_BOUND_MS, below Kubernetes' 30 s grace. */
const SHUTDOWN_BOUND_MS = 25_000;

interface TxJson {
  to: string;
  data: string;
  value: string;
  chainId: number;
}
interface ActionJson {
  id: string;
  status: string;
  steps: { kind: string; tx: TxJson }[];
}
interface Outcome {
  requestId: string;
  kind: string;
  startedAt: number;
  status?: number;
  body?: unknown;
  error?: string;
  /** The action a submit request submitted. */
  submitOf?: string;
  /** Sent once the gateway process had exited. */
  afterExit: boolean;
}

/** How a request the server never read fails at the client (undici's codes for fetch). */
const NEVER_READ = ['ECONNREFUSED', 'ECONNRESET', 'UND_ERR_SOCKET'];

function causeCode(error: unknown): string {
  const cause = (error as { cause?: { code?: string } }).cause;
  return cause?.code ?? String(error);
}

describe('gateway: SIGTERM under load', () => {
  let gw: GatewayProcess;
  // A chain of this test's own: it turns automining off to hold deposits unmined, which the shared chain's other
  // files must not see.
  let chain: RunningChain;
  beforeAll(async () => {
    chain = await startChain({ port: await freePort(), blockIntervalMs: 1000 });
    // Receipt jobs of unmined transactions wait 3 s between looks: some are still queued when the gateway stops.
    gw = await startGatewayProcess(
      { ACTION_RECEIPT_POLL: '3s', LOG_LEVEL: 'info' },
      { rpcUrl: chain.rpcUrl },
    );
  }, 120_000);
  afterAll(async () => {
    await gw?.close();
    await chain?.stop();
  });

  const send = async (
    requestId: string,
    method: string,
    route: string,
    body?: unknown,
    idempotencyKey?: string,
  ): Promise<{ status: number; body: unknown }> => {
    const res = await fetch(`${gw.url}${route}`, {
      method,
      headers: {
        authorization: `Bearer ${gw.partner.apiKey}`,
        'content-type': 'application/json',
        'x-request-id': requestId,
        ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    // A body cut short would throw here: a complete response is a status and a parsed body.
    return { status: res.status, body: await res.json() };
  };

  /**
   * A deposit action with its approval done, and its deposit: mined (`wait`), or pending behind a nonce gap that
   * `gap` fills.
   */
  async function preparedDeposit(
    vault: DevnetVault,
    index: number,
    wait: boolean,
  ): Promise<{ id: string; hash: string; gap?: string }> {
    const wallet = vault.wallets[index]!;
    const body = { amountRaw: '2000000', account: wallet.address, slippageBps: 50 };
    let action = (
      await send(`prep-${index}-a`, 'POST', '/api/v1/partner/actions/deposit', body, `prep-${index}-a`)
    ).body as { data: ActionJson };
    const approval = action.data.steps.find((step) => step.kind === 'approval');
    if (approval) {
      await signAndSend(wallet, approval.tx);
      action = (
        await send(`prep-${index}-b`, 'POST', '/api/v1/partner/actions/deposit', body, `prep-${index}-b`)
      ).body as { data: ActionJson };
    }
    const tx = action.data.steps[action.data.steps.length - 1]!.tx;
    if (wait) return { id: action.data.id, hash: (await signAndSend(wallet, tx)).hash };
    // Sent one nonce ahead, the deposit is known to the node (submit refuses an unknown hash) but held unmined until
    // the transaction filling the gap is broadcast.
    const nonce = await vault.provider.getTransactionCount(wallet.address, 'pending');
    const chainId = BigInt(tx.chainId);
    const deposit = await wallet.signTransaction(
      await wallet.populateTransaction({
        to: tx.to,
        data: tx.data,
        value: BigInt(tx.value),
        chainId,
        nonce: nonce + 1,
      }),
    );
    await vault.provider.broadcastTransaction(deposit);
    const gap = await wallet.signTransaction(
      await wallet.populateTransaction({ to: wallet.address, value: 0n, chainId, nonce }),
    );
    return { id: action.data.id, hash: keccak256(deposit), gap };
  }

  it('answers every accepted request, turns /readyz 503, exits 0 and loses no receipt job', async () => {
    const mined = [await preparedDeposit(gw.vault, 0, true), await preparedDeposit(gw.vault, 1, true)];
    // Without automining a transaction may wait behind a nonce gap; interval mining still makes a block a second.
    await gw.vault.provider.send('evm_setAutomine', [false]);
    const unmined = [await preparedDeposit(gw.vault, 2, false), await preparedDeposit(gw.vault, 3, false)];
    // Mined deposits are submitted early (their jobs finish); the others are submitted while held behind their
    // nonce gap, so their jobs are still waiting for a receipt when the gateway stops.
    const submits = new Map([
      [30, mined[0]!],
      [60, mined[1]!],
      [90, unmined[0]!],
      [110, unmined[1]!],
    ]);
    const wallet = gw.vault.wallets[4]!.address;

    // The stream runs until the gateway has exited and each lane has had one request refused, so it crosses the
    // whole drain however fast this machine is; MAX_REQUESTS only bounds it should the gateway never exit.
    const MAX_REQUESTS = 3_000;
    const CONCURRENCY = 12;
    const SIGTERM_AT = 120;
    const outcomes: Outcome[] = [];
    const readyz: (number | string)[] = [];
    let killedAt = 0;
    let exitedAt = 0;
    const exited = gw.running.exited.then((code) => {
      exitedAt = Date.now();
      return code;
    });

    // Ids and keys of 8 characters at least: shorter X-Request-Ids are replaced by the gateway.
    const idOf = (i: number) => `load-request-${i}`;
    const submitOf = (i: number) => submits.get(i);
    const request = async (i: number): Promise<{ status: number; body: unknown }> => {
      const requestId = idOf(i);
      const submit = submitOf(i);
      if (submit) {
        const txHash = submit.hash;
        return send(requestId, 'POST', `/api/v1/partner/actions/${submit.id}/submit`, { txHash });
      }
      if (i % 3 === 0)
        return send(
          requestId,
          'POST',
          '/api/v1/partner/actions/deposit',
          { amountRaw: '1000000', account: wallet, slippageBps: 50 },
          requestId,
        );
      if (i % 3 === 1) return send(requestId, 'GET', `/api/v1/wallets/${wallet}/position`);
      return send(requestId, 'GET', `/api/v1/partner/actions/${mined[0]!.id}`);
    };
    const kindOf = (i: number) => (submitOf(i) ? 'submit' : ['create', 'position', 'action'][i % 3]!);

    let next = 0;
    const pollReadyz = async () => {
      const deadline = Date.now() + SHUTDOWN_BOUND_MS + 5_000;
      while (Date.now() < deadline) {
        try {
          readyz.push((await fetch(`${gw.url}/readyz`)).status);
        } catch (error) {
          readyz.push(causeCode(error));
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    let poller: Promise<void> | undefined;
    const lane = async () => {
      for (let last = false; !last && next < MAX_REQUESTS;) {
        last = exitedAt > 0;
        const i = next++;
        if (i === SIGTERM_AT) {
          killedAt = Date.now();
          gw.running.child.kill('SIGTERM');
          poller = pollReadyz();
        }
        const outcome: Outcome = {
          requestId: idOf(i),
          kind: kindOf(i),
          startedAt: Date.now(),
          submitOf: submitOf(i)?.id,
          afterExit: last,
        };
        try {
          Object.assign(outcome, await request(i));
        } catch (error) {
          outcome.error = causeCode(error);
        }
        outcomes.push(outcome);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, lane));
    await poller;
    expect(await exited).toBe(0);
    expect(exitedAt - killedAt).toBeLessThan(SHUTDOWN_BOUND_MS);

    // /readyz answered 503 while the gateway drained, then stopped answering: a probe caught in the listen backlog
    // as the listener closed is reset rather than refused.
    expect(readyz).toContain(503);
    expect(NEVER_READ).toContain(readyz[readyz.length - 1]);
    // Requests were served during the drain, and every one sent after the exit was refused: the stream crossed
    // the whole shutdown.
    const afterSignal = outcomes.filter((o) => o.startedAt > killedAt);
    expect(afterSignal.some((o) => o.status !== undefined)).toBe(true);
    const afterExit = outcomes.filter((o) => o.afterExit);
    expect(afterExit.length).toBe(CONCURRENCY);
    expect(new Set(afterExit.map((o) => o.error))).toEqual(new Set(['ECONNREFUSED']));

    // Exactly the requests the server finished are the ones the client got answered; a failed one was refused.
    const served = new Map(
      jsonLines(gw.running)
        .filter((line) => line.msg === 'request' && String(line.requestId).startsWith('load-request-'))
        .map((line) => [String(line.requestId), Number(line.status)]),
    );
    // A connection still in the kernel's backlog when the listener closes is reset, and a request written on a
    // keep-alive socket just as the server closes it finds the other side closed: either way the server never
    // read it.
    for (const outcome of outcomes) {
      if (outcome.error !== undefined) {
        expect({
          id: outcome.requestId,
          refused: NEVER_READ.includes(outcome.error),
          served: served.has(outcome.requestId),
        }).toEqual({
          id: outcome.requestId,
          refused: true,
          served: false,
        });
        if (outcome.kind === 'create')
          expect(
            await findPartnerActionByKey(gw.db.pool, gw.partner.partnerId, outcome.requestId),
          ).toBeNull();
      } else {
        expect({ id: outcome.requestId, status: served.get(outcome.requestId) }).toEqual({
          id: outcome.requestId,
          status: outcome.status,
        });
        expect(outcome.status).toBeLessThan(500);
      }
    }

    // Every accepted submit left its receipt job done (the action settled) or queued in Redis to be picked up.
    const accepted = outcomes.filter((o) => o.kind === 'submit' && o.status === 200);
    expect(accepted.length).toBeGreaterThan(0);
    const acceptedIds = accepted.map((o) => o.submitOf!);
    const rows = await Promise.all(acceptedIds.map((id) => findPartnerActionById(gw.db.pool, id)));
    for (const [index, id] of acceptedIds.entries()) {
      const row = rows[index];
      const queued = await gw.redis.redis.exists(`${gw.redis.bullmqPrefix}:partner-actions:receipt-${id}`);
      expect({
        id,
        status: row?.status,
        kept: row?.status === 'confirmed' || (row?.status === 'submitted' && queued === 1),
      }).toEqual({
        id,
        status: row?.status,
        kept: true,
      });
    }
    expect(rows.filter((row) => row?.status === 'submitted').length).toBeGreaterThan(0);
    // The users' transactions are mined; a new gateway picks the queued jobs up and settles every accepted submit.
    for (const deposit of unmined) await gw.vault.provider.broadcastTransaction(deposit.gap!);
    await gw.restart();
    for (const id of acceptedIds) {
      await eventually(
        `action ${id} to be confirmed by the next gateway`,
        async () =>
          (await findPartnerActionById(gw.db.pool, id))?.status === 'confirmed' ? true : undefined,
        30_000,
      );
    }
  });
});

describe('indexer: SIGTERM mid-follow', () => {
  let vault: DevnetVault;
  let db: TestDatabase;
  let dir: string;
  const processes: RunningProcess[] = [];
  beforeAll(async () => {
    vault = await deployTestVault();
    db = await createTestDatabase();
    dir = mkdtempSync(path.join(tmpdir(), 'yv-indexer-shutdown-'));
  }, 120_000);
  afterAll(async () => {
    for (const running of processes) await killIfRunning(running);
    vault?.provider.destroy();
    await db?.drop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const startIndexer = async () => {
    const deploymentFile = path.join(dir, 'deployment.json');
    writeDeployment(deploymentFile, vault.deployment);
    const running = await startService('services/indexer/src/main.ts', {
      DATABASE_URL: db.url,
      RPC_URL: vault.rpcUrl,
      DEPLOYMENT_FILE: deploymentFile,
      CONFIRMATIONS: '0',
      POLL_INTERVAL_MS: '100',
      LOG_LEVEL: 'debug',
    });
    processes.push(running);
    return running;
  };

  it('exits 0 and hands the advisory lock to a second indexer', async () => {
    const first = await startIndexer();
    await first.waitForLine(/writer lock taken/, 60_000);
    await first.waitForLine(/indexed range/, 30_000);
    const second = await startIndexer();
    await second.waitForLine(/metrics listening/, 60_000);
    // The second replica waits: the lock is the first one's.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(second.lines.some((line) => /writer lock taken/.test(line))).toBe(false);

    const stoppedAt = Date.now();
    const before = first.lines.length;
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(Date.now() - stoppedAt).toBeLessThan(SHUTDOWN_BOUND_MS);
    expect(first.lines.slice(before).some((line) => /"msg":"stopped"/.test(line))).toBe(true);

    await second.waitForLine(/writer lock taken/, 15_000);
    const taken = second.lines.length;
    await eventually(
      'the second indexer to index a range',
      async () => (second.lines.slice(taken).some((line) => /indexed range/.test(line)) ? true : undefined),
      30_000,
    );
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  });
});

describe('webhook worker: SIGTERM mid-delivery', () => {
  let db: TestDatabase;
  let redis: TestRedis;
  let hooks: Receiver;
  const processes: RunningProcess[] = [];
  beforeAll(async () => {
    db = await createTestDatabase();
    redis = createTestRedis();
    // Slow enough that deliveries are in flight when the signal comes, well inside the worker's timeout.
    hooks = await startReceiver(slow(300));
  }, 60_000);
  afterAll(async () => {
    for (const running of processes) await killIfRunning(running);
    await hooks?.close();
    await redis?.cleanup();
    await db?.drop();
  });

  const startWorker = async () => {
    const running = await startService('services/webhook-worker/src/main.ts', {
      DATABASE_URL: db.url,
      REDIS_URL: redis.url,
      QUEUE_PREFIX: redis.bullmqPrefix,
      WEBHOOK_CONCURRENCY: '4',
      OUTBOX_POLL_MS: '50',
      WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
      LOG_LEVEL: 'info',
    });
    processes.push(running);
    return running;
  };

  it('finishes the deliveries in flight, leaves the rest queued, and the next worker sends each event once', async () => {
    const partner = await createPartner(db.pool, hooks.url);
    const deliveries = () => listWebhookDeliveries(db.pool, partner.id);
    const events = [];
    // Twelve actions of five events each: deliveries of different actions run side by side.
    for (let i = 0; i < 12; i += 1) events.push(...(await actionEvents(db.pool, partner.id, 5)));

    const first = await startWorker();
    await eventually(
      'ten deliveries to reach the receiver',
      async () => (hooks.received.length >= 10 ? true : undefined),
      30_000,
    );
    const stoppedAt = Date.now();
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(Date.now() - stoppedAt).toBeLessThan(SHUTDOWN_BOUND_MS);

    // Every request the receiver got before the exit was answered and recorded: none was cut off.
    const sent = hooks.received.map((r) => String(r.headers['webhook-id']));
    const rows = await deliveries();
    const delivered = new Set(rows.filter((row) => row.status === 'delivered').map((row) => row.eventId));
    expect(sent.filter((id) => !delivered.has(id))).toEqual([]);
    expect(delivered.size).toBeLessThan(events.length);

    const second = await startWorker();
    await eventually(
      'every event to be delivered by the second worker',
      async () => {
        const current = await deliveries();
        return current.length === events.length && current.every((row) => row.status === 'delivered')
          ? true
          : undefined;
      },
      60_000,
    );
    const ids = hooks.received.map((r) => String(r.headers['webhook-id']));
    expect(ids.length).toBe(events.length);
    expect([...new Set(ids)].sort()).toEqual(events.map((event) => event.eventId).sort());
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  });
});
