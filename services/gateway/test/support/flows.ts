import type { HDNodeWallet } from 'ethers';
import type { Deployment } from '@yv/config';
import { expectAction, type ActionJson, type PartnerClient } from './partner';
import { depositAllowance, signAndSend, verifiedHash } from './signer';
import { requestedRedemptionId, shareToken } from './vault';

export function shareBalance(deployment: Deployment, wallet: HDNodeWallet): Promise<bigint> {
  return shareToken(deployment, wallet).balanceOf(wallet.address);
}

/**
 * Signs an action's final step, checks the receipt as the spec's rules demand (success, target from the action's
 * metadata), submits the verified hash and polls until the gateway has settled it.
 */
export async function signSubmitAndSettle(
  partner: PartnerClient,
  wallet: HDNodeWallet,
  action: ActionJson,
  target: string,
) {
  const final = action.steps[action.steps.length - 1]!;
  const receipt = await signAndSend(wallet, final.tx);
  const hash = verifiedHash(receipt, target);
  expect(expectAction(await partner.submit(action.id, hash), 200)).toMatchObject({
    status: 'submitted',
    txHash: hash,
  });
  const settled = await partner.pollUntil(action.id, (status) => status !== 'submitted');
  return { receipt, settled };
}

/**
 * The spec's deposit sequence end to end: create, sign an approval step if there is one, check the allowance of the
 * vault's deposit spender, create a fresh action with a new key (which must carry no approval), sign the deposit, verify the
 * receipt, submit and poll. @returns the shares minted.
 */
export async function depositThroughGateway(
  partner: PartnerClient,
  deployment: Deployment,
  wallet: HDNodeWallet,
  amountRaw: bigint,
): Promise<bigint> {
  const body = { amountRaw: amountRaw.toString(), account: wallet.address, slippageBps: 50 };
  let action = await partner.created('deposit', body);
  const approval = action.steps.find((step) => step.kind === 'approval');
  if (approval) {
    verifiedHash(await signAndSend(wallet, approval.tx), deployment.contracts.usdc);
    expect((await depositAllowance(deployment, wallet)) >= amountRaw).toBe(true);
    action = await partner.created('deposit', body);
    expect(action.steps.map((step) => step.kind)).toEqual(['deposit']);
  }
  const before = await shareBalance(deployment, wallet);
  const { settled } = await signSubmitAndSettle(
    partner,
    wallet,
    action,
    action.metadata.addresses.depositPipe,
  );
  expect(settled.status).toBe('confirmed');
  return (await shareBalance(deployment, wallet)) - before;
}

/** A queued redemption requested through a redeem-async action. @returns its id. */
export async function redeemAsyncThroughGateway(
  partner: PartnerClient,
  deployment: Deployment,
  wallet: HDNodeWallet,
  sharesRaw: bigint,
): Promise<string> {
  const action = await partner.created('redeem-async', {
    sharesRaw: sharesRaw.toString(),
    account: wallet.address,
    slippageBps: 50,
  });
  const { receipt, settled } = await signSubmitAndSettle(
    partner,
    wallet,
    action,
    action.metadata.addresses.redemptionPipe,
  );
  expect(settled.status).toBe('confirmed');
  return requestedRedemptionId(deployment, receipt);
}
