import { vaultDriver, vaultLayout } from '@yv/chain';
import type { DevnetVault } from '@yv/testkit';
import { rpc } from './node';

/** How the generated deposits spread over blocks. */
export type Shape = 'dense' | 'sparse';

/** Transactions per JSON-RPC batch: small enough that the node answers each well within its socket timeouts. */
const SEND_BATCH = 100;

/**
 * Dense transactions in the node's pool at once: few enough that Hardhat's node (EDR) is not killed for memory
 * (docs/performance.md#dense_pool), and still enough to fill every block but the last of each round to the gas limit.
 */
const DENSE_POOL = 1_000;

/**
 * Fills the chain with deposits: automine off, every wallet's transactions signed locally with explicit nonces,
 * sent in JSON-RPC batches and mined with evm_mine.
 * - dense: sent about `DENSE_POOL` at a time, blocks mined after each until its nonces are used. Hardhat packs a
 *   block up to its gas limit, so thousands of deposits land in a few dozen blocks (~1,000 followed logs each).
 * - sparse: a few deposits per block (1–6, so 2–12 followed logs), about 4 blocks in 10 left empty, as a live
 *   vault's chain looks: ~5,000 deposits spread over ~2,500 blocks.
 * Every node call goes through `rpc` (plain fetch, retried on dropped connections); the nonces are read before
 * the signing, which takes long enough for an idle keep-alive socket to be closed under a client that reuses it
 * (the `socket hang up` that failed runs of the earlier generator).
 * @returns the last block.
 */
export async function generateDeposits(vault: DevnetVault, perWallet: number, shape: Shape): Promise<bigint> {
  const { wallets } = vault;
  const amount = 1_000_000n; // 1 USDC: the minimum deposit.
  const depositGas = await measureDepositGas(vault, amount);
  const { signed, expected } = await signAll(vault, perWallet, amount, depositGas);
  await rpc(vault.rpcUrl, [{ method: 'evm_setAutomine', params: [false] }]);
  try {
    // Row i holds every wallet's i-th transaction: sent row by row, each wallet's nonces arrive in order.
    const ordered: string[] = [];
    for (let i = 0; i <= perWallet; i++) for (const txs of signed.values()) ordered.push(txs[i]!);
    if (shape === 'dense') await sendDense(vault, ordered, expected);
    else {
      // The approvals in one block of their own, then the deposits a few per block.
      await sendRaw(vault.rpcUrl, ordered.slice(0, wallets.length));
      await mine(vault.rpcUrl);
      const random = seeded(16);
      for (let i = wallets.length; i < ordered.length;) {
        const count = random() < 0.4 ? 0 : 1 + Math.floor(random() * 6);
        await sendRaw(vault.rpcUrl, ordered.slice(i, i + count));
        await mine(vault.rpcUrl);
        i += count;
      }
    }
    await mineUntilSent(vault, expected);
  } finally {
    await rpc(vault.rpcUrl, [{ method: 'evm_setAutomine', params: [true] }]);
  }
  return BigInt(
    await rpc<string>(vault.rpcUrl, [{ method: 'eth_blockNumber', params: [] }]).then((r) => r[0]!),
  );
}

/**
 * Each wallet's approval and `perWallet` deposits, signed with nonces read once before any signing.
 * @returns them by wallet, and each wallet's nonce once they are all mined.
 */
async function signAll(
  vault: DevnetVault,
  perWallet: number,
  amount: bigint,
  depositGas: bigint,
): Promise<{ signed: Map<string, string[]>; expected: bigint[] }> {
  const { deployment, wallets } = vault;
  const { calls } = vaultLayout(deployment);
  const [gasPrice, ...nonces] = await rpc<string>(vault.rpcUrl, [
    { method: 'eth_gasPrice', params: [] },
    ...wallets.map((w) => ({ method: 'eth_getTransactionCount', params: [w.address, 'latest'] })),
  ]);
  const base = {
    chainId: deployment.chainId,
    type: 2,
    maxFeePerGas: BigInt(gasPrice!) * 4n,
    maxPriorityFeePerGas: 10n ** 9n,
  };
  const signed = new Map<string, string[]>();
  const expected: bigint[] = [];
  for (const [w, wallet] of wallets.entries()) {
    let nonce = Number(BigInt(nonces[w]!));
    const txs = [
      await wallet.signTransaction({
        ...base,
        nonce: nonce++,
        ...calls.approveDeposit(amount * BigInt(perWallet)),
        gasLimit: 100_000n,
      }),
    ];
    const deposit = calls.deposit(amount, wallet.address, 0n);
    for (let i = 0; i < perWallet; i++)
      txs.push(await wallet.signTransaction({ ...base, nonce: nonce++, ...deposit, gasLimit: depositGas }));
    signed.set(wallet.address, txs);
    expected.push(BigInt(nonce));
  }
  return { signed, expected };
}

/** Sends signed transactions in batches; one the node already holds (a retried batch) counts as sent. */
async function sendRaw(url: string, raws: readonly string[]): Promise<void> {
  for (let i = 0; i < raws.length; i += SEND_BATCH)
    await rpc(
      url,
      raws.slice(i, i + SEND_BATCH).map((raw) => ({ method: 'eth_sendRawTransaction', params: [raw] })),
      /known transaction|already known|nonce too low/i,
    );
}

/** Sends whole rows of `ordered`, about DENSE_POOL transactions at a time, mining each lot before the next. */
async function sendDense(vault: DevnetVault, ordered: readonly string[], expected: readonly bigint[]) {
  const width = vault.wallets.length;
  const rows = ordered.length / width;
  const rowsPerLot = Math.max(1, Math.floor(DENSE_POOL / width));
  for (let row = 0; row < rows; row += rowsPerLot) {
    const end = Math.min(rows, row + rowsPerLot);
    await sendRaw(vault.rpcUrl, ordered.slice(row * width, end * width));
    // Each wallet's nonce once this lot is mined: its final nonce less the rows still to send.
    await mineUntilSent(
      vault,
      expected.map((nonce) => nonce - BigInt(rows - end)),
    );
  }
}

const mine = (url: string) => rpc(url, [{ method: 'evm_mine', params: [] }]);

/** Mines until every wallet's nonce reaches `expected`; fails when a block mines none: a transaction is missing. */
async function mineUntilSent(vault: DevnetVault, expected: readonly bigint[]): Promise<void> {
  const calls = vault.wallets.map((w) => ({
    method: 'eth_getTransactionCount',
    params: [w.address, 'latest'],
  }));
  for (let before = ''; ;) {
    const nonces = (await rpc<string>(vault.rpcUrl, calls)).map(BigInt);
    if (nonces.every((n, i) => n >= expected[i]!)) return;
    if (nonces.join() === before)
      throw new Error(`a signed transaction never reached the node: nonces ${before}`);
    before = nonces.join();
    await mine(vault.rpcUrl);
  }
}

/** One real deposit's gas, with headroom: the limit decides how many deposits a block holds. */
async function measureDepositGas(vault: DevnetVault, amount: bigint): Promise<bigint> {
  const receipt = await vaultDriver(vaultLayout(vault.deployment), vault.wallets[0]!).approveAndDeposit(
    amount,
  );
  return (receipt.gasUsed * 13n) / 10n;
}

/** A small deterministic generator (mulberry32): every run lays the sparse blocks out the same way. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
