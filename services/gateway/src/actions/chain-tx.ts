import type { JsonRpcProvider, TransactionReceipt } from 'ethers';
import { MockUSDC__factory } from '@yv/contracts';
import { ApiError, type SentTransaction } from '@yv/domain';

/** Chain reads of the submit path and the tracker. An RPC failure is a 503, never a verdict on the action. */

export async function readSentTransaction(
  provider: JsonRpcProvider,
  hash: string,
): Promise<SentTransaction | null> {
  try {
    const tx = await provider.getTransaction(hash);
    if (!tx) return null;
    return { from: tx.from, to: tx.to, data: tx.data, value: tx.value, chainId: tx.chainId };
  } catch (error) {
    throw new ApiError('VAULT_READ_FAILED', 'the chain could not be read to verify the transaction', {
      cause: error,
    });
  }
}

export async function readReceipt(
  provider: JsonRpcProvider,
  hash: string,
): Promise<TransactionReceipt | null> {
  return provider.getTransactionReceipt(hash);
}

/** ERC-20 allowance of `owner` to `spender` on `token`, at the latest block (mined transactions only). */
export async function readAllowance(
  provider: JsonRpcProvider,
  token: string,
  owner: string,
  spender: string,
): Promise<bigint> {
  return MockUSDC__factory.connect(token, provider).allowance(owner, spender);
}
