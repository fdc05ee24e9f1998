import type { Result } from 'ethers';
import type { ContractVersion, Deployment } from '@yv/config';
import type { ContractCall } from '../calldata';
import type { DecodedLog } from '../logs';
import type { RawCall, ViewCall } from '../multicall';
import type { OnChainRedemption, QuoteReadRequest } from '../quote-reader/types';
import type { RawLog } from '../rpc';

/** Calldata of every transaction a partner (or the keeper) signs, on this layout's contracts. */
export interface VaultCalls {
  /** USDC.approve(depositSpender, amount). */
  approveDeposit(amount: bigint): ContractCall;
  /** The slippage-guarded deposit. */
  deposit(assets: bigint, receiver: string, minShares: bigint): ContractCall;
  /** The view holding every deposit rule but the token transfer: simulated while the approval is unconfirmed. */
  checkDeposit(receiver: string, assets: bigint): ContractCall;
  /** Queues `shares` of `owner`, who alone (or its operator) later claims or cancels. */
  requestRedeem(shares: bigint, owner: string): ContractCall;
  redeemInstant(shares: bigint, owner: string, receiver: string, minAssetsOut: bigint): ContractCall;
  claimRedeem(id: bigint, receiver: string): ContractCall;
  cancelRedeem(id: bigint, owner: string): ContractCall;
  /** Permissionless. */
  fulfillRedeem(id: bigint): ContractCall;
  /** Assets of one whole share: what a pending redemption is valued at. */
  sharePrice(): ContractCall;
}

/** The views a quote reads: the block and `figures` (the accounting contract's quoteOf). */
export type QuoteViewName = 'blockNumber' | 'figures';

/** The views a vault snapshot reads (proof, wiring and parameters), by name. */
export type SnapshotViewName =
  | 'blockNumber'
  | 'blockTimestamp'
  | 'totalAssets'
  | 'totalSupply'
  | 'sharePrice'
  | 'maxTvl'
  | 'maxUserDeposit'
  | 'globalDepositRoom'
  | 'minimumDeposit'
  | 'recommendedOperationalMinimum'
  | 'performanceFeeBps'
  | 'managementFeeBps'
  | 'depositsPaused'
  | 'vaultUsdc'
  | 'reservedAssets'
  | 'instantRedeemCapacity'
  | 'escrowedShares'
  | 'proof'
  | 'keeper'
  | 'strategy'
  | 'navSource'
  | 'treasury'
  | 'navReportedAt'
  | 'navStrategyAccount'
  | 'navHlpVault'
  | 'navKeeper'
  | 'strategyVault'
  | 'strategyUsdc'
  | 'strategyHlpVault'
  | 'strategyKeeper';

/** A view the start check reads, and what it must answer for the address to be this layout's contract. */
export interface IdentityCheck {
  readonly view: ViewCall;
  /** Human name of the view, as the error message shows it: `Core.share()`. */
  readonly label: string;
  /** The expected answer (compared lowercase). */
  readonly expected: string;
}

/**
 * Everything that differs between contract layouts, behind one interface: chosen once at start from the deployment
 * manifest (vaultLayout), so no other code asks which version it runs on.
 */
export interface VaultLayout {
  readonly version: ContractVersion;
  readonly deployment: Deployment;
  /** Who deposits pull USDC through: the address a depositor approves. */
  readonly depositSpender: string;
  /** Where escrowed shares of pending redemptions sit. */
  readonly escrow: string;
  readonly calls: VaultCalls;
  quoteViews(request: QuoteReadRequest): Record<QuoteViewName, ViewCall>;
  redemptionView(id: bigint): ViewCall;
  /** The redemption as the layout's getRedemption answered it; `owner` is who may claim or cancel it. */
  toRedemption(id: bigint, answer: Result): OnChainRedemption;
  snapshotViews(): Record<SnapshotViewName, ViewCall>;
  /** One call of the accounting contract's positionsOf for the wallets (decoded by decodePositions). */
  positionsCall(wallets: readonly string[]): RawCall;
  /** Addresses and topic0s of the logs the indexer follows. */
  readonly followedAddresses: readonly string[];
  readonly followedTopics: readonly string[];
  /** The followed logs of a range, in chain order, as domain events (a log of another topic is skipped). */
  decodeLogs(logs: readonly RawLog[]): DecodedLog[];
  /** Views whose answers prove the manifest's addresses hold this layout's contracts. */
  identityChecks(): IdentityCheck[];
}
