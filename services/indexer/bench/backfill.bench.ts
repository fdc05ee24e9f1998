/**
 * `pnpm --filter indexer bench`: on a private devnet, generates >= 20,000 vault events, then times (a) raw
 * eth_getLogs + decode of all of them, the ceiling, and (b) the indexer backfilling them into a fresh Postgres
 * database, in the same run; then the tip latency (a deposit mined → its action `indexed`). Prints, asserts
 * nothing. BENCH_EVENTS sets the event target (default 20000).
 */
import { EVENT_TOPICS, decodeVaultLog, type RawLog } from '@yv/chain';
import { findPartnerActionById, getIndexerState } from '@yv/db';
import { startChain } from '@yv/devnet';
import { createTestDatabase, deployTestVault, freePort, type DevnetVault } from '@yv/testkit';
import { createIndexer } from '../src/indexer';
import { contractsOf, USDC } from '../test/helpers';
import { gatewayWrites } from '../test/partner-actions';
import { generateDeposits } from './generate';

const TARGET = Number(process.env.BENCH_EVENTS ?? 20_000);
const RANGE = 2_000;

const seconds = (start: bigint): number => Number(process.hrtime.bigint() - start) / 1e9;

/** Every followed log of the vault in [from, to], fetched and decoded the plainest way: the ceiling. */
async function rawFetchAndDecode(vault: DevnetVault, from: number, to: number): Promise<number> {
  const c = vault.deployment.contracts;
  let count = 0;
  for (let start = from; start <= to; start += RANGE) {
    const end = Math.min(to, start + RANGE - 1);
    const response = await fetch(vault.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'eth_getLogs',
        params: [
          {
            fromBlock: `0x${start.toString(16)}`,
            toBlock: `0x${end.toString(16)}`,
            address: [c.depositPipe, c.redemptionPipe, c.share],
            topics: [Object.values(EVENT_TOPICS)],
          },
        ],
      }),
    });
    const { result } = (await response.json()) as { result: RawLog[] };
    for (const log of result) if (decodeVaultLog(log)) count++;
  }
  return count;
}

async function logsPerDeposit(vault: DevnetVault): Promise<number> {
  const [wallet] = vault.wallets;
  const c = contractsOf(vault, wallet!);
  await (await c.usdc.approve(vault.deployment.contracts.depositPipe, USDC)).wait();
  const receipt = (await (await c.depositPipe.deposit(USDC, wallet!.address, 0n)).wait())!;
  return rawFetchAndDecode(vault, receipt.blockNumber, receipt.blockNumber);
}

async function backfill(vault: DevnetVault, tip: number) {
  const db = await createTestDatabase();
  const indexer = createIndexer({
    pool: db.pool,
    databaseUrl: db.url,
    rpcUrl: vault.rpcUrl,
    deployment: vault.deployment,
    confirmations: 0,
    maxBlockRange: RANGE,
  });
  const start = process.hrtime.bigint();
  let batches = 0;
  const cursor = async () => (await getIndexerState(db.pool, vault.deployment.chainId))?.cursorBlock ?? -1n;
  while ((await cursor()) < BigInt(tip)) if ((await indexer.runOnce()).type === 'batch') batches++;
  return { db, elapsed: seconds(start), batches };
}

/** A deposit action through the gateway's writes; the time from its receipt until the running indexer indexes it. */
async function tipLatency(
  vault: DevnetVault,
  db: Awaited<ReturnType<typeof backfill>>['db'],
  samples: number,
) {
  const indexer = createIndexer({
    pool: db.pool,
    databaseUrl: db.url,
    rpcUrl: vault.rpcUrl,
    deployment: vault.deployment,
    confirmations: 0,
    pollIntervalMs: 100,
  });
  indexer.start();
  const gateway = gatewayWrites(db.pool, vault);
  const partner = await gateway.partner();
  const wallet = vault.wallets[1]!;
  const c = contractsOf(vault, wallet);
  await (await c.usdc.approve(vault.deployment.contracts.depositPipe, BigInt(samples) * USDC)).wait();
  const latencies: number[] = [];
  try {
    for (let i = 0; i < samples; i++) {
      const action = await gateway.create(partner, 'deposit', wallet.address);
      const tx = await c.depositPipe.deposit(USDC, wallet.address, 0n);
      await tx.wait();
      const mined = process.hrtime.bigint();
      await gateway.confirm(await gateway.submit(action.id, tx.hash), tx.hash);
      while ((await findPartnerActionById(db.pool, action.id))!.status !== 'indexed')
        await new Promise((r) => setTimeout(r, 10));
      latencies.push(seconds(mined));
    }
  } finally {
    await indexer.stop();
  }
  return latencies.sort((a, b) => a - b);
}

async function main(): Promise<void> {
  const chain = await startChain({ port: await freePort(), blockIntervalMs: 60_000 });
  try {
    const vault = await deployTestVault(undefined, chain.rpcUrl);
    const perDeposit = await logsPerDeposit(vault);
    const perWallet = Math.ceil(TARGET / perDeposit / vault.wallets.length) + 1;
    let t = process.hrtime.bigint();
    const tip = await generateDeposits(vault, perWallet);
    const from = vault.deployment.startBlock;
    console.log(
      `generated ${perWallet * vault.wallets.length} deposits (${perDeposit} followed logs each) in ${seconds(t).toFixed(1)} s; blocks ${from}..${tip}`,
    );

    await rawFetchAndDecode(vault, from, tip); // warm the node's caches so both runs meet the same node
    t = process.hrtime.bigint();
    const events = await rawFetchAndDecode(vault, from, tip);
    const raw = seconds(t);
    const { db, elapsed, batches } = await backfill(vault, tip);
    const rawRate = events / raw;
    const indexerRate = events / elapsed;
    console.log(`events: ${events}`);
    console.log(`(a) raw eth_getLogs + decode: ${raw.toFixed(2)} s, ${Math.round(rawRate)} events/s`);
    console.log(
      `(b) indexer backfill into Postgres: ${elapsed.toFixed(2)} s in ${batches} batches, ${Math.round(indexerRate)} events/s`,
    );
    console.log(
      `ratio (b)/(a): ${(indexerRate / rawRate).toFixed(2)} (target >= 0.5; (b) target >= 5000 events/s)`,
    );
    try {
      const latencies = await tipLatency(vault, db, 5);
      const ms = latencies.map((s) => Math.round(s * 1000));
      console.log(
        `tip latency (deposit mined → action indexed, CONFIRMATIONS=0, poll 100 ms): median ${ms[Math.floor(ms.length / 2)]} ms, max ${ms.at(-1)} ms (${ms.join(', ')})`,
      );
    } finally {
      await db.drop();
    }
    vault.provider.destroy();
  } finally {
    await chain.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
