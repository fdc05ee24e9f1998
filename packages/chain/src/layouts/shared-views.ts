import type { Interface } from 'ethers';
import { NavSource__factory, Strategy__factory } from '@yv/contracts';
import type { Deployment } from '@yv/config';
import { multicallView, type RawCall, type ViewCall } from '../multicall';
import { addressWord, word } from '../abi-words';
import type { QuoteReadRequest } from '../quote-reader/types';
import type { QuoteViewName, SnapshotViewName } from './types';

const nav = NavSource__factory.createInterface();
const strategy = Strategy__factory.createInterface();

/** Binds views to one contract: `on(c, iface)('balanceOf', wallet)`. */
export const on =
  (target: string, iface: Interface) =>
  (fn: string, ...args: unknown[]): ViewCall => ({ target, iface, fn, args });

/**
 * Where a layout answers the vault's accounting views (totalAssets, caps, proof, ...): Core on svc-pipe-v2, the vault
 * itself on svc-vault-v3. Both carry them under the same names and meanings.
 */
export interface Accounting {
  readonly target: string;
  readonly iface: Interface;
}

/** positionsOf(address[]) on the accounting contract: every figure of many positions with the NAV read once. */
export function positionsCall(accounting: Accounting): (wallets: readonly string[]) => RawCall {
  const selector = accounting.iface.getFunction('positionsOf')!.selector;
  return (wallets) => ({
    target: accounting.target,
    callData: selector + word(32) + word(wallets.length) + wallets.map(addressWord).join(''),
  });
}

/**
 * The quote views every layout shares: quoteOf holds every figure, read with the NAV read once. Nothing else: the
 * node traces every step of an eth_call, so the tokens' decimals (which never change: the gateway reads them once
 * per process) and a block timestamp no quote used are left out (docs/performance.md#quoteviews).
 */
export function quoteViews(
  d: Deployment,
  accounting: Accounting,
  r: QuoteReadRequest,
): Record<QuoteViewName, ViewCall> {
  const c = d.contracts;
  const onVault = on(accounting.target, accounting.iface);
  return {
    blockNumber: multicallView(c.multicall3, 'getBlockNumber'),
    figures: onVault('quoteOf', r.account, r.receiver ?? r.account, r.assets ?? 0n, r.shares ?? 0n),
  };
}

/** The snapshot views every layout shares: the accounting's, NavSource's and Strategy's. */
export function snapshotViews(d: Deployment, accounting: Accounting): Record<SnapshotViewName, ViewCall> {
  const c = d.contracts;
  const onVault = on(accounting.target, accounting.iface);
  const onNav = on(c.navSource, nav);
  const onStrategy = on(c.strategy, strategy);
  return {
    blockNumber: multicallView(c.multicall3, 'getBlockNumber'),
    blockTimestamp: multicallView(c.multicall3, 'getCurrentBlockTimestamp'),
    totalAssets: onVault('totalAssets'),
    totalSupply: onVault('totalSupply'),
    sharePrice: onVault('sharePrice'),
    maxTvl: onVault('maxTvl'),
    maxUserDeposit: onVault('maxUserDeposit'),
    globalDepositRoom: onVault('globalDepositRoom'),
    minimumDeposit: onVault('minimumDeposit'),
    recommendedOperationalMinimum: onVault('recommendedOperationalMinimum'),
    performanceFeeBps: onVault('performanceFeeBps'),
    managementFeeBps: onVault('managementFeeBps'),
    depositsPaused: onVault('depositsPaused'),
    vaultUsdc: onVault('vaultUsdc'),
    reservedAssets: onVault('reservedAssets'),
    instantRedeemCapacity: onVault('instantRedeemCapacity'),
    escrowedShares: onVault('escrowedShares'),
    proof: onVault('proof'),
    keeper: onVault('keeper'),
    strategy: onVault('strategy'),
    navSource: onVault('navSource'),
    treasury: onVault('treasury'),
    navReportedAt: onNav('reportedAt'),
    navStrategyAccount: onNav('strategyAccount'),
    navHlpVault: onNav('hlpVault'),
    navKeeper: onNav('keeper'),
    strategyVault: onStrategy('vault'),
    strategyUsdc: onStrategy('usdc'),
    strategyHlpVault: onStrategy('hlpVault'),
    strategyKeeper: onStrategy('keeper'),
  };
}
