import type { PositionState } from '@yv/chain';
import type { ProductConfig } from '@yv/config';
import type { ActivityEventRow } from '@yv/db';
import { ApiError, toAmount, type RedeemJson } from '@yv/domain';
import { ADDRESS_CASE_RULE, isHexAddress } from '@yv/schemas';
import type { Tokens } from './tokens';

/**
 * Why a wallet parameter (`name` says which, e.g. "path parameter `address`") is not one, by the rule of every address
 * a request carries (isEvmAddress): not hex at all, or a mixed case whose checksum fails. 400 BAD_WALLET.
 */
export function walletError(value: unknown, name: string): ApiError {
  return isHexAddress(value)
    ? new ApiError('BAD_WALLET', `${name} ${ADDRESS_CASE_RULE}, got "${value}"`)
    : new ApiError(
        'BAD_WALLET',
        `${name} must be a 20-byte hex address (0x followed by 40 hex digits), got ${JSON.stringify(value)}`,
      );
}

export function activityOf(row: ActivityEventRow, tokens: Tokens) {
  return {
    type: row.type,
    eventName: row.eventName,
    txHash: row.txHash,
    blockNumber: row.blockNumber.toString(),
    logIndex: row.logIndex,
    timestamp: row.blockTimestamp.toISOString(),
    wallet: row.wallet,
    owner: row.owner,
    receiver: row.receiver,
    assets: row.assetsRaw === null ? null : toAmount(row.assetsRaw, tokens.asset.decimals),
    shares: toAmount(row.sharesRaw, tokens.share.decimals),
    redeemId: row.redeemId?.toString() ?? null,
  };
}

export function buildPosition(
  wallet: string,
  p: PositionState,
  tokens: Tokens,
  redeems: { available: boolean; records: RedeemJson[] },
) {
  const usdc = (raw: bigint) => toAmount(raw, tokens.asset.decimals);
  return {
    wallet,
    balances: {
      usdc: usdc(p.usdcBalance),
      shares: toAmount(p.shareBalance, tokens.share.decimals),
      shareValue: usdc(p.shareValue),
    },
    allowance: { vaultUsdc: usdc(p.depositPipeAllowance) },
    limits: {
      maxDeposit: usdc(p.maxDeposit),
      maxRedeem: toAmount(p.maxRedeem, tokens.share.decimals),
      maxWithdraw: usdc(p.maxWithdraw),
    },
    redeemsAvailable: redeems.available,
    redeems: redeems.records,
  };
}

/** Native gas against the product's threshold; the faucet is only offered where the product enables it. */
export function buildGas(p: PositionState, gas: ProductConfig['gas']) {
  const minRequired = BigInt(gas.minRequiredWei);
  const needsGas = p.nativeBalance < minRequired;
  return {
    faucetEnabled: gas.faucetEnabled,
    balance: p.nativeBalance.toString(),
    needsGas,
    minRequired: gas.minRequiredWei,
    faucetAmount: gas.faucetAmountWei,
    error:
      needsGas && !gas.faucetEnabled
        ? 'the wallet lacks gas and no faucet serves this network: fund it with native gas'
        : null,
  };
}
