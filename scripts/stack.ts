/**
 * `pnpm stack`: the whole system on the local devnet as separate processes, the way it runs in production —
 * devnet (chain 999, contracts, keeper simulator, HLP and bridge fixtures), migrations, then the gateway, indexer,
 * watcher and webhook worker, their logs interleaved with a name prefix. Prints where everything is and a ready
 * partner API key. Ctrl-C (or SIGTERM) stops every process cleanly, services first, the devnet last.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { common, ConfigError, parseEnv, readDeployment } from '../packages/config/src';
import { forgetAnotherChain } from './forget-another-chain';
import { given, loadStackConfig, type StackConfig } from './stack-config';

const root = path.resolve(__dirname, '..');
/**
 * tsx is loaded into each process rather than run as its CLI: the CLI kills a child that does not acknowledge a
 * signal within 30 ms, which would cut a busy service's drain short.
 */
const TSX = ['--import', 'tsx'];
const env = { ...process.env };
const config = loadConfigOrExit();
const ownDeploymentFile = given(env, 'DEPLOYMENT_FILE');
const deploymentFile = ownDeploymentFile ?? path.join(root, '.devnet/deployment.json');
const cronSecret = given(env, 'CRON_SECRET') ?? randomBytes(24).toString('hex');
const fixtures = `http://127.0.0.1:${config.FIXTURES_PORT}`;
const shared = {
  DEPLOYMENT_FILE: deploymentFile,
  RPC_URL: given(env, 'RPC_URL') ?? `http://127.0.0.1:${config.DEVNET_PORT}`,
  HLP_API_URL: given(env, 'HLP_API_URL') ?? `${fixtures}/info`,
  BRIDGE_API_URL: given(env, 'BRIDGE_API_URL') ?? `${fixtures}/bridge`,
  CRON_SECRET: cronSecret,
  // The dev stack's partners register receivers on this machine (loopback) or the local network.
  WEBHOOK_ALLOW_PRIVATE_URLS: given(env, 'WEBHOOK_ALLOW_PRIVATE_URLS') ?? 'true',
};

function loadConfigOrExit(): StackConfig {
  try {
    return loadStackConfig(process.env);
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(err.message);
    process.exit(2);
  }
}

const children: { name: string; child: ChildProcess }[] = [];
const COLORS = [36, 33, 35, 32, 34];

function prefixLines(name: string, color: number, stream: NodeJS.ReadableStream) {
  let buffer = '';
  stream.on('data', (chunk: Buffer) => {
    buffer += chunk.toString();
    const lines = buffer.split('\n');
    buffer = lines.pop() ?? '';
    for (const line of lines) process.stdout.write(`\x1b[${color}m${name.padEnd(14)}\x1b[0m ${line}\n`);
  });
}

function start(name: string, script: string, extraEnv: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, [...TSX, script], {
    cwd: root,
    env: { ...env, ...shared, ...extraEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const color = COLORS[children.length % COLORS.length]!;
  prefixLines(name, color, child.stdout!);
  prefixLines(name, color, child.stderr!);
  children.push({ name, child });
  child.on('exit', (code, signal) => {
    if (!stopping && !(name === 'devnet' && code === 0)) {
      console.error(`[stack] ${name} exited (${code ?? signal}); stopping the stack`);
      void stop(1);
    }
  });
  return child;
}

async function waitFor(
  what: string,
  check: () => boolean | Promise<boolean>,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(1000) })).ok;
  } catch {
    return false;
  }
}

let stopping = false;
/** Stops services first, then the devnet; each exit is reported, and the stack exits non-zero if any did. */
async function stop(code: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.log('[stack] stopping: services first, then the devnet');
  let failed = false;
  for (const group of [
    children.filter((c) => c.name !== 'devnet'),
    children.filter((c) => c.name === 'devnet'),
  ]) {
    await Promise.all(
      group.map(
        ({ name, child }) =>
          new Promise<void>((resolve) => {
            const report = () => {
              console.log(`[stack] ${name} exited (${child.exitCode ?? child.signalCode})`);
              if (child.exitCode !== 0) failed = true;
              resolve();
            };
            if (child.exitCode !== null || child.signalCode !== null) return report();
            const kill = setTimeout(() => child.kill('SIGKILL'), 30_000);
            child.once('exit', () => {
              clearTimeout(kill);
              report();
            });
            child.kill('SIGTERM');
          }),
      ),
    );
  }
  process.exit(failed ? Math.max(code, 1) : code);
}

function run(script: string, args: string[]): string {
  const result = spawnSync(process.execPath, [...TSX, script, ...args], {
    cwd: root,
    env: { ...env, ...shared },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`${script} ${args.join(' ')} failed:\n${result.stderr}`);
  return result.stdout;
}

async function main(): Promise<void> {
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));
  // A manifest left by an earlier devnet would be read before the new chain wrote its own.
  if (!ownDeploymentFile && existsSync(deploymentFile)) rmSync(deploymentFile);
  const devnet = start('devnet', 'packages/devnet/src/cli.ts', {});
  await waitFor('the devnet deployment', () => existsSync(deploymentFile) || devnet.exitCode === 0, 120_000);

  run('packages/db/src/migrate-cli.ts', []);
  const { DATABASE_URL } = parseEnv({ DATABASE_URL: common.DATABASE_URL }, env);
  const chainId = readDeployment(deploymentFile).chainId;
  if (await forgetAnotherChain({ databaseUrl: DATABASE_URL, rpcUrl: shared.RPC_URL, chainId }))
    console.log("[stack] the database held a previous devnet's chain: emptied it for this one");
  const partner = JSON.parse(
    run('services/gateway/src/admin/cli.ts', ['partner', 'create', '--name', 'local-dev']),
  ) as {
    partnerId: string;
    apiKey: string;
    webhookSecret: string;
  };

  const serviceEnv = { MIGRATE_ON_START: '0' };
  start('gateway', 'services/gateway/src/main.ts', {
    ...serviceEnv,
    PORT: String(config.GATEWAY_PORT),
    PUBLIC_BASE_URL: `http://127.0.0.1:${config.GATEWAY_PORT}`,
    METRICS_PORT: String(config.GATEWAY_METRICS_PORT),
  });
  start('indexer', 'services/indexer/src/main.ts', {
    ...serviceEnv,
    METRICS_PORT: String(config.INDEXER_METRICS_PORT),
  });
  start('watcher', 'services/watcher/src/main.ts', {
    ...serviceEnv,
    METRICS_PORT: String(config.WATCHER_METRICS_PORT),
  });
  start('webhook-worker', 'services/webhook-worker/src/main.ts', {
    ...serviceEnv,
    METRICS_PORT: String(config.WORKER_METRICS_PORT),
  });
  const gateway = `http://127.0.0.1:${config.GATEWAY_PORT}`;
  await waitFor('the gateway', () => answers(`${gateway}/readyz`), 120_000);
  // Ready means every service answers, not only the gateway: on a loaded machine the others start later.
  for (const [service, port] of Object.entries({
    indexer: config.INDEXER_METRICS_PORT,
    watcher: config.WATCHER_METRICS_PORT,
    'webhook-worker': config.WORKER_METRICS_PORT,
  }))
    await waitFor(`the ${service}`, () => answers(`http://127.0.0.1:${port}/metrics`), 60_000);

  console.log(
    [
      '',
      '[stack] ready',
      `  gateway        ${gateway}   docs ${gateway}/docs   OpenAPI ${gateway}/api/v1/openapi.json`,
      `  metrics        /metrics on gateway :${config.GATEWAY_METRICS_PORT}, indexer :${config.INDEXER_METRICS_PORT}, watcher :${config.WATCHER_METRICS_PORT}, webhook-worker :${config.WORKER_METRICS_PORT}`,
      `  chain 999      ${shared.RPC_URL}   deployment ${deploymentFile}`,
      `  partner        id ${partner.partnerId}`,
      `  API key        ${partner.apiKey}`,
      `  webhook secret ${partner.webhookSecret}`,
      `  cron secret    ${cronSecret}`,
      '  Ctrl-C stops everything.',
      '',
    ].join('\n'),
  );
}

main().catch((err) => {
  console.error('[stack] failed:', err instanceof Error ? err.message : err);
  void stop(1);
});
