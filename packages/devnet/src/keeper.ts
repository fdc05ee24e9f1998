import { NonceManager, type Signer } from 'ethers';
import {
  Core__factory,
  MockUSDC__factory,
  NavSource__factory,
  RedemptionPipe__factory,
  Strategy__factory,
} from '@yv/contracts';
import type { Deployment } from '@yv/config';

/**
 * The devnet's stand-in for the strategy keeper. Each tick it:
 *  1. pulls USDC back from the strategy when queued redemptions (plus the buffer) need it,
 *  2. fulfils pending redemptions, oldest first, while the vault's free USDC covers them,
 *  3. sends USDC above the buffer to the strategy,
 *  4. accrues simulated yield by minting USDC to the strategy (devnet only: the keeper is a MockUSDC minter),
 *  5. reports NAV (HyperCore buckets are zero: the simulated strategy keeps everything on this chain) and accrues fees,
 *  6. publishes a heartbeat describing what it saw and did.
 */
export interface KeeperOptions {
  keeper: Signer;
  deployment: Deployment;
  /** Share of total assets kept as free USDC in the vault, in bps. */
  bufferBps?: bigint;
  /** Simulated strategy yield, APR in bps. */
  yieldAprBps?: bigint;
  publishHeartbeat?: (heartbeat: KeeperHeartbeat) => Promise<void>;
  now?: () => number;
}

export interface KeeperHeartbeat {
  service: 'keeper-simulator';
  keeper: string;
  at: string;
  blockNumber: number;
  ok: boolean;
  error: string | null;
  actions: { fulfilled: string[]; returnedToVault: string; allocatedToStrategy: string; yieldMinted: string };
  state: { totalAssets: string; freeAssets: string; strategyUsdc: string; pendingRedemptions: number };
}

export interface KeeperSimulator {
  tick(): Promise<KeeperHeartbeat>;
  start(intervalMs: number): void;
  stop(): Promise<void>;
}

const BPS = 10_000n;
const YEAR_SECONDS = 365n * 24n * 3600n;

export function createKeeperSimulator(opts: KeeperOptions): KeeperSimulator {
  const signer = new NonceManager(opts.keeper);
  const c = opts.deployment.contracts;
  const core = Core__factory.connect(c.core, signer);
  const pipe = RedemptionPipe__factory.connect(c.redemptionPipe, signer);
  const strategy = Strategy__factory.connect(c.strategy, signer);
  const nav = NavSource__factory.connect(c.navSource, signer);
  const usdc = MockUSDC__factory.connect(c.usdc, signer);
  const bufferBps = opts.bufferBps ?? 2_000n;
  const yieldAprBps = opts.yieldAprBps ?? 900n;
  const now = opts.now ?? (() => Math.floor(Date.now() / 1000));
  let firstOpenId = 1n;
  let lastYieldAt = BigInt(now());
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();

  async function pendingRedemptions(): Promise<{ id: bigint; shares: bigint }[]> {
    const next = await pipe.nextRedemptionId();
    const pending: { id: bigint; shares: bigint }[] = [];
    let advancing = true;
    for (let id = firstOpenId; id < next; id++) {
      const r = await pipe.getRedemption(id);
      if (r.status === 1n) {
        pending.push({ id, shares: r.shares });
        advancing = false;
      } else if (advancing) firstOpenId = id + 1n;
    }
    return pending;
  }

  async function tick(): Promise<KeeperHeartbeat> {
    const keeperAddress = await opts.keeper.getAddress();
    const actions = {
      fulfilled: [] as string[],
      returnedToVault: '0',
      allocatedToStrategy: '0',
      yieldMinted: '0',
    };
    let error: string | null = null;
    try {
      const pending = await pendingRedemptions();
      let needed = 0n;
      for (const r of pending) needed += await core.convertToAssets(r.shares);
      const target = needed + ((await core.totalAssets()) * bufferBps) / BPS;
      let free = await core.instantRedeemCapacity();
      const inStrategy = await usdc.balanceOf(c.strategy);
      if (free < target && inStrategy > 0n) {
        const amount = target - free < inStrategy ? target - free : inStrategy;
        await (await strategy.returnToVault(amount)).wait();
        actions.returnedToVault = amount.toString();
        free += amount;
      }
      for (const r of pending) {
        if ((await core.convertToAssets(r.shares)) > (await core.instantRedeemCapacity())) break;
        await (await pipe.fulfillRedeem(r.id)).wait();
        actions.fulfilled.push(r.id.toString());
      }
      free = await core.instantRedeemCapacity();
      const stillNeeded = pending.length > actions.fulfilled.length;
      const surplus = free - ((await core.totalAssets()) * bufferBps) / BPS;
      if (!stillNeeded && surplus > 0n) {
        await (await core.allocateToStrategy(surplus)).wait();
        actions.allocatedToStrategy = surplus.toString();
      }
      const t = BigInt(now());
      const strategyUsdc = await usdc.balanceOf(c.strategy);
      const yieldMinted = (strategyUsdc * yieldAprBps * (t - lastYieldAt)) / (BPS * YEAR_SECONDS);
      lastYieldAt = t;
      if (yieldMinted > 0n) {
        await (await usdc.mint(c.strategy, yieldMinted)).wait();
        actions.yieldMinted = yieldMinted.toString();
      }
      await (await nav.report(0n, 0n, 0n, 0n, 0n)).wait();
      await (await core.accrueFees()).wait();
    } catch (err) {
      error = err instanceof Error ? err.message.slice(0, 500) : String(err);
      signer.reset();
    }
    const heartbeat: KeeperHeartbeat = {
      service: 'keeper-simulator',
      keeper: keeperAddress,
      at: new Date(now() * 1000).toISOString(),
      blockNumber: await opts.keeper.provider!.getBlockNumber(),
      ok: error === null,
      error,
      actions,
      state: {
        totalAssets: (await core.totalAssets()).toString(),
        freeAssets: (await core.instantRedeemCapacity()).toString(),
        strategyUsdc: (await usdc.balanceOf(c.strategy)).toString(),
        pendingRedemptions: (await pendingRedemptions()).length,
      },
    };
    await opts.publishHeartbeat?.(heartbeat);
    return heartbeat;
  }

  return {
    tick: () => {
      const next = running.then(tick, tick);
      running = next.catch(() => undefined);
      return next;
    },
    start(intervalMs) {
      const loop = () => {
        running = running
          .then(tick)
          .catch(() => undefined)
          .finally(() => {
            if (timer) timer = setTimeout(loop, intervalMs);
          });
      };
      timer = setTimeout(loop, 0);
    },
    async stop() {
      const t = timer;
      timer = undefined;
      if (t) clearTimeout(t);
      await running;
    },
  };
}
