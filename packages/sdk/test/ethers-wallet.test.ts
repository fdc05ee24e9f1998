// ethers is a dev dependency only: the SDK itself does not depend on it.
import { JsonRpcProvider } from 'ethers';
import { testRpcUrl, workerAccounts } from '../../devnet/src';
import { ethersSignerWallet, type FlowWallet } from '../src';

/**
 * ethersSignerWallet over a provider made as a partner makes one, `new JsonRpcProvider(url)`, which caches
 * identical reads (the pending nonce among them) for 250 ms. Uses this worker's last test wallet.
 */
async function receiptOf(wallet: FlowWallet, hash: string) {
  for (;;) {
    const receipt = await wallet.getReceipt(hash);
    if (receipt) return receipt;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('ethersSignerWallet on the devnet', () => {
  const provider = new JsonRpcProvider(testRpcUrl());
  afterAll(() => provider.destroy());

  it('sends two transactions back to back through a default JsonRpcProvider, each with its own nonce', async () => {
    const signer = workerAccounts(Number(process.env.JEST_WORKER_ID ?? '1'), provider).wallets.at(-1)!;
    const wallet = ethersSignerWallet(signer);
    const tx = { to: signer.address, data: '0x', value: '0', chainId: 999 };
    const before = await provider.send('eth_getTransactionCount', [signer.address, 'pending']);

    const first = await wallet.sendTransaction(tx);
    expect((await receiptOf(wallet, first)).success).toBe(true);
    const second = await wallet.sendTransaction(tx);
    expect((await receiptOf(wallet, second)).success).toBe(true);

    const nonces = await Promise.all(
      [first, second].map(async (hash) => (await provider.getTransaction(hash))!.nonce),
    );
    expect(nonces).toEqual([Number(before), Number(before) + 1]);
  });
});
