import { toQuantity } from './address';
import { isRevertError, revertDetail, type FlowWallet, type ReceiptSummary } from './wallet';

/** An EIP-1193 provider (a browser wallet, WalletConnect, a node's JSON-RPC): only `request` is used. */
export interface Eip1193Provider {
  request(args: { method: string; params?: readonly unknown[] }): Promise<unknown>;
}

interface RpcReceipt {
  transactionHash: string;
  status?: string | null;
  to: string | null;
  blockNumber: string;
}

/**
 * The flows' wallet over raw JSON-RPC: eth_call for simulations and reads, eth_sendTransaction for signing (the
 * wallet shows its own prompt and picks gas and nonce), eth_getTransactionReceipt for the receipt.
 */
export function eip1193Wallet(provider: Eip1193Provider, account: string): FlowWallet {
  const request = <T>(method: string, params: readonly unknown[] = []) =>
    provider.request({ method, params }) as Promise<T>;
  return {
    getAddress: async () => account,
    getChainId: async () => Number(BigInt(await request<string>('eth_chainId'))),
    async call({ from, to, data, value }) {
      try {
        const result = await request<string>('eth_call', [
          { from, to, data, value: toQuantity(value) },
          'latest',
        ]);
        return { ok: true, data: result };
      } catch (error) {
        if (!isRevertError(error)) throw error;
        return { ok: false, revert: revertDetail(error) };
      }
    },
    sendTransaction: ({ to, data, value, chainId }) =>
      request<string>('eth_sendTransaction', [
        { from: account, to, data, value: toQuantity(value), chainId: toQuantity(BigInt(chainId)) },
      ]),
    async getReceipt(hash): Promise<ReceiptSummary | null> {
      const receipt = await request<RpcReceipt | null>('eth_getTransactionReceipt', [hash]);
      if (!receipt) return null;
      return {
        hash: receipt.transactionHash,
        success: receipt.status === '0x1',
        to: receipt.to,
        blockNumber: BigInt(receipt.blockNumber),
      };
    },
  };
}
