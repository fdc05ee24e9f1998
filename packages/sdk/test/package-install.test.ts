// layouts: both
import { execFile } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestPartner } from '../../../services/gateway/test/support/partner';
import { createPartnerClient, type PartnerClient } from '../src';
import { useRunningServices } from './flows/stack';
import { useListeningGateway } from './support';

/**
 * @yv/sdk as a partner installs it: packed by the documented command, installed by plain npm into a project
 * outside the workspace, type-checked there under node16 and bundler resolution, and run there by plain node (no
 * tsx, no TypeScript) against the gateway over HTTP, with the indexer, vault snapshots and the keeper running.
 */
const { gw, server } = useListeningGateway();
const ROOT = path.resolve(__dirname, '../../..');
const FIXTURES = path.join(__dirname, 'package-install');
const TSC = path.join(ROOT, 'node_modules/.bin/tsc');
const USDC = 10n ** 6n;

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs a command without blocking this process, which serves the gateway the command may be calling. */
function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): Promise<Run> {
  return new Promise((resolve) => {
    execFile(command, args, { cwd, env: { ...consumerEnv(), ...env } }, (error, stdout, stderr) =>
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr }),
    );
  });
}

/** This environment without what pnpm and jest add (npm_config_*, NODE_OPTIONS): the consumer runs plain. */
function consumerEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith('npm_') && name !== 'NODE_OPTIONS'),
  );
}

/** The command's stdout, once it exited 0; its whole output otherwise, as the failure. */
async function succeeded(pending: Promise<Run>): Promise<string> {
  const result = await pending;
  if (result.code !== 0) throw new Error(`exit ${result.code}\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

const lastLine = (stdout: string) => stdout.trim().split('\n').at(-1) as string;

describe('the packed @yv/sdk installed by npm outside the workspace', () => {
  const services = useRunningServices(gw);
  const project = { dir: '', tarball: '' };
  let client: PartnerClient;
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    project.dir = mkdtempSync(path.join(tmpdir(), 'yv-sdk-consumer-'));
    // The README's command; --out keeps this run's tarball apart from the repository's dist/.
    project.tarball = lastLine(await succeeded(run('pnpm', ['sdk:pack', '--out', project.dir], ROOT)));
    writeFileSync(
      path.join(project.dir, 'package.json'),
      JSON.stringify({ name: 'consumer', private: true }),
    );
    const install = ['install', project.tarball, '--no-audit', '--no-fund', '--prefer-offline'];
    await succeeded(run('npm', install, project.dir));
    for (const file of ['flow.mjs', 'load.cjs', 'consumer.ts']) {
      copyFileSync(path.join(FIXTURES, file), path.join(project.dir, file));
    }
    const apiKey = (await createTestPartner(gw.pool)).apiKey;
    client = createPartnerClient({ baseUrl: server.baseUrl, apiKey });
    env = {
      YV_API_URL: server.baseUrl,
      YV_API_KEY: apiKey,
      YV_RPC_URL: gw.vault.rpcUrl,
      YV_ACCOUNT: gw.vault.wallets[1]!.address,
    };
  }, 300_000);
  afterAll(() => {
    if (project.dir) rmSync(project.dir, { recursive: true, force: true });
  });

  it('holds compiled JavaScript of both formats, their declarations and the wire types, no TypeScript source', async () => {
    expect(path.basename(project.tarball)).toBe('yv-sdk-0.2.0.tgz');
    const files = (await succeeded(run('tar', ['-tzf', project.tarball], project.dir))).trim().split('\n');
    expect(files).toEqual(
      expect.arrayContaining([
        'package/dist/index.mjs',
        'package/dist/index.cjs',
        'package/dist/index.d.mts',
        'package/dist/index.d.cts',
        'package/dist/generated/openapi.d.mts',
        'package/dist/generated/openapi.d.cts',
        'package/README.md',
        'package/CHANGELOG.md',
      ]),
    );
    expect(files.filter((file) => /\.ts$/.test(file) && !/\.d\.[mc]ts$/.test(file))).toEqual([]);
    const installed = path.join(project.dir, 'node_modules/@yv/sdk/package.json');
    const manifest = JSON.parse(readFileSync(installed, 'utf8')) as Record<string, unknown>;
    expect(manifest).toMatchObject({
      main: './dist/index.cjs',
      exports: { '.': { import: { default: './dist/index.mjs' }, require: { default: './dist/index.cjs' } } },
      dependencies: { 'openapi-fetch': '^0.17.0' },
    });
    expect(manifest).not.toHaveProperty('devDependencies');
  });

  it('type-checks a consumer under node16 resolution (ES module and CommonJS) and under bundler', async () => {
    copyFileSync(path.join(project.dir, 'consumer.ts'), path.join(project.dir, 'consumer.mts'));
    copyFileSync(path.join(project.dir, 'consumer.ts'), path.join(project.dir, 'consumer.cts'));
    // No @types/node: a consumer's own environment; skipLibCheck off, so the declarations are checked too.
    const common = { target: 'es2022', strict: true, noEmit: true, lib: ['es2022', 'dom'], types: [] };
    const configs = {
      node16: { module: 'node16', moduleResolution: 'node16', files: ['consumer.mts', 'consumer.cts'] },
      bundler: { module: 'preserve', moduleResolution: 'bundler', files: ['consumer.ts'] },
    };
    for (const [name, { files, ...options }] of Object.entries(configs)) {
      const config = { compilerOptions: { ...common, ...options }, files };
      writeFileSync(path.join(project.dir, `tsconfig.${name}.json`), JSON.stringify(config));
      const checked = await run(TSC, ['-p', `tsconfig.${name}.json`], project.dir);
      expect({ name, code: checked.code, output: checked.stdout }).toEqual({ name, code: 0, output: '' });
    }
  }, 180_000);

  it('loads through require() and calls the gateway with it', async () => {
    const loaded = JSON.parse(lastLine(await succeeded(run('node', ['load.cjs'], project.dir, env))));
    expect(loaded).toEqual({
      contractVersion: gw.vault.deployment.contractVersion,
      flows: { deposit: 'function', withdraw: 'function' },
      refused: { isPartnerApiError: true, status: 401 },
    });
  }, 60_000);

  /** Runs flow.mjs with plain node in the consumer project and answers what it printed. */
  async function flow(step: 'deposit' | 'withdraw', amount: bigint) {
    const stdout = await succeeded(
      run('node', ['flow.mjs', step], project.dir, { ...env, YV_AMOUNT: amount.toString() }),
    );
    return JSON.parse(lastLine(stdout)) as Record<string, unknown>;
  }

  /** The account's shares as bootstrap's position gives them, once there are some (the read trails the head). */
  async function sharesOf(account: string): Promise<bigint> {
    for (;;) {
      const { data } = await client.api.GET('/api/v1/bootstrap', { params: { query: { wallet: account } } });
      const shares = BigInt(data!.data.position!.balances.shares.raw);
      if (shares > 0n) return shares;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  /** Parks the vault's free USDC in the strategy (the keeper keeps a 20 % buffer) until bootstrap shows it. */
  async function drainInstantLiquidity(): Promise<void> {
    await services.keeper.tick();
    await services.snapshot();
    for (;;) {
      const { liquidity, analytics } = await client.getVault();
      if (BigInt(liquidity.instantRedeemCapacity.raw) * 4n < BigInt(analytics.tvl.raw)) return;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  it('deposits through the approval path and queues a withdrawal, with plain node and an ES module', async () => {
    const deposited = await flow('deposit', 10_000n * USDC);
    expect(deposited).toMatchObject({
      approvalTxHash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
      action: { action: 'deposit', status: 'indexed' },
    });

    await drainInstantLiquidity();
    const shares = ((await sharesOf(env.YV_ACCOUNT!)) * 3n) / 4n;
    const queued = await flow('withdraw', shares);
    expect(queued).toMatchObject({
      mode: 'queued',
      action: { action: 'redeem_async', status: 'waiting_for_keeper' },
      redemption: { status: 'pending', shares: shares.toString() },
    });
  }, 240_000);
});
