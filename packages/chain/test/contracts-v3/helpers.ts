import { ZeroAddress, type LogDescription, type Signer, type TransactionReceipt } from 'ethers';
import {
  MockUSDC__factory,
  Multicall3__factory,
  NavSource__factory,
  Strategy__factory,
  SvcVault__factory,
} from '@yv/contracts';
import type { DevnetVault } from '@yv/testkit';
import { decodeRevert, revertData } from '../../src/revert';

export const USDC = 10n ** 6n;
/** One whole share: the vault's decimals are USDC's 6 plus the 6 of the virtual-share offset. */
export const ONE_SHARE = 10n ** 12n;
export const VIRTUAL_SHARES = 10n ** 6n;
export const PRICE_PRECISION = 10n ** 27n;
export const YEAR = 365n * 24n * 3600n;
export const BPS = 10_000n;
export { ZeroAddress };

/** SvcVault.Status */
export const STATUS = { None: 0n, Pending: 1n, Claimable: 2n, Claimed: 3n, Cancelled: 4n } as const;

export function v3(v: DevnetVault, runner: Signer) {
  const c = v.deployment.contracts;
  return {
    vault: SvcVault__factory.connect(c.vault, runner),
    usdc: MockUSDC__factory.connect(c.usdc, runner),
    navSource: NavSource__factory.connect(c.navSource, runner),
    strategy: Strategy__factory.connect(c.strategy, runner),
    multicall3: Multicall3__factory.connect(c.multicall3, runner),
  };
}

export async function mined(
  tx: Promise<{ wait(): Promise<TransactionReceipt | null> }>,
): Promise<TransactionReceipt> {
  const receipt = await (await tx).wait();
  if (!receipt) throw new Error('no receipt');
  return receipt;
}

/** 4626 deposit(assets, receiver) from `wallet` (approving the vault first); returns the shares minted. */
export async function deposit(
  v: DevnetVault,
  wallet: Signer,
  assets: bigint,
  receiver?: string,
): Promise<bigint> {
  const { vault, usdc } = v3(v, wallet);
  const to = receiver ?? (await wallet.getAddress());
  const before = await vault.balanceOf(to);
  await mined(usdc.approve(v.deployment.contracts.vault, assets));
  await mined(vault['deposit(uint256,address)'](assets, to));
  return (await vault.balanceOf(to)) - before;
}

/** requestRedeem sent by `sender`; controller and owner default to the sender. Returns the request id. */
export async function requestRedeem(
  v: DevnetVault,
  sender: Signer,
  shares: bigint,
  controller?: string,
  owner?: string,
): Promise<bigint> {
  const me = await sender.getAddress();
  const { vault } = v3(v, sender);
  const receipt = await mined(vault.requestRedeem(shares, controller ?? me, owner ?? me));
  return eventArgs(v, receipt, 'RedeemRequest').requestId as bigint;
}

/** The vault's logs in a receipt, parsed. */
export function vaultEvents(v: DevnetVault, receipt: TransactionReceipt): LogDescription[] {
  const { vault } = v3(v, v.deployer);
  return receipt.logs
    .filter((l) => l.address === v.deployment.contracts.vault)
    .map((l) => vault.interface.parseLog(l)!)
    .filter(Boolean);
}

/** The one event of that name the vault emitted in the receipt, as an object of its named args. */
export function eventArgs(
  v: DevnetVault,
  receipt: TransactionReceipt,
  name: string,
): Record<string, unknown> {
  const found = vaultEvents(v, receipt).filter((e) => e.name === name);
  if (found.length !== 1) throw new Error(`expected one ${name} event, got ${found.length}`);
  return found[0]!.args.toObject();
}

/** Every log of the receipt in order: the vault's by event name, USDC's as `USDC.<name>`. */
export function logNames(v: DevnetVault, receipt: TransactionReceipt): string[] {
  const c = v.deployment.contracts;
  const { vault, usdc } = v3(v, v.deployer);
  return receipt.logs.map((l) => {
    if (l.address === c.vault) return vault.interface.parseLog(l)?.name ?? 'vault.?';
    if (l.address === c.usdc) return `USDC.${usdc.interface.parseLog(l)?.name ?? '?'}`;
    return `${l.address}.?`;
  });
}

export interface Revert {
  name: string;
  args: unknown[];
}

const vaultInterface = SvcVault__factory.createInterface();

/** Awaits a call or transaction expected to revert; returns the custom error's name and args. */
export async function revertOf(action: Promise<unknown>): Promise<Revert> {
  try {
    const result = await action;
    const maybeTx = result as { wait?: () => Promise<unknown> };
    if (typeof maybeTx?.wait === 'function') await maybeTx.wait();
  } catch (err) {
    const data = revertData(err);
    if (data) {
      try {
        const e = vaultInterface.parseError(data);
        if (e) return { name: e.name, args: [...e.args] };
      } catch {
        // not in SvcVault's ABI: try the shared decoder
      }
    }
    const decoded = decodeRevert(err);
    if (!decoded) throw err;
    return { name: decoded.name, args: Object.values(decoded.args) };
  }
  throw new Error('expected a revert, but the call succeeded');
}

export async function revertName(action: Promise<unknown>): Promise<string> {
  return (await revertOf(action)).name;
}

// ---------------------------------------------------------------- exact ERC-4626 math

export function mulDiv(x: bigint, y: bigint, d: bigint, up = false): bigint {
  const q = (x * y) / d;
  return up && (x * y) % d !== 0n ? q + 1n : q;
}

export interface VaultState {
  totalAssets: bigint;
  supply: bigint;
}

export async function vaultState(v: DevnetVault): Promise<VaultState> {
  const { vault } = v3(v, v.deployer);
  return { totalAssets: await vault.totalAssets(), supply: await vault.totalSupply() };
}

export function toShares(s: VaultState, assets: bigint, up = false): bigint {
  return mulDiv(assets, s.supply + VIRTUAL_SHARES, s.totalAssets + 1n, up);
}

export function toAssets(s: VaultState, shares: bigint, up = false): bigint {
  return mulDiv(shares, s.totalAssets + 1n, s.supply + VIRTUAL_SHARES, up);
}

export function precisePrice(s: VaultState): bigint {
  return mulDiv(s.totalAssets + 1n, PRICE_PRECISION, s.supply + VIRTUAL_SHARES);
}

// ---------------------------------------------------------------- keeper moves

/** The keeper moves every free USDC to the strategy, so nothing can be fulfilled or redeemed instantly. */
export async function drainToStrategy(v: DevnetVault): Promise<void> {
  const { vault } = v3(v, v.keeper);
  const free = await vault.instantRedeemCapacity();
  if (free > 0n) await mined(vault.allocateToStrategy(free));
}

export async function returnFromStrategy(v: DevnetVault, amount?: bigint): Promise<void> {
  const { usdc, strategy } = v3(v, v.keeper);
  const held = amount ?? (await usdc.balanceOf(v.deployment.contracts.strategy));
  if (held > 0n) await mined(strategy.returnToVault(held));
}

/** Strategy yield: the keeper (a devnet USDC minter) mints USDC into the strategy account. */
export async function addYield(v: DevnetVault, assets: bigint): Promise<void> {
  await mined(v3(v, v.keeper).usdc.mint(v.deployment.contracts.strategy, assets));
}

// ---------------------------------------------------------------- proof of reserves

/**
 * The vault's proof of reserves, recomputed from raw balances and from the requests themselves rather than trusted
 * from proof(): gross managed assets - reserved liabilities = net shareholder assets = reported total assets;
 * the shares the vault holds are exactly those of pending requests, and the reserve is exactly what claimable
 * requests are owed.
 */
export async function expectProofHolds(v: DevnetVault): Promise<void> {
  const c = v.deployment.contracts;
  const { vault, usdc, navSource } = v3(v, v.deployer);
  const p = await vault.proof();
  expect(p.vaultUsdc).toBe(await usdc.balanceOf(c.vault));
  expect(p.strategyEvmUsdc).toBe(await usdc.balanceOf(c.strategy));
  expect(p.strategyCoreSpotUsdc).toBe(await navSource.coreSpotUsdc());
  expect(p.strategyCorePerpUsdc).toBe(await navSource.corePerpUsdc());
  expect(p.strategyHlpEquity).toBe(await navSource.hlpEquity());
  expect(p.pendingBridgeIn).toBe(await navSource.pendingBridgeIn());
  expect(p.pendingBridgeOut).toBe(await navSource.pendingBridgeOut());
  expect(p.escrowedShares).toBe(await vault.balanceOf(c.vault));
  expect(p.escrowedShares).toBe(await vault.escrowedShares());

  let pendingShares = 0n;
  let owed = 0n;
  const next = await vault.nextRedemptionId();
  for (let id = 1n; id < next; id++) {
    const r = await vault.getRedemption(id);
    if (r.status === STATUS.Pending) pendingShares += r.shares;
    if (r.status === STATUS.Claimable) owed += r.assets;
  }
  expect(p.escrowedShares).toBe(pendingShares);
  expect(p.reservedAssets).toBe(owed);

  const gross =
    p.vaultUsdc +
    p.strategyEvmUsdc +
    p.strategyCoreSpotUsdc +
    p.strategyCorePerpUsdc +
    p.strategyHlpEquity +
    p.pendingBridgeIn +
    p.pendingBridgeOut;
  expect(p.grossManagedAssets).toBe(gross);
  expect(gross).toBe(await vault.grossManagedAssets());
  expect(p.reservedLiabilities).toBe(await vault.reservedAssets());
  expect(p.reservedAssets).toBe(p.reservedLiabilities);
  expect(gross - p.reservedLiabilities).toBe(p.netShareholderAssets);
  expect(p.netShareholderAssets).toBe(p.reportedTotalAssets);
  expect(p.reportedTotalAssets).toBe(await vault.totalAssets());
  expect(p.reservedAssets <= p.vaultUsdc).toBe(true);
  expect(await vault.instantRedeemCapacity()).toBe(p.vaultUsdc - p.reservedAssets);
}
