import type { Result } from 'ethers';
import type { Deployment } from '@yv/config';
import type { OnChainRedemption } from '../../quote-reader/types';
import { redemptionStatus } from '../pipe-v2';
import { on, positionsCall, quoteViews, snapshotViews } from '../shared-views';
import type { IdentityCheck, VaultLayout } from '../types';
import { svcVault, vaultV3Calls } from './calls';
import { decodeVaultV3Logs, VAULT_V3_TOPICS } from './logs';

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
    quoteViews: (r) => quoteViews(d, accounting, r),
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
    positionsCall: positionsCall(accounting),
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
