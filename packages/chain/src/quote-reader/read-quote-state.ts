import type { Result } from 'ethers';
import type { VaultLayout } from '../layouts/types';
import type { BlockTag } from '../eth-call';
import { readViewsAndChecks, type Aggregate, type ViewCall } from '../multicall';
import { callOutcome } from '../simulate';
import type { QuoteReadRequest, QuoteState } from './types';

/**
 * Reads everything a quote decides on in ONE eth_call to Multicall3.aggregate3, so balances, allowance, previews,
 * caps, pause, capacity (the vault's quoteOf, which reads the NAV once for all of them) and the redemption (and the
 * block number reported with them) come from one block, with the deposit rules' check when asked for. Any
 * failing view fails the read: a quote never mixes a fresh value with a missing one. The tokens' decimals, which
 * never change, are not among them: the caller reads those once. Through `aggregate` the eth_call may carry other
 * quotes' reads as well (sharedAggregate), all at one block.
 * @param blockTag a block number or tag; default `latest`.
 */
export async function readQuoteState(
  aggregate: Aggregate,
  layout: VaultLayout,
  request: QuoteReadRequest,
  blockTag: BlockTag = 'latest',
): Promise<QuoteState> {
  const id = request.redeemId;
  const views: Record<string, ViewCall> = layout.quoteViews(request);
  if (id !== undefined) views.redemption = layout.redemptionView(id);
  const check = request.depositCheck
    ? layout.calls.checkDeposit(request.receiver ?? request.account, request.assets ?? 0n)
    : null;
  const { views: r, checks } = await readViewsAndChecks(
    aggregate,
    views,
    check ? [{ target: check.to, callData: check.data, allowFailure: true }] : [],
    blockTag,
  );
  const one = <T>(name: string): T => r[name]![0] as T;
  const figures = one<Result>('figures');
  const figure = (name: string): bigint => figures[name] as bigint;
  return {
    blockNumber: one('blockNumber'),
    usdcBalance: figure('usdcBalance'),
    shareBalance: figure('shareBalance'),
    allowance: figure('allowance'),
    previewDeposit: figure('previewDeposit'),
    previewRedeem: figure('previewRedeem'),
    minimumDeposit: figure('minimumDeposit'),
    globalDepositRoom: figure('globalDepositRoom'),
    userDepositRoom: figure('userDepositRoom'),
    maxDeposit: figure('maxDeposit'),
    depositsPaused: figures.depositsPaused as boolean,
    instantRedeemCapacity: figure('instantRedeemCapacity'),
    redemption: id === undefined ? null : layout.toRedemption(id, r.redemption!),
    depositCheck: checks[0] ? callOutcome(checks[0]) : null,
  };
}
