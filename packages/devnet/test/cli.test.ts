import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Redis from 'ioredis';
import { readDeployment } from '@yv/config';
import { probeChainId, testRedisUrl } from '../src';

const cliPath = path.resolve(__dirname, '../src/cli.ts');
const tsx = require.resolve('tsx/cli');

function runCli(env: Record<string, string>): { child: ChildProcess; output: () => string } {
  let output = '';
  const child = spawn(process.execPath, [tsx, cliPath], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  return { child, output: () => output };
}

async function waitFor(predicate: () => boolean, timeoutMs: number, what: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting; output:\n${what()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

function exitOf(child: ChildProcess): Promise<number | null> {
  return child.exitCode !== null
    ? Promise.resolve(child.exitCode)
    : new Promise((r) => child.once('exit', r));
}

it('pnpm devnet deploys, writes the manifest, serves the fixtures, and a second run finds the first', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'yv-devnet-'));
  const env = {
    DEVNET_PORT: String(18545 + Number(process.env.JEST_WORKER_ID ?? 1)),
    FIXTURES_PORT: String(18645 + Number(process.env.JEST_WORKER_ID ?? 1)),
    DEPLOYMENT_FILE: path.join(dir, 'deployment.json'),
    KEEPER_INTERVAL_MS: '500',
    KEEPER_HEARTBEAT_STREAM: `yvtest:${process.pid}:cli-heartbeats`,
  };
  const first = runCli(env);
  try {
    await waitFor(() => first.output().includes('keeper simulator every'), 90_000, first.output);
    const deployment = readDeployment(env.DEPLOYMENT_FILE);
    expect(deployment.chainId).toBe(999);
    expect(deployment.contractVersion).toBe('svc-pipe-v2');
    const raw = JSON.parse(readFileSync(env.DEPLOYMENT_FILE, 'utf8'));
    for (const name of [
      'vault',
      'usdc',
      'hlpVault',
      'core',
      'share',
      'depositPipe',
      'redemptionPipe',
      'strategyKeeper',
      'navSource',
    ]) {
      expect(raw.contracts[name]).toMatch(/^0x[0-9a-fA-F]{40}$/);
    }
    expect(await probeChainId(`http://127.0.0.1:${env.DEVNET_PORT}`)).toBe(999);
    const hlp = await fetch(`http://127.0.0.1:${env.FIXTURES_PORT}/info`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'vaultDetails', vaultAddress: deployment.contracts.hlpVault }),
    });
    expect(hlp.status).toBe(200);

    const second = runCli(env);
    expect(await exitOf(second.child)).toBe(0);
    expect(second.output()).toContain('already running');
  } finally {
    first.child.kill('SIGTERM');
    expect(await exitOf(first.child)).toBe(0);
  }
  expect(await probeChainId(`http://127.0.0.1:${env.DEVNET_PORT}`)).toBeNull();
  const redis = new Redis(testRedisUrl());
  expect(await redis.xlen(env.KEEPER_HEARTBEAT_STREAM)).toBeGreaterThan(0);
  await redis.del(env.KEEPER_HEARTBEAT_STREAM);
  redis.disconnect();
}, 150_000);
