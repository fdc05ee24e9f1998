import Redis from 'ioredis';
import { createChainProvider } from '@yv/chain';
import type { Deployment } from '@yv/config';
import {
  ADVISORY_LOCKS,
  createPool,
  openAdvisoryLockSession,
  pruneHlpSnapshots,
  pruneKeeperHeartbeats,
  pruneReadiness,
  pruneVaultSnapshots,
  type AdvisoryLockSession,
  type Pool,
} from '@yv/db';
import type { Readiness } from '@yv/domain';
import type { WatcherConfig } from './config';
import { errorMessage, type Log, type WatcherContext } from './context';
import { createWatcherLog } from './log';
import { readHeartbeats } from './heartbeats';
import { pollHlp } from './hlp-poller';
import { startLoop, type Loop } from './loop';
import { createWatcherMetrics, type WatcherMetrics } from './metrics';
import { evaluateAndStoreReadiness } from './readiness';
import { takeVaultSnapshot } from './vault-snapshot';

export interface WatcherOptions {
  config: WatcherConfig;
  deployment: Deployment;
  /** Default: a pool on DATABASE_URL, ended by stop(). */
  pool?: Pool;
  /** Default: JSON lines on stdout/stderr at LOG_LEVEL. */
  log?: Log;
  metrics?: WatcherMetrics;
}

export interface Watcher {
  /** Waits for the writer lock in the background, then runs every loop while holding it. Resolves at once. */
  start(): void;
  /** Stops the loops, releases the lock and closes every connection the watcher opened. */
  stop(): Promise<void>;
  /** One pass of every step (vault snapshot, HLP poll, heartbeats in the stream, readiness), without the lock. */
  runOnce(): Promise<Readiness>;
  /** True while this replica holds the writer lock. */
  isWriter(): boolean;
  readonly metrics: WatcherMetrics;
}

const sleep = (ms: number, until: Promise<unknown>): Promise<unknown> => {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([new Promise((resolve) => (timer = setTimeout(resolve, ms))), until]).finally(() =>
    clearTimeout(timer),
  );
};

export function createWatcher(options: WatcherOptions): Watcher {
  const { config, deployment } = options;
  const ownsPool = options.pool === undefined;
  const pool = options.pool ?? createPool(config.DATABASE_URL, { applicationName: 'yv-watcher' });
  const metrics = options.metrics ?? createWatcherMetrics();
  const log = options.log ?? createWatcherLog(config.LOG_LEVEL);
  const ctx: WatcherContext = {
    config,
    deployment,
    pool,
    provider: createChainProvider({
      rpcUrl: config.RPC_URL,
      chainId: deployment.chainId,
      timeoutMs: config.RPC_TIMEOUT_MS,
    }),
    metrics,
    log,
    hlpVaultAddress: config.HLP_VAULT_ADDRESS ?? deployment.contracts.hlpVault,
    rpc: { healthy: true, error: null },
    startedAt: new Date(),
  };
  let writer = false;
  let stopped = false;
  let leading: Promise<void> | undefined;
  let onceRedis: Redis | undefined;
  let stopping: Promise<void> | undefined;
  let resolveStop!: () => void;
  const stopSignal = new Promise<void>((resolve) => (resolveStop = resolve));

  const onError = (name: string, error: unknown, failures: number): void =>
    log('error', `${name} step failed`, { error: errorMessage(error), failures });

  const evaluate = async (): Promise<void> => {
    await evaluateAndStoreReadiness(ctx);
  };

  const prune = async (): Promise<void> => {
    const before = new Date(Date.now() - config.RETENTION_MS);
    await pruneVaultSnapshots(pool, before);
    await pruneHlpSnapshots(pool, before);
    await pruneKeeperHeartbeats(pool, before);
    await pruneReadiness(pool, before);
  };

  /** The loops of one term as writer; the blocking Redis connection is the term's own, so stop can cut it. */
  function startLoops(): { stop(): Promise<void> } {
    const blocking = new Redis(config.REDIS_URL, { maxRetriesPerRequest: null });
    blocking.on('error', (error) => log('warn', 'redis error', { error: errorMessage(error) }));
    const loops: Loop[] = [
      startLoop({
        name: 'vault-snapshot',
        intervalMs: config.VAULT_SNAPSHOT_INTERVAL_MS,
        step: () => takeVaultSnapshot(ctx).finally(evaluate),
        onError,
      }),
      startLoop({
        name: 'hlp-poll',
        intervalMs: config.HLP_POLL_INTERVAL_MS,
        maxBackoffMs: config.HLP_POLL_INTERVAL_MS,
        step: async () => {
          await pollHlp(ctx);
          await evaluate();
        },
        onError,
      }),
      startLoop({
        name: 'keeper-heartbeats',
        intervalMs: 0,
        step: async () => {
          await readHeartbeats(ctx, blocking, config.HEARTBEAT_BLOCK_MS);
          await evaluate();
        },
        onError,
      }),
      startLoop({ name: 'prune', intervalMs: config.PRUNE_INTERVAL_MS, step: prune, onError }),
    ];
    return {
      async stop() {
        const stopping = Promise.all(loops.map((loop) => loop.stop()));
        // Cuts a pending XREAD BLOCK, which would otherwise hold stop() for HEARTBEAT_BLOCK_MS.
        blocking.disconnect();
        await stopping;
      },
    };
  }

  async function lead(): Promise<void> {
    while (!stopped) {
      let session: AdvisoryLockSession;
      try {
        session = await openAdvisoryLockSession(
          config.DATABASE_URL,
          ADVISORY_LOCKS.watcher,
          'yv-watcher-lock',
        );
      } catch (error) {
        log('warn', 'cannot open the writer lock session', { error: errorMessage(error) });
        await sleep(config.LOCK_RETRY_MS, stopSignal);
        continue;
      }
      const lost = session.lost.then((error) => error);
      let acquired = false;
      let gone = false;
      void lost.then(() => (gone = true));
      while (!stopped && !gone && !acquired) {
        acquired = await session.tryAcquire().catch(() => false);
        if (!acquired) await sleep(config.LOCK_RETRY_MS, Promise.race([lost, stopSignal]));
      }
      if (acquired && !stopped && !gone) {
        writer = true;
        metrics.writer.set(1);
        log('info', 'writer lock taken: watching');
        const loops = startLoops();
        const why = await Promise.race([lost, stopSignal]);
        await loops.stop();
        writer = false;
        metrics.writer.set(0);
        if (why instanceof Error) log('warn', 'writer lock lost', { error: why.message });
      }
      await session.close();
    }
  }

  return {
    metrics,
    isWriter: () => writer,
    start() {
      leading ??= lead();
    },
    stop() {
      stopping ??= (async () => {
        stopped = true;
        resolveStop();
        await leading;
        onceRedis?.disconnect();
        ctx.provider.destroy();
        if (ownsPool) await pool.end();
      })();
      return stopping;
    },
    async runOnce() {
      try {
        await takeVaultSnapshot(ctx);
      } catch (error) {
        log('warn', 'vault snapshot failed', { error: errorMessage(error) });
      }
      await pollHlp(ctx);
      onceRedis ??= new Redis(config.REDIS_URL);
      while ((await readHeartbeats(ctx, onceRedis)) > 0);
      return evaluateAndStoreReadiness(ctx);
    },
  };
}
