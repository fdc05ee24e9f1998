import { nonceCounter } from './nonce';
import { isRevertError, revertDetail, type FlowWallet, type ReceiptSummary } from './wallet';

/** The part of an ethers v6 Provider the flows use (structural: the SDK does not depend on ethers). */
export interface EthersProviderLike {
  getNetwork(): Promise<{ chainId: bigint }>;
  call(tx: { from: string; to: string; data: string; value: bigint; blockTag: 'latest' }): Promise<string>;
  getTransactionReceipt(
    hash: string,
  ): Promise<{ hash: string; status: number | null; to: string | null; blockNumber: number } | null>;
  getTransactionCount(address: string, blockTag: 'pending'): Promise<number>;
  /** A raw JSON-RPC request (a JsonRpcProvider's, a BrowserProvider's): used for nonces, past ethers' cache. */
  send?(method: string, params: unknown[]): Promise<unknown>;
}

/** The part of an ethers v6 Signer the flows use; it must be connected to a provider. */
export interface EthersSignerLike {
  getAddress(): Promise<string>;
  sendTransaction(tx: {
    to: string;
    data: string;
    value: bigint;
    chainId: bigint;
    nonce: number;
  }): Promise<{ hash: string }>;
  readonly provider: EthersProviderLike | null;
}

/**
 * The flows' wallet over an ethers v6 Signer (a Wallet, a JsonRpcSigner, a BrowserProvider's signer). It sets each
 * transaction's nonce itself (see nonceCounter): left to ethers, a step sent right after another could reuse the
 * nonce a provider with its default cache had read for the first.
 */
export function ethersSignerWallet(signer: EthersSignerLike): FlowWallet {
  const provider = signer.provider;
  if (!provider) throw new TypeError('the signer has no provider: connect it to the settlement chain first');
  const nonces = nonceCounter(provider);
  return {
    getAddress: () => signer.getAddress(),
    getChainId: async () => Number((await provider.getNetwork()).chainId),
    async call({ from, to, data, value }) {
      try {
        return {
          ok: true,
          data: await provider.call({ from, to, data, value: BigInt(value), blockTag: 'latest' }),
        };
      } catch (error) {
        if (!isRevertError(error)) throw error;
        return { ok: false, revert: revertDetail(error) };
      }
    },
    async sendTransaction({ to, data, value, chainId }) {
      const nonce = await nonces.take(await signer.getAddress());
      const tx = { to, data, value: BigInt(value), chainId: BigInt(chainId), nonce };
      try {
        return (await signer.sendTransaction(tx)).hash;
      } catch (error) {
        nonces.release(nonce);
        throw error;
      }
    },
    async getReceipt(hash): Promise<ReceiptSummary | null> {
      const receipt = await provider.getTransactionReceipt(hash);
      if (!receipt) return null;
      return {
        hash: receipt.hash,
        success: receipt.status === 1,
        to: receipt.to,
        blockNumber: BigInt(receipt.blockNumber),
      };
    },
  };
}
