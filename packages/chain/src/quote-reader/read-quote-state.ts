import type { Interface, Provider, Result } from 'ethers';
import {
  Core__factory,
  MockUSDC__factory,
  Multicall3__factory,
  RedemptionPipe__factory,
  Share__factory,
} from '@yv/contracts';
import {
  REDEMPTION_STATUS_BY_CODE,
  type OnChainRedemption,
  type QuoteReadRequest,
  type QuoteReaderDeployment,
  type QuoteState,
} from './types';

const core = Core__factory.createInterface();
const erc20 = MockUSDC__factory.createInterface();
const share = Share__factory.createInterface();
const pipe = RedemptionPipe__factory.createInterface();
const multicall = Multicall3__factory.createInterface();

interface Call {
  target: string;
  iface: Interface;
  fn: string;
  args: readonly unknown[];
}

function quoteCalls(d: QuoteReaderDeployment, r: QuoteReadRequest) {
  const c = d.contracts;
  const receiver = r.receiver ?? r.account;
  const on =
    (target: string, iface: Interface) =>
    (fn: string, ...args: unknown[]): Call => ({ target, iface, fn, args });
  const onCore = on(c.core, core);
  const onUsdc = on(c.usdc, erc20);
  const onShare = on(c.share, share);
  const onMulticall = on(c.multicall3, multicall);
  return {
    blockNumber: onMulticall('getBlockNumber'),
    blockTimestamp: onMulticall('getCurrentBlockTimestamp'),
    assetDecimals: onUsdc('decimals'),
    shareDecimals: onShare('decimals'),
    usdcBalance: onUsdc('balanceOf', r.account),
    shareBalance: onShare('balanceOf', r.account),
    allowance: onUsdc('allowance', r.account, c.depositPipe),
    previewDeposit: onCore('previewDeposit', r.assets ?? 0n),
    previewRedeem: onCore('previewRedeem', r.shares ?? 0n),
    minimumDeposit: onCore('minimumDeposit'),
    globalDepositRoom: onCore('globalDepositRoom'),
    userDepositRoom: onCore('userDepositRoom', receiver),
    maxDeposit: onCore('maxDeposit', receiver),
    depositsPaused: onCore('depositsPaused'),
    instantRedeemCapacity: onCore('instantRedeemCapacity'),
    ...(r.redeemId === undefined
      ? {}
      : { redemption: on(c.redemptionPipe, pipe)('getRedemption', r.redeemId) }),
  };
}

type Calls = ReturnType<typeof quoteCalls>;

function toRedemption(id: bigint, raw: Result): OnChainRedemption {
  const code = Number(raw.status);
  const status = REDEMPTION_STATUS_BY_CODE[code];
  if (status === undefined)
    throw new Error(`RedemptionPipe answered unknown status ${code} for redemption ${id}`);
  return {
    id,
    owner: raw.owner as string,
    receiver: raw.receiver as string,
    shares: raw.shares as bigint,
    assets: raw.assets as bigint,
    status,
  };
}

/**
 * Reads everything a quote decides on in ONE eth_call to Multicall3.aggregate3, so balances, allowance, previews,
 * caps, pause, capacity and the redemption (and the block number reported with them) come from one block. Any
 * failing view fails the read: a quote never mixes a fresh value with a missing one.
 * @param blockTag a block number or tag; default `latest`.
 */
export async function readQuoteState(
  provider: Provider,
  deployment: QuoteReaderDeployment,
  request: QuoteReadRequest,
  blockTag: number | bigint | string = 'latest',
): Promise<QuoteState> {
  const calls = quoteCalls(deployment, request) as Calls & { redemption?: Call };
  const names = Object.keys(calls) as (keyof typeof calls)[];
  const data = multicall.encodeFunctionData('aggregate3', [
    names.map((name) => {
      const call = calls[name] as Call;
      return {
        target: call.target,
        allowFailure: false,
        callData: call.iface.encodeFunctionData(call.fn, call.args),
      };
    }),
  ]);
  const answer = await provider.call({
    to: deployment.contracts.multicall3,
    data,
    blockTag: typeof blockTag === 'bigint' ? Number(blockTag) : blockTag,
  });
  const [results] = multicall.decodeFunctionResult('aggregate3', answer) as unknown as [
    { success: boolean; returnData: string }[],
  ];
  const one = <T>(name: keyof typeof calls): T => {
    const call = calls[name] as Call;
    const result = results[names.indexOf(name)];
    if (!result) throw new Error(`multicall answered without a result for ${String(name)}`);
    return call.iface.decodeFunctionResult(call.fn, result.returnData)[0] as T;
  };
  return {
    blockNumber: one('blockNumber'),
    blockTimestamp: one('blockTimestamp'),
    assetDecimals: Number(one<bigint>('assetDecimals')),
    shareDecimals: Number(one<bigint>('shareDecimals')),
    usdcBalance: one('usdcBalance'),
    shareBalance: one('shareBalance'),
    allowance: one('allowance'),
    previewDeposit: one('previewDeposit'),
    previewRedeem: one('previewRedeem'),
    minimumDeposit: one('minimumDeposit'),
    globalDepositRoom: one('globalDepositRoom'),
    userDepositRoom: one('userDepositRoom'),
    maxDeposit: one('maxDeposit'),
    depositsPaused: one('depositsPaused'),
    instantRedeemCapacity: one('instantRedeemCapacity'),
    redemption:
      request.redeemId === undefined ? null : toRedemption(request.redeemId, one<Result>('redemption')),
  };
}
