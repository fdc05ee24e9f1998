import type { JsonRpcProvider } from 'ethers';
import { vaultDriver, vaultLayout } from '@yv/chain';
import type { DevnetVault } from '@yv/testkit';

async function rpc<T>(url: string, calls: { method: string; params: unknown[] }[]): Promise<T[]> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(calls.map((c, id) => ({ jsonrpc: '2.0', id, ...c }))),
  });
  const answers = (await response.json()) as { id: number; result?: T; error?: { message: string } }[];
  return answers
    .sort((a, b) => a.id - b.id)
    .map((a) => {
      if (a.error) throw new Error(a.error.message);
      return a.result as T;
    });
}

/**
 * Fills the chain with deposits fast: automine off, every wallet's transactions signed locally with explicit
 * nonces and sent in JSON-RPC batches, then blocks mined with evm_mine until every nonce is used. Hardhat packs a
 * block up to its gas limit, so thousands of transactions land in a few dozen blocks.
 * @returns the last block.
 */
export async function generateDeposits(vault: DevnetVault, perWallet: number): Promise<number> {
  const { provider, deployment } = vault;
  const { calls } = vaultLayout(deployment);
  const { wallets } = vault;
  const fee = await provider.getFeeData();
  const maxFeePerGas = (fee.maxFeePerGas ?? 10n ** 10n) * 4n;
  const maxPriorityFeePerGas = fee.maxPriorityFeePerGas ?? 10n ** 9n;
  const amount = 1_000_000n; // 1 USDC: the minimum deposit.
  const depositGas = await measureDepositGas(vault, amount);

  await send(provider, 'evm_setAutomine', [false]);
  const expected = new Map<string, number>();
  const signed: string[] = [];
  for (const wallet of wallets) {
    let nonce = await provider.getTransactionCount(wallet.address, 'latest');
    const base = { chainId: deployment.chainId, type: 2, maxFeePerGas, maxPriorityFeePerGas };
    signed.push(
      await wallet.signTransaction({
        ...base,
        nonce: nonce++,
        ...calls.approveDeposit(amount * BigInt(perWallet)),
        gasLimit: 100_000n,
      }),
    );
    const deposit = calls.deposit(amount, wallet.address, 0n);
    for (let i = 0; i < perWallet; i++)
      signed.push(
        await wallet.signTransaction({
          ...base,
          nonce: nonce++,
          ...deposit,
          gasLimit: depositGas,
        }),
      );
    expected.set(wallet.address, nonce);
  }
  // Send wallet by wallet in nonce order, interleaved across wallets so each batch spreads over all of them.
  const perRow = perWallet + 1;
  const ordered: string[] = [];
  for (let i = 0; i < perRow; i++)
    for (let w = 0; w < wallets.length; w++) ordered.push(signed[w * perRow + i]!);
  for (let i = 0; i < ordered.length; i += 500)
    await rpc(
      vault.rpcUrl,
      ordered.slice(i, i + 500).map((raw) => ({ method: 'eth_sendRawTransaction', params: [raw] })),
    );
  for (;;) {
    await send(provider, 'evm_mine', []);
    const nonces = await Promise.all(wallets.map((w) => provider.getTransactionCount(w.address, 'latest')));
    if (nonces.every((n, i) => n === expected.get(wallets[i]!.address))) break;
  }
  await send(provider, 'evm_setAutomine', [true]);
  return provider.getBlockNumber();
}

/** One real deposit's gas, with headroom: the limit decides how many deposits a block holds. */
async function measureDepositGas(vault: DevnetVault, amount: bigint): Promise<bigint> {
  const receipt = await vaultDriver(vaultLayout(vault.deployment), vault.wallets[0]!).approveAndDeposit(
    amount,
  );
  return (receipt.gasUsed * 13n) / 10n;
}

const send = (provider: JsonRpcProvider, method: string, params: unknown[]) => provider.send(method, params);
