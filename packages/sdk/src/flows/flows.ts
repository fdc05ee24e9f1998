import type { PartnerClient } from '../client';
import { flowApiOf, type FlowApi, type PartnerAction, type PartnerActionStatus, type Redeem } from './api';
import { flowContext, type FlowContext, type FlowSettings } from './context';
import { deposit, type DepositParams, type DepositResult } from './deposit';
import { pollAction, pollRedemption } from './poll';
import { cancel, claim, type CancelParams, type ClaimParams } from './redemption';
import type { FlowWallet } from './wallet';
import { withdraw, type WithdrawParams, type WithdrawResult } from './withdraw';

export type VaultFlowsOptions = FlowSettings & {
  /** The signing wallet: ethersSignerWallet(signer) or eip1193Wallet(provider, account). */
  wallet: FlowWallet;
} & ({ client: PartnerClient } | { api: FlowApi });

/**
 * The partner-backend integration rules as calls. Each signs only what its action's steps list, simulates before
 * every signature, submits only a verified hash and polls until the action settles; any rule that does not hold
 * stops it with a FlowStoppedError. Neither contract layout needs to be known: the action's metadata says where.
 */
export interface VaultFlows {
  deposit(params: DepositParams): Promise<DepositResult>;
  /** Instant when the vault's instant liquidity covers it, queued otherwise; `mode` forces either. */
  withdraw(params: WithdrawParams): Promise<WithdrawResult>;
  claim(params: ClaimParams): Promise<PartnerAction>;
  cancel(params: CancelParams): Promise<PartnerAction>;
  /** Polls an action until its status is one of `statuses`, e.g. a queued redemption until `claimable`. */
  waitForAction(actionId: string, statuses: readonly PartnerActionStatus[]): Promise<PartnerAction>;
  /** Polls the wallet's redemption record until its status is one of `statuses`, e.g. `claimable` before a claim. */
  waitForRedemption(redeemId: string, statuses: readonly Redeem['status'][]): Promise<Redeem>;
}

export function createVaultFlows(options: VaultFlowsOptions): VaultFlows {
  const api = 'api' in options ? options.api : flowApiOf(options.client);
  // A context per call: a browser wallet may switch accounts between flows.
  const context = () => flowContext(api, options.wallet, options);
  const run =
    <P, R>(flow: (ctx: FlowContext, params: P) => Promise<R>) =>
    async (params: P) =>
      flow(await context(), params);
  return {
    deposit: run(deposit),
    withdraw: run(withdraw),
    claim: run(claim),
    cancel: run(cancel),
    waitForAction: async (actionId, statuses) => pollAction(await context(), actionId, statuses),
    waitForRedemption: async (redeemId, statuses) => pollRedemption(await context(), redeemId, statuses),
  };
}
