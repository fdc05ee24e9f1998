import Redis from 'ioredis';
import { createChainProvider, createRpcEndpoints, vaultLayout } from '@yv/chain';
import { rpcEndpointsOf, type Deployment } from '@yv/config';
import { ADVISORY_LOCKS, createPool, openAdvisoryLockSession, type Pool } from '@yv/db';
import type { Readiness } from '@yv/domain';
import { createLog, holdLeadership, startLoop, warnLostConnection, type Log, type Loop } from '@yv/runtime';
import type { WatcherConfig } from './config';
import { errorMessage, type WatcherContext } from './context';
import { readHeartbeats } from './heartbeats';
import { pollHlp } from './hlp';
import { createWatcherMetrics, type WatcherMetrics } from './metrics';
import { pruneExpired } from './prune';
import { evaluateAndStoreReadiness } from './readiness';
import { takeVaultSnapshot } from './vault';

export interface WatcherOptions {
  config: WatcherConfig;
  deployment: Deployment;
  /** Default: a pool on DATABASE_URL, ended by stop(). */
  pool?: Pool;
  /** Default: JSON lines on stdout at LOG_LEVEL. */
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

/**
 * Longest wait of a loop after consecutive failures, unless the loop sets its own: a chain, database or Redis that is
 * back after an outage is read again within seconds, so readiness reopens soon after the fault ends.
 */
const LOOP_BACKOFF_MAX_MS = 2_000;

export function createWatcher(options: WatcherOptions): Watcher {
  const { config, deployment } = options;
  const ownsPool = options.pool === undefined;
  const log = options.log ?? createLog('watcher', config.LOG_LEVEL);
  const pool =
    options.pool ??
    createPool(config.DATABASE_URL, { applicationName: 'yv-watcher', onError: warnLostConnection(log) });
  const metrics = options.metrics ?? createWatcherMetrics();
  const rpc = createRpcEndpoints(rpcEndpointsOf(config), { timeoutMs: config.RPC_TIMEOUT_MS });
  metrics.rpcEndpoints.watch(() => rpc.health());
  const ctx: WatcherContext = {
    config,
    deployment,
    layout: vaultLayout(deployment),
    pool,
    provider: createChainProvider({ transport: rpc, chainId: deployment.chainId }),
    metrics,
    log,
    hlpVaultAddress: config.HLP_VAULT_ADDRESS ?? deployment.contracts.hlpVault,
    rpc: { healthy: true, error: null },
    startedAt: new Date(),
  };
  let writer = false;
  let leading: Promise<void> | undefined;
  let onceRedis: Redis | undefined;
  let stopping: Promise<void> | undefined;
  const stopped = new AbortController();

  const evaluate = async (): Promise<void> => {
    await evaluateAndStoreReadiness(ctx);
  };

  const loop = (
    name: string,
    intervalMs: number,
    step: () => Promise<void>,
    backoffMaxMs = LOOP_BACKOFF_MAX_MS,
  ): Loop =>
    startLoop({
      step,
      intervalMs,
      backoffMaxMs,
      onError: (error, failures) =>
        log('error', `${name} step failed`, { error: errorMessage(error), failures }),
    });

  /** The loops of one term as writer; the blocking Redis connection is the term's own, so stop can cut it. */
  function startLoops(): { stop(): Promise<void> } {
    const blocking = new Redis(config.REDIS_URL, { maxRetriesPerRequest: null });
    blocking.on('error', (error) => log('warn', 'redis error', { error: errorMessage(error) }));
    const loops = [
      loop('vault-snapshot', config.VAULT_SNAPSHOT_INTERVAL_MS, () =>
        takeVaultSnapshot(ctx).finally(evaluate),
      ),
      loop(
        'hlp-poll',
        config.HLP_POLL_INTERVAL_MS,
        async () => {
          await pollHlp(ctx);
          await evaluate();
        },
        config.HLP_POLL_INTERVAL_MS,
      ),
      loop('keeper-heartbeats', 0, async () => {
        await readHeartbeats(ctx, blocking, config.HEARTBEAT_BLOCK_MS);
        await evaluate();
      }),
      loop('prune', config.PRUNE_INTERVAL_MS, () => pruneExpired(ctx)),
    ];
    return {
      async stop() {
        const ending = Promise.all(loops.map((each) => each.stop()));
        // Cuts a pending XREAD BLOCK, which would otherwise hold stop() for HEARTBEAT_BLOCK_MS.
        blocking.disconnect();
        await ending;
      },
    };
  }

  return {
    metrics,
    isWriter: () => writer,
    start() {
      leading ??= holdLeadership({
        what: 'writer lock',
        openSession: () =>
          openAdvisoryLockSession(config.DATABASE_URL, ADVISORY_LOCKS.watcher, 'yv-watcher-lock'),
        retryMs: config.LOCK_RETRY_MS,
        stopped: stopped.signal,
        log,
        async lead(term) {
          const loops = startLoops();
          await new Promise((resolve) => term.addEventListener('abort', resolve, { once: true }));
          await loops.stop();
        },
        onLeader(leading) {
          writer = leading;
          metrics.writer.set(leading ? 1 : 0);
        },
      });
    },
    stop() {
      stopping ??= (async () => {
        stopped.abort();
        await leading;
        onceRedis?.disconnect();
        ctx.provider.destroy();
        rpc.close();
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
