import { ZeroAddress } from 'ethers';
import {
  decodeUintResult,
  readQuoteState,
  sharedAggregate,
  simulateCall,
  toTxRequest,
  type ContractCall,
  type QuoteReadRequest,
  type QuoteState,
  type SimulationResult,
} from '@yv/chain';
import {
  ApiError,
  allowanceShort,
  checkCancel,
  checkClaim,
  checkDeposit,
  checkFulfill,
  checkRedeemAsync,
  checkRedeemInstant,
  checkSlippage,
  formatUnitsExact,
  isApiError,
  minimumOut,
  positiveAmount,
  quoteExpiresAt,
  quoteFailureCode,
  redemptionId,
  simulatedRevertError,
  toAmount,
  type ActionPlan,
  type ActionStepDraft,
  type QuoteRedemption,
  type QuoteReadiness,
  type StepTxRequest,
} from '@yv/domain';
import type { ActionKind, StepKind } from '@yv/schemas';
import type { QuoteService, QuoteServiceDeps } from './types';
import { bridgedDestination, depositAddressWithdrawal, postClaimWithdrawal } from './withdrawal';

/** What a quote decides on: the chain's state at the quote block, and the tokens' decimals. */
interface Quoted extends QuoteState {
  assetDecimals: number;
  shareDecimals: number;
}

function redemptionOf(state: Quoted): QuoteRedemption {
  const r = state.redemption;
  if (!r) throw new Error('quote read without the redemption it was asked for');
  return { id: r.id, owner: r.owner, shares: r.shares, assets: r.assets, status: r.status };
}

export function createQuoteService(deps: QuoteServiceDeps): QuoteService {
  const { layout, provider } = deps;
  const { calls } = layout;
  const addresses = layout.deployment.contracts;
  const chainId = layout.deployment.chainId;
  const aggregate = sharedAggregate(provider, addresses.multicall3, { windowMs: deps.readWindowMs ?? 0 });
  const failures = deps.metrics.counter(
    'quote_failures_total',
    'Quotes and builds refused or failed, by error code',
    ['code'],
  );

  async function read(
    request: QuoteReadRequest,
    blockTag: number | bigint | string = 'latest',
  ): Promise<Quoted> {
    try {
      const [state, tokens] = await Promise.all([
        readQuoteState(aggregate, layout, request, blockTag),
        deps.tokens(),
      ]);
      return { ...state, assetDecimals: tokens.asset.decimals, shareDecimals: tokens.share.decimals };
    } catch (err) {
      throw new ApiError('VAULT_READ_FAILED', 'the vault could not be read for the quote', { cause: err });
    }
  }

  /** The vault's state and the keeper's readiness, asked together: neither waits for the other. */
  async function readReady(request: QuoteReadRequest): Promise<{ readiness: QuoteReadiness; state: Quoted }> {
    const [readiness, state] = await Promise.all([deps.readiness(), read(request)]);
    return { readiness, state };
  }

  /** eth_call of `call` from `from` at the quote block; a revert becomes the action's 422 with the decoded reason. */
  async function simulate(
    kind: ActionKind,
    from: string,
    call: ContractCall,
    state: Quoted,
  ): Promise<string> {
    let result;
    try {
      result = await simulateCall(provider, from, call, state.blockNumber);
    } catch (err) {
      throw new ApiError('VAULT_READ_FAILED', 'the transaction could not be simulated', { cause: err });
    }
    return simulated(kind, result, state);
  }

  /** A simulation's return data; a revert becomes the action's 422 with the decoded reason. */
  function simulated(kind: ActionKind, result: SimulationResult, state: Quoted): string {
    if (!result.ok) throw simulatedRevertError(kind, result.revert, result.reason, state.blockNumber);
    return result.returnData;
  }

  const tx = (call: ContractCall): StepTxRequest => toTxRequest(call, chainId);
  const step = (kind: StepKind, title: string, call: ContractCall, refresh = false): ActionStepDraft => ({
    kind,
    title,
    tx: tx(call),
    refreshQuoteAfterConfirm: refresh,
  });
  const usdc = (raw: bigint, state: Quoted) => toAmount(raw, state.assetDecimals);
  const shares = (raw: bigint, state: Quoted) => toAmount(raw, state.shareDecimals);

  function quoteHead(kind: ActionKind, state: Quoted, final: ActionStepDraft) {
    const quotedAt = deps.clock();
    return {
      action: kind,
      tx: final.tx,
      quoteBlock: state.blockNumber.toString(),
      expiresAt: quoteExpiresAt(quotedAt, deps.quoteTtlMs).toISOString(),
    };
  }

  /** Counts every refusal by code, whoever asked (builder or partner action). */
  function counted<A extends unknown[]>(fn: (...args: A) => Promise<ActionPlan>) {
    return async (...args: A): Promise<ActionPlan> => {
      try {
        return await fn(...args);
      } catch (err) {
        failures.inc({ code: isApiError(err) ? err.code : 'PARTNER_ACTION_FAILED' });
        throw err;
      }
    };
  }

  const service: QuoteService = {
    async deposit(input) {
      const assets = positiveAmount('amountRaw', input.amountRaw);
      const receiver = input.receiver ?? input.account;
      // The deposit rules' check rides in the read: when the allowance is short it is the simulation, at no
      // second node round trip.
      const { readiness, state } = await readReady({
        account: input.account,
        receiver,
        assets,
        depositCheck: true,
      });
      checkDeposit(state, assets, readiness);
      const expectedShares = state.previewDeposit;
      const minShares = minimumOut(expectedShares, input.slippageBps);
      const call = calls.deposit(assets, receiver, minShares);
      const final = step('deposit', `Deposit ${formatUnitsExact(assets, state.assetDecimals)} USDC`, call);
      const needsApproval = allowanceShort(state.allowance, assets);
      // Without the allowance the deposit itself must revert, so the view holding every other deposit rule
      // (checkDeposit, read with the quote) stands in; the fresh action made after the approval simulates the
      // deposit itself, from the account.
      const simulatedShares = decodeUintResult(
        needsApproval
          ? simulated('deposit', state.depositCheck!, state)
          : await simulate('deposit', input.account, call, state),
      );
      checkSlippage('deposit', simulatedShares, minShares);
      const approval = calls.approveDeposit(assets);
      const steps = needsApproval
        ? [
            step(
              'approval',
              `Approve ${formatUnitsExact(assets, state.assetDecimals)} USDC for the vault deposit`,
              approval,
              true,
            ),
            final,
          ]
        : [final];
      const quote = {
        ...quoteHead('deposit', state, final),
        account: input.account,
        receiver,
        ...(needsApproval
          ? {
              requirements: [
                {
                  type: 'approval',
                  token: addresses.usdc,
                  spender: layout.depositSpender,
                  amount: usdc(assets, state),
                  tx: tx(approval),
                },
              ],
            }
          : {}),
        expected: {
          assets: usdc(assets, state),
          shares: shares(expectedShares, state),
          minShares: shares(minShares, state),
        },
        slippageBps: input.slippageBps,
      };
      return {
        action: 'deposit',
        quote,
        steps,
        wallet: input.account,
        receiver,
        redeemId: null,
        funding: {
          requiredBeforeAction: true,
          destination: {
            ...deps.product.deposit.funding.destination,
            token: { ...deps.product.deposit.funding.destination.token, address: addresses.usdc },
          },
          submitRule: deps.product.deposit.funding.submitRule,
        },
        request: { ...input, receiver },
      };
    },

    async redeemAsync(input) {
      const amount = positiveAmount('sharesRaw', input.sharesRaw);
      const destination = bridgedDestination(deps, input.receiveChainId);
      const { readiness, state } = await readReady({ account: input.account, shares: amount });
      checkRedeemAsync(state, amount, readiness);
      // The shares are escrowed from the account; who finally receives the USDC is chosen at claim time.
      const call = calls.requestRedeem(amount, input.account);
      const final = step(
        'redeem_async',
        `Request redemption of ${formatUnitsExact(amount, state.shareDecimals)} shares`,
        call,
      );
      await simulate('redeem_async', input.account, call, state);
      const quote = {
        ...quoteHead('redeem_async', state, final),
        account: input.account,
        receiver: input.account,
        ...(destination
          ? {
              metadata: {
                withdrawal: postClaimWithdrawal(deps, destination, input.account, deps.bridge.provider),
              },
            }
          : {}),
        expected: { shares: shares(amount, state), assets: usdc(state.previewRedeem, state) },
        slippageBps: input.slippageBps,
      };
      return {
        action: 'redeem_async',
        quote,
        steps: [final],
        wallet: input.account,
        receiver: input.account,
        redeemId: null,
        request: { ...input },
      };
    },

    async redeemInstant(input) {
      const amount = positiveAmount('sharesRaw', input.sharesRaw);
      const recipient = input.receiver ?? input.account;
      const destination = bridgedDestination(deps, input.receiveChainId);
      const { readiness, state } = await readReady({ account: input.account, shares: amount });
      const slippageBps = input.slippageBps;
      checkRedeemInstant(state, amount, state.previewRedeem, slippageBps, readiness);
      const minAssetsOut = minimumOut(state.previewRedeem, slippageBps);
      const bridged = destination
        ? await depositAddressWithdrawal(deps, deps.bridge, {
            destination,
            amount: state.previewRedeem,
            recipient,
            owner: input.account,
            amountSource: 'quote.expected.assets',
            failureCode: quoteFailureCode('redeem_instant'),
          })
        : null;
      const receiver = bridged?.depositAddress ?? recipient;
      const call = calls.redeemInstant(amount, input.account, receiver, minAssetsOut);
      const final = step(
        'redeem_instant',
        `Redeem ${formatUnitsExact(amount, state.shareDecimals)} shares instantly`,
        call,
      );
      await simulate('redeem_instant', input.account, call, state);
      const quote = {
        ...quoteHead('redeem_instant', state, final),
        account: input.account,
        receiver,
        ...(bridged ? { metadata: { withdrawal: bridged.metadata } } : {}),
        expected: {
          shares: shares(amount, state),
          assets: usdc(state.previewRedeem, state),
          minAssetsOut: usdc(minAssetsOut, state),
        },
        slippageBps,
      };
      return {
        action: 'redeem_instant',
        quote,
        steps: [final],
        wallet: input.account,
        receiver,
        redeemId: null,
        request: { ...input, receiver: recipient },
      };
    },

    async claim(input) {
      const id = redemptionId(input.id);
      const destination = bridgedDestination(deps, input.receiveChainId);
      const { readiness, state } = await readReady({ account: input.account, redeemId: id });
      const redemption = redemptionOf(state);
      checkClaim(redemption, input.account, readiness);
      const bridged = destination
        ? await depositAddressWithdrawal(deps, deps.bridge, {
            destination,
            amount: redemption.assets,
            recipient: input.receiver,
            owner: input.account,
            amountSource: 'claim.expected.assets',
            failureCode: quoteFailureCode('claim_redeem'),
          })
        : null;
      const receiver = bridged?.depositAddress ?? input.receiver;
      const call = calls.claimRedeem(id, receiver);
      const final = step(
        'claim_redeem',
        `Claim ${formatUnitsExact(redemption.assets, state.assetDecimals)} USDC of redemption ${id}`,
        call,
      );
      await simulate('claim_redeem', input.account, call, state);
      const quote = {
        ...quoteHead('claim_redeem', state, final),
        account: input.account,
        receiver,
        ...(bridged ? { metadata: { withdrawal: bridged.metadata } } : {}),
        expected: { assets: usdc(redemption.assets, state) },
      };
      return {
        action: 'claim_redeem',
        quote,
        steps: [final],
        wallet: input.account,
        receiver,
        redeemId: id.toString(),
        request: { ...input },
      };
    },

    async cancel(input) {
      const id = redemptionId(input.id);
      const { readiness, state } = await readReady({ account: input.account, redeemId: id });
      const redemption = redemptionOf(state);
      checkCancel(redemption, input.account, readiness);
      const call = calls.cancelRedeem(id, input.account);
      const final = step('cancel_redeem', `Cancel redemption ${id}`, call);
      await simulate('cancel_redeem', input.account, call, state);
      const quote = {
        ...quoteHead('cancel_redeem', state, final),
        account: input.account,
        expected: { shares: shares(redemption.shares, state) },
      };
      return {
        action: 'cancel_redeem',
        quote,
        steps: [final],
        wallet: input.account,
        receiver: null,
        redeemId: id.toString(),
        request: { ...input },
      };
    },

    async fulfill(input) {
      const id = redemptionId(input.id);
      const { readiness, state } = await readReady({ account: ZeroAddress, redeemId: id });
      const redemption = redemptionOf(state);
      // The preview needs the redemption's shares, known only from the first read: a second aggregate3 at the
      // same quote block keeps every figure on one block.
      const preview =
        redemption.status === 'pending'
          ? (await read({ account: ZeroAddress, shares: redemption.shares }, state.blockNumber)).previewRedeem
          : 0n;
      checkFulfill(redemption, preview, state.instantRedeemCapacity, readiness);
      const call = calls.fulfillRedeem(id);
      const final = step('fulfill_redeem', `Fulfil redemption ${id}`, call);
      // Permissionless: simulated from the zero address, as any sender gets the same result.
      const assets = decodeUintResult(await simulate('fulfill_redeem', ZeroAddress, call, state));
      const quote = {
        ...quoteHead('fulfill_redeem', state, final),
        // fulfillRedeem takes no floor: the assets are fixed at the price of its block, so the quote's floor is
        // the quoted figure itself (slippage 0), for display and for the partner's own check of the receipt.
        expected: {
          shares: shares(redemption.shares, state),
          assets: usdc(assets, state),
          minAssetsOut: usdc(assets, state),
        },
      };
      return {
        action: 'fulfill_redeem',
        quote,
        steps: [final],
        wallet: ZeroAddress,
        receiver: null,
        redeemId: id.toString(),
        request: { ...input },
      };
    },
  };

  return {
    deposit: counted(service.deposit),
    redeemAsync: counted(service.redeemAsync),
    redeemInstant: counted(service.redeemInstant),
    claim: counted(service.claim),
    cancel: counted(service.cancel),
    fulfill: counted(service.fulfill),
  };
}
