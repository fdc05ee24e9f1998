import type { Result } from 'ethers';
import { Multicall3__factory } from '@yv/contracts';
import type { Deployment } from '@yv/config';
import type { OnChainRedemption } from '../../quote-reader/types';
import { redemptionStatus } from '../pipe-v2';
import { erc20Interface as erc20, on, quoteViews, snapshotViews } from '../shared-views';
import type { IdentityCheck, VaultLayout } from '../types';
import { svcVault, vaultV3Calls } from './calls';
import { decodeVaultV3Logs, VAULT_V3_TOPICS } from './logs';

const multicall = Multicall3__factory.createInterface();
/** ERC-165 id of ERC-7540's asynchronous redemption. */
const ERC7540_ASYNC_REDEEM = '0x620ee8e4';

/**
 * svc-vault-v3: one contract is the accounting, the share token (ERC-20), the deposit entry (ERC-4626) and the queue
 * (ERC-7540). The manifest's core, share, depositPipe and redemptionPipe all name it.
 */
export function vaultV3Layout(d: Deployment): VaultLayout {
  const vault = d.contracts.vault;
  const accounting = { target: vault, iface: svcVault };
  const onVault = on(vault, svcVault);
  return {
    version: 'svc-vault-v3',
    deployment: d,
    depositSpender: vault,
    escrow: vault,
    calls: vaultV3Calls(d),
    // ERC-7540 makes previewRedeem revert on an async vault: convertToAssets (rounded down) is the same figure.
    quoteViews: (r) => quoteViews(d, accounting, vault, (shares) => onVault('convertToAssets', shares), r),
    redemptionView: (id) => onVault('getRedemption', id),
    toRedemption(id: bigint, answer: Result): OnChainRedemption {
      const raw = answer[0] as Result;
      return {
        id,
        owner: raw.controller as string,
        receiver: raw.controller as string,
        shares: raw.shares as bigint,
        assets: raw.assets as bigint,
        status: redemptionStatus(Number(raw.status), id),
      };
    },
    snapshotViews: () => snapshotViews(d, accounting),
    walletCalls: (wallet) => [
      { target: d.contracts.usdc, callData: erc20.encodeFunctionData('balanceOf', [wallet]) },
      { target: vault, callData: svcVault.encodeFunctionData('balanceOf', [wallet]) },
      { target: d.contracts.usdc, callData: erc20.encodeFunctionData('allowance', [wallet, vault]) },
      { target: vault, callData: svcVault.encodeFunctionData('maxDeposit', [wallet]) },
      // ERC-7540's maxRedeem is what a controller can claim; the position's maxRedeem is what it can redeem at all.
      { target: vault, callData: svcVault.encodeFunctionData('balanceOf', [wallet]) },
      { target: vault, callData: svcVault.encodeFunctionData('maxInstantWithdraw', [wallet]) },
      { target: d.contracts.multicall3, callData: multicall.encodeFunctionData('getEthBalance', [wallet]) },
      { target: vault, callData: svcVault.encodeFunctionData('shareValueOf', [wallet]) },
    ],
    followedAddresses: [vault.toLowerCase()],
    followedTopics: VAULT_V3_TOPICS,
    decodeLogs: decodeVaultV3Logs,
    identityChecks: (): IdentityCheck[] => [
      {
        view: onVault('supportsInterface', ERC7540_ASYNC_REDEEM),
        label: `SvcVault.supportsInterface(${ERC7540_ASYNC_REDEEM})`,
        expected: 'true',
      },
      { view: onVault('share'), label: 'SvcVault.share()', expected: vault },
      { view: onVault('asset'), label: 'SvcVault.asset()', expected: d.contracts.usdc },
      ...(['core', 'share', 'depositPipe', 'redemptionPipe'] as const).map((name) => ({
        view: onVault('share'),
        label: `contracts.${name} (must be the vault)`,
        expected: d.contracts[name],
      })),
    ],
  };
}
