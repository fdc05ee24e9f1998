import type { Provider } from 'ethers';
import type { VaultLayout } from '@yv/chain';
import type { Deployment, ProductConfig } from '@yv/config';
import type { ActionPlan, QuoteReadiness } from '@yv/domain';
import type { ServiceMetrics } from '@yv/metrics';
import type { SchemaValue } from '@yv/schemas';
import type { BridgeAdapter } from '../bridge';
import type { Tokens } from '../reads/tokens';

/**
 * Validated bodies with the schema defaults already filled, typed by the schemas that validate them
 * (the one default JSON Schema cannot express, `receiver` = `account`, is the quote service's).
 */
export type DepositInput = SchemaValue<'DepositRequest'>;
export type RedeemAsyncInput = SchemaValue<'RedeemAsyncRequest'>;
export type RedeemInstantInput = SchemaValue<'RedeemInstantRequest'>;
export type ClaimInput = SchemaValue<'ClaimRequest'>;
export type CancelInput = SchemaValue<'CancelRequest'>;
export type FulfillInput = SchemaValue<'FulfillRequest'>;

export interface QuoteServiceDeps {
  provider: Provider;
  deployment: Deployment;
  /** The contract layout the deployment runs (vaultLayout): every calldata and read comes from it. */
  layout: VaultLayout;
  product: ProductConfig;
  /** The tokens' metadata, read once per process (tokenReader): their decimals scale every amount of a quote. */
  tokens: () => Promise<Tokens>;
  bridge: BridgeAdapter;
  /** The current readiness flags (health.ready.deposits / .operations). */
  readiness: () => Promise<QuoteReadiness> | QuoteReadiness;
  clock: () => Date;
  /** QUOTE_TTL_MS: how long a quote is valid (DEFAULT_QUOTE_TTL_MS). */
  quoteTtlMs: number;
  /**
   * Quote reads begun within this window share one eth_call (sharedAggregate), each still at one block; 0 (the
   * default): each its own. The gateway gives RPC_BATCH_WINDOW_MS.
   */
  readWindowMs?: number;
  metrics: ServiceMetrics;
}

/**
 * Prices and builds every vault action. Each method reads the chain at one quote block, applies the rules, builds
 * the steps and simulates the final transaction before returning it; it never returns a transaction known to revert.
 * @throws ApiError with the code of the error table (docs/design.md#error-codes).
 */
export interface QuoteService {
  deposit(input: DepositInput): Promise<ActionPlan>;
  redeemAsync(input: RedeemAsyncInput): Promise<ActionPlan>;
  redeemInstant(input: RedeemInstantInput): Promise<ActionPlan>;
  claim(input: ClaimInput): Promise<ActionPlan>;
  cancel(input: CancelInput): Promise<ActionPlan>;
  fulfill(input: FulfillInput): Promise<ActionPlan>;
}
