import { createServer, connect, type Server, type Socket } from 'node:net';
import pino from 'pino';
import type { Provider } from 'ethers';
import type { Express } from 'express';
import { readProductConfig } from '@yv/config';
import type { Pool } from '@yv/db';
import { createServiceMetrics, type ServiceMetrics } from '@yv/metrics';
import { buildOpenApi, createValidator, type SchemaName } from '@yv/schemas';
import type { DevnetVault } from '@yv/testkit';
import { createApp } from '../src/app';
import { DEFAULT_PRODUCT_CONFIG_FILE } from '../src/config';
import {
  createReadServices,
  DEFAULT_BOOTSTRAP_HLP_SERIES_POINTS,
  readsRouter,
  type ReadServices,
} from '../src/reads';

const validator = createValidator();

/** Fails with every schema problem listed when `body` does not validate. */
export function expectValid(schema: SchemaName, body: unknown): void {
  const result = validator.validate(schema, body);
  if (!result.ok)
    throw new Error(
      `${schema} invalid:\n${result.errors.join('\n')}\n${JSON.stringify(body).slice(0, 2000)}`,
    );
}

export const THRESHOLDS = {
  snapshotStaleMs: 60_000,
  hlpSnapshotStaleMs: 900_000,
  indexerStaleMs: 60_000,
  keeperHeartbeatStaleMs: 120_000,
};

export interface ReadsApp {
  app: Express;
  services: ReadServices;
  metrics: ServiceMetrics;
}

/** The gateway app with only the reads mounted, on the given database and chain provider. */
export function readsApp(vault: DevnetVault, pool: Pool, provider: Provider = vault.provider): ReadsApp {
  const metrics = createServiceMetrics('gateway');
  const services = createReadServices({
    pool,
    provider,
    deployment: vault.deployment,
    product: readProductConfig(DEFAULT_PRODUCT_CONFIG_FILE),
    thresholds: THRESHOLDS,
    readinessMaxAgeMs: 60_000,
    cacheTtlMs: 0,
  });
  const app = createApp({
    log: pino({ level: 'silent' }),
    metrics,
    openApi: buildOpenApi({ serverUrl: 'http://127.0.0.1:3000' }),
    bodyLimitBytes: 65_536,
    routers: [
      readsRouter({
        services,
        metrics,
        sectionTimeoutMs: 3_000,
        bootstrapHlpSeriesPoints: DEFAULT_BOOTSTRAP_HLP_SERIES_POINTS,
      }),
    ],
  });
  return { app, services, metrics };
}

/** A TCP relay in front of the devnet RPC that can be cut: the RPC "going down" under a running gateway. */
export interface RpcRelay {
  url: string;
  cut(): Promise<void>;
}

export async function startRpcRelay(rpcUrl: string): Promise<RpcRelay> {
  const target = new URL(rpcUrl);
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = connect(Number(target.port), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => s.destroy());
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    cut: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
