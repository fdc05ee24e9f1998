import type { Interface, Provider, Result } from 'ethers';
import { Multicall3__factory } from '@yv/contracts';
import { functionCodec } from './abi-function';
import { ethCall, type BlockTag } from './eth-call';
import { decodeAggregate3, encodeAggregate3, type Aggregate3Result, type RawCall } from './multicall-codec';

export type { RawCall } from './multicall-codec';

const multicall = Multicall3__factory.createInterface();

/** One view of a Multicall3 batch, encoded and decoded with its own contract's ABI. */
export interface ViewCall {
  readonly target: string;
  readonly iface: Interface;
  readonly fn: string;
  readonly args?: readonly unknown[];
}

/** Multicall3's own views: the block every other answer of the batch was read at. */
export function multicallView(
  multicall3: string,
  fn: 'getBlockNumber' | 'getCurrentBlockTimestamp',
): ViewCall {
  return { target: multicall3, iface: multicall, fn };
}

/** A view as raw calldata, for batches whose answers the caller slices itself. */
export function encodedView(view: ViewCall): RawCall {
  return { target: view.target, callData: functionCodec(view.iface, view.fn).encode(view.args ?? []) };
}

async function aggregate3(
  provider: Provider,
  multicall3: string,
  calls: readonly RawCall[],
  allowFailure: boolean,
  blockTag: BlockTag,
): Promise<Aggregate3Result[]> {
  const answer = await ethCall(
    provider,
    { to: multicall3, data: encodeAggregate3(calls, allowFailure) },
    blockTag,
  );
  const results = decodeAggregate3(answer);
  if (results.length !== calls.length)
    throw new Error(`multicall answered ${results.length} results for ${calls.length} calls`);
  return results;
}

/**
 * The answers of `calls` from ONE eth_call to Multicall3.aggregate3 at `blockTag`, in order. Any failing call fails
 * the whole read: a reader never mixes a fresh value with a missing one.
 */
export async function aggregateRaw(
  provider: Provider,
  multicall3: string,
  calls: readonly RawCall[],
  blockTag: BlockTag = 'latest',
): Promise<string[]> {
  return (await aggregate3(provider, multicall3, calls, false, blockTag)).map((r) => r.returnData);
}

/** Named views read at one block in one eth_call, each decoded with its own ABI. */
export async function readViews<K extends string>(
  provider: Provider,
  multicall3: string,
  views: Readonly<Record<K, ViewCall>>,
  blockTag: BlockTag = 'latest',
): Promise<Record<K, Result>> {
  return (await readViewsAndChecks(aggregateOn(provider, multicall3), views, [], blockTag)).views;
}

/**
 * One Multicall3.aggregate3 eth_call's answers to `calls` at `blockTag`, in order, a success flag each: one eth_call
 * of its own (aggregateOn), or one shared with other callers' calls (sharedAggregate).
 */
export type Aggregate = (calls: readonly RawCall[], blockTag: BlockTag) => Promise<Aggregate3Result[]>;

/** Each read its own eth_call, in which a failing call that does not allow failure reverts the whole read. */
export function aggregateOn(provider: Provider, multicall3: string): Aggregate {
  return (calls, blockTag) => aggregate3(provider, multicall3, calls, false, blockTag);
}

/** A view that reverted in a batch whose other calls may stand: its reader's read fails, as its revert would. */
export class ViewReverted extends Error {
  constructor(readonly view: string) {
    super(`${view} reverted`);
    this.name = 'ViewReverted';
  }
}

/**
 * Like readViews, with `checks` (calls marked allowFailure) in the same eth_call, so at the same block: each
 * answers its own success and return or revert data, undecoded. Any failing view still fails the whole read.
 * Through `aggregate`, whose eth_call may carry other readers' calls too (sharedAggregate).
 */
export async function readViewsAndChecks<K extends string>(
  aggregate: Aggregate,
  views: Readonly<Record<K, ViewCall>>,
  checks: readonly RawCall[],
  blockTag: BlockTag,
): Promise<{ views: Record<K, Result>; checks: Aggregate3Result[] }> {
  const names = Object.keys(views) as K[];
  const results = await aggregate([...names.map((name) => encodedView(views[name])), ...checks], blockTag);
  const out = {} as Record<K, Result>;
  names.forEach((name, i) => {
    const view = views[name];
    const result = results[i]!;
    if (!result.success) throw new ViewReverted(view.fn);
    out[name] = functionCodec(view.iface, view.fn).decode(result.returnData);
  });
  return { views: out, checks: results.slice(names.length) };
}

/**
 * Like readViews, but a view that reverts, or answers what its ABI cannot decode (no code at the address, another
 * contract), reads as null instead of failing the batch: for checking what the contracts at an address are.
 */
export async function probeViews<K extends string>(
  provider: Provider,
  multicall3: string,
  views: Readonly<Record<K, ViewCall>>,
): Promise<Record<K, Result | null>> {
  const names = Object.keys(views) as K[];
  const results = await aggregate3(
    provider,
    multicall3,
    names.map((name) => encodedView(views[name])),
    true,
    'latest',
  );
  const out = {} as Record<K, Result | null>;
  names.forEach((name, i) => {
    const view = views[name];
    const r = results[i]!;
    try {
      out[name] = r.success ? functionCodec(view.iface, view.fn).decode(r.returnData) : null;
    } catch {
      out[name] = null;
    }
  });
  return out;
}
