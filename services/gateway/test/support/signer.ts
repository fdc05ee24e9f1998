import { keccak256, type HDNodeWallet, type JsonRpcProvider, type TransactionReceipt } from 'ethers';
import type { Deployment } from '@yv/config';
import type { TxJson } from './partner';
import { depositAllowance as allowanceOf } from './vault';

/**
 * A partner's user signing one step exactly as returned: `to`, `data`, `value` and `chainId` unchanged, gas and
 * nonce from the wallet. Hardhat answers eth_sendRawTransaction of a reverting transaction with an error although
 * it mines it, so the hash is taken from the signed bytes (keccak256) and the receipt awaited by hash.
 */
export async function signAndSend(
  wallet: HDNodeWallet,
  tx: TxJson,
  options: { gasLimit?: bigint } = {},
): Promise<TransactionReceipt> {
  const provider = wallet.provider as JsonRpcProvider;
  const populated = await wallet.populateTransaction({
    to: tx.to,
    data: tx.data,
    value: BigInt(tx.value),
    chainId: BigInt(tx.chainId),
    ...(options.gasLimit ? { gasLimit: options.gasLimit } : {}),
  });
  const signed = await wallet.signTransaction(populated);
  await provider.send('eth_sendRawTransaction', [signed]).catch(() => undefined);
  const receipt = await provider.waitForTransaction(keccak256(signed), 1, 30_000);
  if (!receipt) throw new Error(`no receipt for ${keccak256(signed)} within 30 s`);
  return receipt;
}

/**
 * The spec's deposit rule 5 and withdrawal rule 5: only a successful receipt whose target is the expected contract
 * (from the action's metadata) may be submitted.
 */
export function verifiedHash(receipt: TransactionReceipt, target: string): string {
  if (receipt.status !== 1) throw new Error(`${receipt.hash} reverted: do not submit it`);
  if ((receipt.to ?? '').toLowerCase() !== target.toLowerCase())
    throw new Error(`${receipt.hash} was sent to ${receipt.to}, not ${target}: do not submit it`);
  return receipt.hash;
}

/**
 * The spec's deposit rule 4: the allowance, from the wallet that signed the approval, of the address the vault's
 * deposits pull USDC through (the layout's depositSpender: DepositPipe on v2, the vault on v3).
 */
export function depositAllowance(deployment: Deployment, wallet: HDNodeWallet): Promise<bigint> {
  return allowanceOf(deployment, wallet.address, wallet);
}
