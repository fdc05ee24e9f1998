/** Where the pending count is read: the ethers provider's two methods for it (EthersProviderLike has them). */
export interface PendingCountSource {
  getTransactionCount(address: string, blockTag: 'pending'): Promise<number>;
  /** A raw JSON-RPC request, past ethers' cache. */
  send?(method: string, params: unknown[]): Promise<unknown>;
}

/** The account's next nonce as the node counts it, pending transactions included. */
async function pendingCount(provider: PendingCountSource, address: string): Promise<number> {
  // A raw JSON-RPC read: ethers caches getTransactionCount for 250 ms, so a transaction sent right after another
  // would be handed the nonce the first one already used ("nonce too low").
  if (provider.send) return Number(await provider.send('eth_getTransactionCount', [address, 'pending']));
  return provider.getTransactionCount(address, 'pending');
}

/**
 * The nonces of one wallet: the node's pending count, but never at or below a nonce this wallet already took, since
 * a load-balanced RPC may answer from a node that has not seen the last transaction yet. A send that fails gives its
 * nonce back; one that is sent and then dropped leaves a gap, which a new wallet object (a new counter) closes.
 */
export function nonceCounter(provider: PendingCountSource) {
  let last = -1;
  return {
    async take(address: string): Promise<number> {
      const pending = await pendingCount(provider, address);
      // Taken without an await in between, so two sends at once get different nonces.
      last = Math.max(pending, last + 1);
      return last;
    },
    /** After a send that failed: the nonce goes back unless a later one was taken meanwhile. */
    release(nonce: number): void {
      if (last === nonce) last = nonce - 1;
    },
  };
}
