// layouts: both
/**
 * The must-show of issue 7: `pnpm stack` (tsx scripts/stack.ts) starts the devnet and the four services as separate
 * processes; a partner deposits through it over HTTP, the indexer in the stack moves the action to `indexed`, and
 * SIGTERM stops every process with exit 0 and frees every port.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readDeployment } from '../../packages/config/src';
import { devnetWallet } from '../../packages/devnet/src';
import {
  createTestDatabase,
  createTestRedis,
  freePort,
  testProvider,
  type TestDatabase,
  type TestRedis,
} from '../../packages/testkit/src';
import { signAndSend, verifiedHash } from '../../services/gateway/test/support/signer';
import { eventually, killIfRunning, listening, startScript, type RunningProcess } from './support/processes';

jest.setTimeout(300_000);

interface ActionJson {
  id: string;
  status: string;
  steps: { kind: string; tx: { to: string; data: string; value: string; chainId: number } }[];
  metadata: { addresses: { depositPipe: string } };
}

const SERVICES = ['gateway', 'indexer', 'watcher', 'webhook-worker', 'devnet'];
/** Metric name prefix (svc_<service>_) -> the stack variable of its metrics port. */
const METRICS_PORTS: Record<string, string> = {
  gateway: 'GATEWAY_METRICS_PORT',
  indexer: 'INDEXER_METRICS_PORT',
  watcher: 'WATCHER_METRICS_PORT',
  webhook_worker: 'WORKER_METRICS_PORT',
};

describe('the whole stack as processes (pnpm stack)', () => {
  let db: TestDatabase;
  let redis: TestRedis;
  let dir: string;
  let stack: RunningProcess | undefined;
  const ports: Record<string, number> = {};

  beforeAll(async () => {
    db = await createTestDatabase();
    redis = createTestRedis();
    dir = mkdtempSync(path.join(tmpdir(), 'yv-stack-test-'));
    for (const name of [
      'DEVNET_PORT',
      'FIXTURES_PORT',
      'GATEWAY_PORT',
      'GATEWAY_METRICS_PORT',
      'INDEXER_METRICS_PORT',
      'WATCHER_METRICS_PORT',
      'WORKER_METRICS_PORT',
    ])
      ports[name] = await freePort();
  });

  afterAll(async () => {
    await killIfRunning(stack);
    await redis?.cleanup();
    await db?.drop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** Starts `pnpm stack` on this file's ports, database and Redis prefix, and waits for its ready block. */
  async function startStack(deploymentFile: string) {
    stack = startScript('scripts/stack.ts', {
      ...Object.fromEntries(Object.entries(ports).map(([k, v]) => [k, String(v)])),
      DATABASE_URL: db.url,
      REDIS_URL: redis.url,
      QUEUE_PREFIX: redis.bullmqPrefix,
      KEEPER_HEARTBEAT_STREAM: `${redis.prefix}keeper:heartbeats`,
      DEPLOYMENT_FILE: deploymentFile,
      DEVNET_BLOCK_INTERVAL_MS: '300',
      KEEPER_INTERVAL_MS: '1000',
      LOG_LEVEL: 'info',
    });
    await stack.waitForLine(/\[stack\] ready/, 180_000);
    return /API key\s+(\S+)/.exec(await stack.waitForLine(/API key\s+\S+/, 5_000))![1]!;
  }

  /** A deposit created, signed, submitted and followed to `indexed` through the running stack. */
  async function depositToIndexed(apiKey: string, deploymentFile: string, keyPrefix: string) {
    const gateway = `http://127.0.0.1:${ports.GATEWAY_PORT}`;
    const deployment = readDeployment(deploymentFile);
    const provider = testProvider(`http://127.0.0.1:${ports.DEVNET_PORT}`);
    const wallet = devnetWallet(2, provider);

    const call = async (method: string, route: string, body?: unknown, key?: string) => {
      const res = await fetch(`${gateway}${route}`, {
        method,
        headers: {
          authorization: `Bearer ${apiKey}`,
          'content-type': 'application/json',
          ...(key ? { 'idempotency-key': key } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return {
        status: res.status,
        body: (await res.json()) as { data?: ActionJson; error?: { code: string } },
      };
    };
    const body = { amountRaw: '250000000', account: wallet.address, slippageBps: 50 };
    // The watcher needs a keeper heartbeat and a snapshot before deposits are open: retry until they are.
    const create = (key: string) =>
      eventually(
        'a deposit action (readiness open)',
        async () => {
          const res = await call('POST', '/api/v1/partner/actions/deposit', body, key);
          return res.status === 201 ? res.body.data! : undefined;
        },
        90_000,
      );

    try {
      let action = await create(`${keyPrefix}-1`);
      const approval = action.steps.find((step) => step.kind === 'approval');
      if (approval) {
        verifiedHash(await signAndSend(wallet, approval.tx), deployment.contracts.usdc);
        action = await create(`${keyPrefix}-2`);
      }
      expect(action.steps.map((step) => step.kind)).toEqual(['deposit']);
      const receipt = await signAndSend(wallet, action.steps[0]!.tx);
      const hash = verifiedHash(receipt, action.metadata.addresses.depositPipe);
      const submitted = await call('POST', `/api/v1/partner/actions/${action.id}/submit`, { txHash: hash });
      expect({ status: submitted.status, action: submitted.body.data?.status }).toEqual({
        status: 200,
        action: 'submitted',
      });
      const indexed = await eventually(
        'the action to be indexed',
        async () => {
          const res = await call('GET', `/api/v1/partner/actions/${action.id}`);
          return res.body.data?.status === 'indexed' ? res.body.data : undefined;
        },
        90_000,
      );
      expect(indexed.status).toBe('indexed');
    } finally {
      provider.destroy();
    }
  }

  async function stopStack() {
    const stopped = Date.now();
    stack!.child.kill('SIGTERM');
    expect(await stack!.exited).toBe(0);
    expect(Date.now() - stopped).toBeLessThan(35_000);
    for (const name of SERVICES) expect(stack!.output()).toContain(`[stack] ${name} exited (0)`);
    for (const [name, port] of Object.entries(ports))
      expect({ name, listening: await listening(port) }).toEqual({ name, listening: false });
  }

  it('runs a deposit as a partner would, stops every process cleanly on SIGTERM, and does it again on a fresh devnet', async () => {
    const deploymentFile = path.join(dir, 'deployment.json');
    const apiKey = await startStack(deploymentFile);
    const gateway = `http://127.0.0.1:${ports.GATEWAY_PORT}`;
    // Every service's metrics on its own port; the partner API's port does not expose them.
    for (const [service, name] of Object.entries(METRICS_PORTS)) {
      const text = await (await fetch(`http://127.0.0.1:${ports[name]}/metrics`)).text();
      expect({ service, exported: text.includes(`svc_${service}_`) }).toEqual({ service, exported: true });
    }
    expect((await fetch(`${gateway}/metrics`)).status).toBe(404);
    await depositToIndexed(apiKey, deploymentFile, 'stack-deposit');
    await stopStack();

    // The second run starts a new devnet (a new chain) on the same database, as Ctrl-C and run again does.
    rmSync(deploymentFile);
    const secondKey = await startStack(deploymentFile);
    expect(stack!.output()).toContain("the database held a previous devnet's chain: emptied it for this one");
    await depositToIndexed(secondKey, deploymentFile, 'stack-again');
    const health = (await (await fetch(`${gateway}/api/v1/health`)).json()) as {
      data: { indexer: { lagBlocks: number | null }; ready: { reasonCodes: string[] } };
    };
    expect(health.data.ready.reasonCodes.filter((code) => code.startsWith('INDEXER'))).toEqual([]);
    await stopStack();
  });
});
