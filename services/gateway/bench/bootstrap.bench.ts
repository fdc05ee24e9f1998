/**
 * Bootstrap throughput and latency next to a bare Express endpoint answering a JSON body of the same size, in the
 * same run, at 50 connections: one wallet, then 1,000 distinct wallets. Starts its own devnet, database and HLP
 * fixture; prints figures only (no pass/fail). Run: pnpm --filter gateway bench
 */
import type { AddressInfo } from 'node:net';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import express from 'express';
import pino from 'pino';
import { hexlify, randomBytes } from 'ethers';
import { vaultDriver, vaultLayout } from '@yv/chain';
import { readProductConfig } from '@yv/config';
import { getIndexerState } from '@yv/db';
import { startChain, startFixtureServer, USDC } from '@yv/devnet';
import { createServiceMetrics } from '@yv/metrics';
import { buildOpenApi } from '@yv/schemas';
import { createTestDatabase, deployTestVault, freePort } from '@yv/testkit';
import { createIndexer } from '../../indexer/src/indexer';
import { createWatcher, parseWatcherConfig } from '../../watcher/src';
import { createApp } from '../src/app';
import { DEFAULT_PRODUCT_CONFIG_FILE } from '../src/config';
import { createReadServices, DEFAULT_BOOTSTRAP_HLP_SERIES_POINTS, readsRouter } from '../src/reads';

const CONNECTIONS = 50;
const execFileAsync = promisify(execFile);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const DISTINCT_WALLETS = 1_000;

interface Figures {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

async function load(name: string, url: string, paths: string[]): Promise<Figures> {
  const args = JSON.stringify({ url, paths, connections: CONNECTIONS, durationS: DURATION_S });
  const { stdout } = await execFileAsync(
    process.execPath,
    [require.resolve('tsx/cli'), path.join(__dirname, 'load-client.ts'), args],
    {
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  return { name, ...(JSON.parse(stdout) as Omit<Figures, 'name'>) };
}

async function listen(app: express.Express): Promise<{ url: string; close: () => void }> {
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

async function main(): Promise<void> {
  const chain = await startChain({ port: await freePort(), blockIntervalMs: 1000 });
  const fixture = await startFixtureServer({ port: 0 });
  const db = await createTestDatabase();
  const vault = await deployTestVault({}, chain.rpcUrl);
  try {
    const wallet = vault.wallets[0]!;
    const layout = vaultLayout(vault.deployment);
    const receipt = await vaultDriver(layout, wallet).approveAndDeposit(5_000n * USDC);

    const indexer = createIndexer({
      pool: db.pool,
      databaseUrl: db.url,
      rpcUrl: chain.rpcUrl,
      deployment: vault.deployment,
      confirmations: 0,
    });
    for (let i = 0; i < 100; i++) {
      await indexer.runOnce();
      const state = await getIndexerState(db.pool, vault.deployment.chainId);
      if (state && state.cursorBlock >= BigInt(receipt.blockNumber)) break;
    }
    const watcher = createWatcher({
      config: parseWatcherConfig({
        DATABASE_URL: db.url,
        RPC_URL: chain.rpcUrl,
        MIGRATE_ON_START: '0',
        HLP_API_URL: fixture.hlpUrl,
        KEEPER_HEARTBEAT_STREAM: `yv:bench:${process.pid}:heartbeats`,
        LOG_LEVEL: 'error',
      }),
      deployment: vault.deployment,
      pool: db.pool,
    });
    await watcher.runOnce();
    await watcher.stop();

    const metrics = createServiceMetrics('gateway');
    const services = createReadServices({
      pool: db.pool,
      provider: vault.provider,
      deployment: vault.deployment,
      layout,
      product: readProductConfig(DEFAULT_PRODUCT_CONFIG_FILE),
      thresholds: {
        snapshotStaleMs: 600_000,
        hlpSnapshotStaleMs: 900_000,
        indexerStaleMs: 600_000,
        keeperHeartbeatStaleMs: 120_000,
      },
      readinessMaxAgeMs: 600_000,
    });
    const gateway = await listen(
      createApp({
        log: pino({ level: 'warn' }),
        metrics,
        openApi: buildOpenApi({ serverUrl: 'http://127.0.0.1' }),
        bodyLimitBytes: 65_536,
        routers: [
          readsRouter({
            services,
            metrics,
            sectionTimeoutMs: 2_000,
            bootstrapHlpSeriesPoints: DEFAULT_BOOTSTRAP_HLP_SERIES_POINTS,
          }),
        ],
      }),
    );
    const one = `/api/v1/bootstrap?wallet=${wallet.address}`;
    const sample = await (await fetch(`${gateway.url}${one}`)).text();
    const parsed = JSON.parse(sample) as { data: { errors: object } };
    if (Object.keys(parsed.data.errors).length > 0)
      throw new Error(`bootstrap sections failed: ${JSON.stringify(parsed.data.errors)}`);
    const bareApp = express();
    bareApp.get('/bare', (_req, res) => {
      res.json(parsed);
    });
    const bare = await listen(bareApp);

    const wallets = Array.from({ length: DISTINCT_WALLETS }, () => hexlify(randomBytes(20)));
    const many = wallets.map((w) => `/api/v1/bootstrap?wallet=${w}`);
    // Warm-up: token metadata, capabilities, the HLP section.
    await load('warm-up', gateway.url, [one]);
    const figures = [
      await load('bare express (same body)', bare.url, ['/bare']),
      await load('bootstrap, 1 wallet', gateway.url, [one]),
      await load('bare express (same body)', bare.url, ['/bare']),
      await load(`bootstrap, ${DISTINCT_WALLETS} wallets`, gateway.url, many),
    ];
    gateway.close();
    bare.close();

    console.log(
      `\nbody ${Buffer.byteLength(sample)} bytes, ${CONNECTIONS} connections, ${DURATION_S} s each`,
    );
    console.log('endpoint                        req/s      p50 ms  p99 ms  errors  non-2xx  vs bare');
    for (const [i, f] of figures.entries()) {
      const bareRps = figures[i % 2 === 0 ? i : i - 1]!.rps;
      console.log(
        `${f.name.padEnd(30)} ${f.rps.toFixed(0).padStart(7)} ${String(f.p50).padStart(9)} ${String(f.p99).padStart(7)} ${String(f.errors).padStart(7)} ${String(f.non2xx).padStart(8)}  ${(f.rps / bareRps).toFixed(2)}`,
      );
    }
  } finally {
    vault.provider.destroy();
    await db.drop();
    await fixture.close();
    await chain.stop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
