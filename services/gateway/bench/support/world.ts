import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Express } from 'express';
import { vaultDriver } from '@yv/chain';
import { getIndexerState } from '@yv/db';
import { startChain, startFixtureServer, USDC, type FixtureServer, type RunningChain } from '@yv/devnet';
import {
  cpuSince,
  freePort,
  startRpcProxy,
  type CpuScope,
  type ProcessKind,
  type RpcProxy,
} from '@yv/testkit';
import { createIndexer } from '../../../indexer/src/indexer';
import { createWatcher, parseWatcherConfig } from '../../../watcher/src';
import { startTestGateway, type TestGateway } from '../../test/support/gateway';
import type { LoadFigures, LoadSpec } from '../load-client';

const execFileAsync = promisify(execFile);

/** A run's figures, with the CPU this process (the gateway, and the node's counting proxy) spent per request. */
export interface BenchFigures extends LoadFigures {
  /** Steadier than req/s on a shared machine: it counts only what this process ran, however long it waited. */
  cpuMsPerRequest: number;
  /**
   * CPU ms per request of every process the run kept busy: where the machine's two cores went, so a ceiling
   * can be told from a bottleneck of the gateway's own.
   */
  cpuSplit: { gateway: number; node?: number; postgres?: number; load: number };
}

/**
 * autocannon in its own process (load-client.ts), so it takes no CPU from the gateway it measures. With `scope`
 * (a world's), the CPU split counts that world's node and database too.
 */
export async function load(spec: LoadSpec, scope?: CpuScope): Promise<BenchFigures> {
  // Through a file: ten thousand paths are longer than a command line may be.
  const dir = mkdtempSync(path.join(tmpdir(), 'yv-bench-'));
  const specFile = path.join(dir, 'spec.json');
  writeFileSync(specFile, JSON.stringify(spec));
  const cpu = cpuSince(scope ?? {});
  try {
    const { stdout } = await execFileAsync(
      process.execPath,
      [require.resolve('tsx/cli'), path.join(__dirname, '..', 'load-client.ts'), specFile],
      { maxBuffer: 64 * 1024 * 1024 },
    );
    const figures = JSON.parse(stdout) as LoadFigures;
    const used = cpu();
    const perRequest = (ms: number) => ms / Math.max(figures.requests, 1);
    const gateway = perRequest(used.self);
    const other = (kind: ProcessKind) => (used[kind] === undefined ? undefined : perRequest(used[kind]));
    return {
      ...figures,
      cpuMsPerRequest: gateway,
      cpuSplit: {
        gateway,
        node: other('node'),
        postgres: other('postgres'),
        load: perRequest(figures.cpuMs),
      },
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function listen(app: Express): Promise<{ url: string; close: () => Promise<void> }> {
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * The gateway as main.ts composes it, on a devnet of its own whose every RPC call goes through a counting proxy,
 * with what the watcher and the indexer would have stored (one deposit indexed, one vault and HLP snapshot), so
 * every bootstrap section renders.
 */
export interface BenchWorld {
  gw: TestGateway;
  url: string;
  rpc: RpcProxy;
  /** Its own devnet node and database, for load()'s CPU split. */
  cpuScope: CpuScope;
  close(): Promise<void>;
}

export async function startBenchWorld(): Promise<BenchWorld> {
  const chain: RunningChain = await startChain({ port: await freePort(), blockIntervalMs: 1000 });
  const rpc = await startRpcProxy(chain.rpcUrl);
  const fixture: FixtureServer = await startFixtureServer({ port: 0 });
  const gw = await startTestGateway({ rpcUrl: chain.rpcUrl, env: { RPC_URL: rpc.url } });
  const receipt = await vaultDriver(gw.ctx.layout, gw.vault.wallets[0]!).approveAndDeposit(5_000n * USDC);
  const indexer = createIndexer({
    pool: gw.pool,
    databaseUrl: gw.config.DATABASE_URL,
    rpcUrl: chain.rpcUrl,
    deployment: gw.vault.deployment,
    confirmations: 0,
  });
  for (let i = 0; i < 100; i++) {
    await indexer.runOnce();
    const state = await getIndexerState(gw.pool, gw.vault.deployment.chainId);
    if (state && state.cursorBlock >= BigInt(receipt.blockNumber)) break;
  }
  const watcher = createWatcher({
    config: parseWatcherConfig({
      DATABASE_URL: gw.config.DATABASE_URL,
      RPC_URL: chain.rpcUrl,
      MIGRATE_ON_START: '0',
      HLP_API_URL: fixture.hlpUrl,
      KEEPER_HEARTBEAT_STREAM: `yv:bench:${process.pid}:heartbeats`,
      LOG_LEVEL: 'error',
    }),
    deployment: gw.vault.deployment,
    pool: gw.pool,
  });
  await watcher.runOnce();
  await watcher.stop();
  // The watcher found no keeper heartbeat (no keeper runs here) and published deposits as not ready.
  await gw.setReadiness();
  const server = await listen(gw.app);
  return {
    gw,
    url: server.url,
    rpc,
    cpuScope: {
      nodePort: Number(new URL(chain.rpcUrl).port),
      database: new URL(gw.config.DATABASE_URL).pathname.slice(1),
    },
    close: async () => {
      await server.close();
      await gw.close();
      await rpc.close();
      await fixture.close();
      await chain.stop();
    },
  };
}

/**
 * Runs a bench on a world of its own, closes the world, and exits: the exit code says whether it ran, and a handle
 * left open (a pool, the devnet child) cannot keep the process up.
 */
export function runInWorld(bench: (world: BenchWorld) => Promise<void>): void {
  startBenchWorld()
    .then(async (world) => {
      try {
        await bench(world);
      } finally {
        await world.close();
      }
    })
    .then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
}

/** Calls per request of each JSON-RPC method, from the proxy's counts over `requests` requests. */
export function callsPerRequest(counts: Record<string, number>, requests: number): string {
  return Object.entries(counts)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([method, n]) => `${method} ${(n / requests).toFixed(3)}`)
    .join(', ');
}

export function row(cells: (string | number)[], widths: number[]): string {
  return cells
    .map((c, i) => (i === 0 ? String(c).padEnd(widths[i]!) : String(c).padStart(widths[i]!)))
    .join(' ');
}
