import { JsonRpcProvider, Wallet } from 'ethers';
import { ethersSignerWallet, type FlowWallet } from '@yv/sdk';

/**
 * The devnet wallet the flows sign with. ethers only holds the key and talks to the node; what is signed, checked
 * and submitted is decided by the SDK's flows. A browser app would hand eip1193Wallet(window.ethereum, account)
 * instead.
 */
export function signingWallet(
  privateKey: string,
  rpcUrl: string,
): { wallet: FlowWallet; address: string; close(): void } {
  const provider = new JsonRpcProvider(rpcUrl, undefined, {
    // ethers caches identical calls for 250 ms; on an automining devnet the approval and the deposit can follow
    // each other within that, and the second would be sent with the first one's nonce.
    cacheTimeout: -1,
  });
  const signer = new Wallet(privateKey, provider);
  return { wallet: ethersSignerWallet(signer), address: signer.address, close: () => provider.destroy() };
}
