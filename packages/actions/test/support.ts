import { randomUUID } from 'node:crypto';
import { insertPartner, type NewPartnerAction, type Pool } from '@yv/db';
import type { ActionDeployment } from '@yv/domain';
import type { ActionKind } from '@yv/schemas';

export const deployment: ActionDeployment = {
  contractVersion: 'svc-pipe-v2',
  chainId: 999,
  contracts: {
    share: '0x00000000000000000000000000000000000000a1',
    core: '0x00000000000000000000000000000000000000a1',
    depositPipe: '0x00000000000000000000000000000000000000a2',
    redemptionPipe: '0x00000000000000000000000000000000000000a3',
    usdc: '0x00000000000000000000000000000000000000a4',
  },
};

export async function newPartner(pool: Pool): Promise<string> {
  return (await insertPartner(pool, { id: randomUUID(), name: 'writer test', webhookUrl: null })).id;
}

export function newAction(
  partnerId: string,
  action: ActionKind,
  redeemId: bigint | null = null,
): NewPartnerAction {
  return {
    id: randomUUID(),
    partnerId,
    idempotencyKey: `key-${randomUUID()}`,
    requestFingerprint: 'f'.repeat(64),
    responseStatus: 201,
    action,
    status: 'created',
    wallet: '0x00000000000000000000000000000000000000b1',
    receiver: null,
    redeemId: redeemId === null ? null : redeemId.toString(),
    request: {},
    quote: {},
    steps: [],
    funding: null,
    receiveChainId: null,
    expiresAt: null,
  };
}
