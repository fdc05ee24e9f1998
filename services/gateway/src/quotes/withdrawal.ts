import {
  withdrawDestination,
  type Deployment,
  type ProductConfig,
  type WithdrawDestinationConfig,
} from '@yv/config';
import { ApiError } from '@yv/domain';
import type { ApiErrorCode } from '@yv/schemas';
import { BridgeError, type BridgeAdapter } from '../bridge';

/**
 * `quote.metadata.withdrawal` for a destination other than the settlement chain. The vault only ever pays out on
 * chain 999; the bridge leg after it is described here (redeem-async) or opened here (claim, instant redeem).
 */

export interface WithdrawalContext {
  deployment: Deployment;
  product: ProductConfig;
}

/**
 * The configured destination for `receiveChainId`, or null for the settlement chain itself (nothing to bridge).
 * @throws ApiError BAD_ACTION_REQUEST when the chain is not a destination or is disabled.
 */
export function bridgedDestination(
  ctx: WithdrawalContext,
  receiveChainId: number,
): WithdrawDestinationConfig | null {
  if (receiveChainId === ctx.deployment.chainId) return null;
  const destination = withdrawDestination(ctx.product, receiveChainId);
  const supported = ctx.product.withdraw.supportedDestinations.filter((d) => d.enabled).map((d) => d.chainId);
  if (!destination) {
    throw new ApiError(
      'BAD_ACTION_REQUEST',
      `receiveChainId ${receiveChainId} is not a withdrawal destination; supported: ${supported.join(', ')}`,
    );
  }
  if (!destination.enabled) {
    throw new ApiError(
      'BAD_ACTION_REQUEST',
      `receiveChainId ${receiveChainId} (${destination.chainName}) is disabled for withdrawals; enabled: ${supported.join(', ')}`,
    );
  }
  return destination;
}

function legs(ctx: WithdrawalContext, destination: WithdrawDestinationConfig) {
  const settlement = {
    chainId: ctx.deployment.chainId,
    chainName: ctx.product.chain.name,
    usdcAddress: ctx.deployment.contracts.usdc,
  };
  const to = {
    chainId: destination.chainId,
    chainName: destination.chainName,
    usdcAddress: destination.usdcAddress,
  };
  const requestedDestination = { ...to, enabled: destination.enabled };
  return { settlement, to, requestedDestination };
}

/** Redeem-async: the amount is only known at fulfilment, so the bridge is opened by the later claim quote. */
export function postClaimWithdrawal(
  ctx: WithdrawalContext,
  destination: WithdrawDestinationConfig,
  owner: string,
  provider: string,
): Record<string, unknown> {
  const { settlement, to, requestedDestination } = legs(ctx, destination);
  return {
    requestedDestination,
    settlement: { ...settlement, receiver: owner },
    postSettlementBridge: {
      required: true,
      provider,
      from: settlement,
      to,
      recipient: owner,
      amountSource: 'fulfilledRedeem.assets',
      mode: 'post-claim-quote',
      bridge: null,
      submitRule: `When the redemption is claimable, create a claim with receiveChainId ${destination.chainId}: its quote opens the bridge deposit address and pays the claim to it.`,
    },
  };
}

export interface DepositAddressWithdrawal {
  /** The on-chain receiver of the claim or instant redeem: the bridge's deposit address. */
  depositAddress: string;
  metadata: Record<string, unknown>;
}

/**
 * Claim and instant redeem: opens a deposit-address bridge for `amount` and pays the vault's USDC to it; the
 * provider delivers to `recipient` on the destination chain or refunds the owner.
 * @param failureCode the code a provider fault is reported with (ACTION_QUOTE_FAILED or ACTION_BUILD_FAILED).
 */
export async function depositAddressWithdrawal(
  ctx: WithdrawalContext,
  bridge: BridgeAdapter,
  args: {
    destination: WithdrawDestinationConfig;
    amount: bigint;
    recipient: string;
    owner: string;
    amountSource: 'quote.expected.assets' | 'claim.expected.assets';
    failureCode: ApiErrorCode;
  },
): Promise<DepositAddressWithdrawal> {
  const { settlement, to, requestedDestination } = legs(ctx, args.destination);
  let quote;
  try {
    quote = await bridge.quote({
      originChainId: settlement.chainId,
      destinationChainId: to.chainId,
      amountRaw: args.amount.toString(),
      recipient: args.recipient,
      refundTo: args.owner,
      originCurrency: settlement.usdcAddress,
      destinationCurrency: to.usdcAddress,
    });
  } catch (err) {
    if (!(err instanceof BridgeError)) throw err;
    throw new ApiError(err.rejected ? 'BAD_ACTION_REQUEST' : args.failureCode, err.message, { cause: err });
  }
  return {
    depositAddress: quote.depositAddress,
    metadata: {
      requestedDestination,
      settlement: { ...settlement, receiver: quote.depositAddress },
      postSettlementBridge: {
        required: true,
        provider: quote.provider,
        from: settlement,
        to,
        recipient: args.recipient,
        amountSource: args.amountSource,
        mode: 'deposit-address',
        bridge: {
          provider: quote.provider,
          requestId: quote.requestId,
          depositAddress: quote.depositAddress,
          statusUrl: quote.statusUrl,
          originChainId: quote.originChainId,
          destinationChainId: quote.destinationChainId,
          amountRaw: quote.amountRaw,
          recipient: quote.recipient,
          refundTo: quote.refundTo,
          originCurrency: quote.originCurrency,
          destinationCurrency: quote.destinationCurrency,
        },
        submitRule: `Sign the transaction as quoted: it pays the USDC to the bridge deposit address on chain ${settlement.chainId}, which delivers it to the recipient on chain ${to.chainId} (status at bridge.statusUrl). Do not send it after the bridge quote expires.`,
      },
    },
  };
}
