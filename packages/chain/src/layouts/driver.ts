import type { Signer, TransactionReceipt } from 'ethers';
import type { ContractCall } from '../calldata';
import type { RawLog } from '../rpc';
import type { VaultLayout } from './types';

/** A receipt's logs as the layout's decoder takes them. */
function rawLogs(receipt: TransactionReceipt): RawLog[] {
  return receipt.logs.map((l) => ({
    address: l.address,
    topics: l.topics,
    data: l.data,
    blockNumber: `0x${l.blockNumber.toString(16)}`,
    blockHash: l.blockHash,
    transactionHash: l.transactionHash,
    logIndex: `0x${l.index.toString(16)}`,
  }));
}

/**
 * Signs a layout's calls with one signer and waits for each: what the devnet's keeper and the tests do on either
 * layout without knowing which. A reverted transaction throws (ethers' CALL_EXCEPTION).
 */
export function vaultDriver(layout: VaultLayout, signer: Signer) {
  const { calls } = layout;
  const send = async (call: ContractCall): Promise<TransactionReceipt> => {
    const receipt = await (await signer.sendTransaction(call)).wait();
    if (!receipt) throw new Error(`no receipt for a call to ${call.to}`);
    return receipt;
  };
  const address = () => signer.getAddress();
  return {
    send,
    approveDeposit: (amount: bigint) => send(calls.approveDeposit(amount)),
    async deposit(assets: bigint, minShares = 0n, receiver?: string) {
      return send(calls.deposit(assets, receiver ?? (await address()), minShares));
    },
    /** Approves and deposits `assets` for the signer. */
    async approveAndDeposit(assets: bigint) {
      await send(calls.approveDeposit(assets));
      return send(calls.deposit(assets, await address(), 0n));
    },
    /** Queues `shares` of the signer. @returns the receipt and the redemption id its log carries. */
    async requestRedeem(shares: bigint) {
      const receipt = await send(calls.requestRedeem(shares, await address()));
      return { receipt, id: redemptionIdOf(layout, receipt) };
    },
    async redeemInstant(shares: bigint, minAssetsOut = 0n, receiver?: string) {
      const owner = await address();
      return send(calls.redeemInstant(shares, owner, receiver ?? owner, minAssetsOut));
    },
    async claimRedeem(id: bigint, receiver?: string) {
      return send(calls.claimRedeem(id, receiver ?? (await address())));
    },
    async cancelRedeem(id: bigint) {
      return send(calls.cancelRedeem(id, await address()));
    },
    fulfillRedeem: (id: bigint) => send(calls.fulfillRedeem(id)),
  };
}

export type VaultDriver = ReturnType<typeof vaultDriver>;

/** The id of the redemption a receipt's request log carries. */
export function redemptionIdOf(layout: VaultLayout, receipt: TransactionReceipt): bigint {
  for (const { event } of layout.decodeLogs(rawLogs(receipt)))
    if (event.name === 'RedeemRequested') return event.id;
  throw new Error('the receipt holds no redemption request');
}
