/**
 * `pnpm --filter indexer bench`: on a private devnet, for each shape of BENCH_SHAPE (dense, sparse or both, the
 * default) generates a vault's deposits, then times (a) raw eth_getLogs + decode of all its followed logs, the
 * ceiling, and (b) the indexer backfilling them into a fresh Postgres database, BENCH_ROUNDS (15) backfills each
 * between two raw runs, as the node's speed drifts within one run, after a warm-up backfill printed and not counted;
 * prints both shapes' medians and ratios in one table,
 * then the tip latency (a deposit mined → its action `indexed`). Prints, asserts nothing. Dense: >= BENCH_EVENTS
 * followed logs (default 20000) in full blocks; sparse: 5,000 deposits a few per block over ~2,500 blocks.
 *
 * To time several runs on one generated chain, start a node yourself and set BENCH_RPC_URL (its address) and
 * BENCH_REUSE (a file): the first run deploys and generates there and writes each shape's deployment to
 * `<file>.<shape>`; later runs find them live and skip straight to the timings. Without them every run starts and
 * fills a fresh chain.
 */
import { existsSync } from 'node:fs';
import { vaultLayout, type RawLog } from '@yv/chain';
import { readDeployment } from '@yv/config';
import { findPartnerActionById, getIndexerState } from '@yv/db';
import { startChain, workerAccounts, writeDeployment, type RunningChain } from '@yv/devnet';
import {
  cpuSince,
  createTestDatabase,
  deployTestVault,
  formatCpuSplit,
  freePort,
  testProvider,
  type DevnetVault,
} from '@yv/testkit';
import { createIndexer } from '../src/indexer';
import { contractsOf, USDC } from '../test/helpers';
import { gatewayWrites } from '../test/partner-actions';
import { generateDeposits, type Shape } from './generate';
import { rpc } from './node';

const TARGET = Number(process.env.BENCH_EVENTS ?? 20_000);
/** Deposits of the sparse shape (two followed logs each): ~2,500 blocks of 2–12 logs, as the issue measured. */
const SPARSE_DEPOSITS = 5_000;
const RANGE = 2_000;
const SHAPES: readonly Shape[] =
  process.env.BENCH_SHAPE === 'dense' || process.env.BENCH_SHAPE === 'sparse'
    ? [process.env.BENCH_SHAPE]
    : ['dense', 'sparse'];
if (process.env.BENCH_SHAPE && !['dense', 'sparse', 'both'].includes(process.env.BENCH_SHAPE))
  throw new Error(`BENCH_SHAPE is dense, sparse or both, not ${process.env.BENCH_SHAPE}`);

const seconds = (start: bigint): number => Number(process.hrtime.bigint() - start) / 1e9;

/** CPU ms each process of a timed run ran: this one (the indexer, or the raw run's decode), the node, Postgres. */
type CpuSplit = { [process: string]: number | undefined };

const nodePortOf = (vault: DevnetVault): number => Number(new URL(vault.rpcUrl).port);

/**
 * Every followed log of the vault in [from, to], fetched and decoded the plainest way: the ceiling.
 * @returns how many, in how many blocks, and the last block with one.
 */
async function rawFetchAndDecode(vault: DevnetVault, from: bigint, to: bigint) {
  const layout = vaultLayout(vault.deployment);
  let count = 0;
  const blocks = new Set<bigint>();
  for (let start = from; start <= to; start += BigInt(RANGE)) {
    const end = start + BigInt(RANGE) - 1n < to ? start + BigInt(RANGE) - 1n : to;
    const [logs] = await rpc<RawLog[]>(vault.rpcUrl, [
      {
        method: 'eth_getLogs',
        params: [
          {
            fromBlock: `0x${start.toString(16)}`,
            toBlock: `0x${end.toString(16)}`,
            address: layout.followedAddresses,
            topics: [layout.followedTopics],
          },
        ],
      },
    ]);
    for (const log of layout.decodeLogs(logs!)) {
      count++;
      blocks.add(log.blockNumber);
    }
  }
  return { count, blocks: blocks.size, last: [...blocks].reduce((a, b) => (a > b ? a : b), from) };
}

async function logsPerDeposit(vault: DevnetVault): Promise<number> {
  const [wallet] = vault.wallets;
  const { blockNumber } = await contractsOf(vault, wallet!).vault.approveAndDeposit(USDC);
  return (await rawFetchAndDecode(vault, BigInt(blockNumber), BigInt(blockNumber))).count;
}

async function backfill(vault: DevnetVault, tip: bigint) {
  const db = await createTestDatabase();
  const indexer = createIndexer({
    pool: db.pool,
    databaseUrl: db.url,
    rpcUrl: vault.rpcUrl,
    deployment: vault.deployment,
    confirmations: 0,
    maxBlockRange: RANGE,
  });
  const cpu = cpuSince({ nodePort: nodePortOf(vault), database: db.name });
  const start = process.hrtime.bigint();
  let batches = 0;
  const cursor = async () => (await getIndexerState(db.pool, vault.deployment.chainId))?.cursorBlock ?? -1n;
  while ((await cursor()) < tip) if ((await indexer.runOnce()).type === 'batch') batches++;
  const { self, ...others } = cpu();
  return { db, elapsed: seconds(start), batches, cpu: { indexer: self, ...others } };
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
  await c.vault.approveDeposit(BigInt(samples) * USDC);
  const latencies: number[] = [];
  try {
    for (let i = 0; i < samples; i++) {
      const action = await gateway.create(partner, 'deposit', wallet.address);
      const tx = await c.vault.deposit(USDC);
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

/** The vault of this shape generated by an earlier run on the same node (BENCH_REUSE), while its contracts are there. */
async function reusedVault(rpcUrl: string, file: string | undefined): Promise<DevnetVault | null> {
  if (!file || !existsSync(file)) return null;
  const provider = testProvider(rpcUrl);
  const deployment = readDeployment(file);
  if ((await provider.getCode(deployment.contracts.depositPipe)) === '0x') {
    provider.destroy();
    return null;
  }
  return { rpcUrl, provider, deployment, ...workerAccounts(1, provider) };
}

/** A vault whose chain has this shape of followed logs: reused, or deployed and generated now. */
async function filledVault(rpcUrl: string, shape: Shape): Promise<DevnetVault> {
  const file = process.env.BENCH_REUSE && `${process.env.BENCH_REUSE}.${shape}`;
  const reused = await reusedVault(rpcUrl, file);
  if (reused) {
    console.log(`[${shape}] reusing the chain generated earlier (${file})`);
    return reused;
  }
  const vault = await deployTestVault(undefined, rpcUrl);
  const perDeposit = await logsPerDeposit(vault);
  const deposits = shape === 'dense' ? Math.ceil(TARGET / perDeposit) : SPARSE_DEPOSITS;
  const perWallet = Math.ceil(deposits / vault.wallets.length);
  const t = process.hrtime.bigint();
  const tip = await generateDeposits(vault, perWallet, shape);
  console.log(
    `[${shape}] generated ${perWallet * vault.wallets.length} deposits (${perDeposit} followed logs each) in ${seconds(t).toFixed(1)} s; blocks ${vault.deployment.startBlock}..${tip}`,
  );
  if (file) writeDeployment(file, vault.deployment);
  return vault;
}

interface Row {
  shape: Shape;
  events: number;
  blocks: bigint;
  withLogs: number;
  rawRate: number;
  indexerRate: number;
  /** Median of the rounds' ratios (each backfill against the raw runs around it). */
  ratio: number;
  batches: number;
  /** Median CPU ms of each process over the rounds' raw runs (after each backfill) and backfills. */
  rawCpu: CpuSplit;
  backfillCpu: CpuSplit;
}

/**
 * Backfills per shape, each between two raw ceiling runs: the node's speed drifts within one run. Fifteen, as one
 * sparse round's ratio moves widely within a run and fewer rounds left the median unsteady
 * (figures: docs/performance.md#bench_rounds-indexer).
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);

const median = (values: number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** One raw ceiling run over [from, tip], timed, with the CPU it cost this process (decode) and the node. */
async function timedRaw(vault: DevnetVault, from: bigint, tip: bigint) {
  const cpu = cpuSince({ nodePort: nodePortOf(vault) });
  const t = process.hrtime.bigint();
  const raw = await rawFetchAndDecode(vault, from, tip);
  const elapsed = seconds(t);
  const { self, node } = cpu();
  return { raw, seconds: elapsed, cpu: { decode: self, node } };
}

/** Each process's median over the runs' splits (undefined where no run measured it). */
function medianSplit(splits: readonly CpuSplit[]): CpuSplit {
  const names = [...new Set(splits.flatMap((split) => Object.keys(split)))];
  return Object.fromEntries(
    names.map((name) => {
      const measured = splits.map((split) => split[name]).filter((ms): ms is number => ms !== undefined);
      return [name, measured.length > 0 ? median(measured) : undefined];
    }),
  );
}

/** "indexer 310, node 420, postgres 150; total 880 ms, 1.9 cores busy over 0.46 s": how busy the run kept the machine. */
function describeCpu(split: CpuSplit, elapsed: number): string {
  const total = Object.values(split).reduce<number>((sum, ms) => sum + (ms ?? 0), 0);
  return `${formatCpuSplit(split, 0)}, ${(total / 1000 / elapsed).toFixed(1)} cores busy over ${elapsed.toFixed(2)} s`;
}

/**
 * Times the raw ceiling and the indexer's backfill (each into a fresh database) over the vault's blocks [start,
 * last block with a log]: raw, backfill, raw, backfill, ..., raw, for ROUNDS backfills. Each backfill is compared
 * with the mean of the raw runs before and after it, as the machine's speed drifts within a run by more than the
 * difference being measured; the ratio is the median of the rounds', the rates each side's median.
 * @returns the row and the last round's database, for the tip latency.
 */
async function measure(vault: DevnetVault, shape: Shape) {
  const from = BigInt(vault.deployment.startBlock);
  const [head] = await rpc<string>(vault.rpcUrl, [{ method: 'eth_blockNumber', params: [] }]);
  // Also warms the node's caches, so both timed runs meet the same node.
  const { last: tip } = await rawFetchAndDecode(vault, from, BigInt(head!));
  // The indexer's warm-up, as the raw side's above: in a cold process V8 compiles its code during the first
  // backfill, which read 0.37 where the four after it read 0.52-0.60 (sparse); a service backfills for far longer.
  const warmUp = await backfill(vault, tip);
  await warmUp.db.drop();
  console.log(`[${shape}] warm-up backfill ${warmUp.elapsed.toFixed(2)} s (not counted)`);
  let before = await timedRaw(vault, from, tip);
  const rawTimes = [before.seconds];
  const indexerTimes: number[] = [];
  const ratios: number[] = [];
  const rawCpus: CpuSplit[] = [];
  const backfillCpus: CpuSplit[] = [];
  let kept: Awaited<ReturnType<typeof backfill>> | null = null;
  for (let round = 0; round < ROUNDS; round++) {
    await kept?.db.drop();
    kept = await backfill(vault, tip);
    const after = await timedRaw(vault, from, tip);
    const ratio = (before.seconds + after.seconds) / 2 / kept.elapsed;
    rawTimes.push(after.seconds);
    indexerTimes.push(kept.elapsed);
    ratios.push(ratio);
    rawCpus.push(after.cpu);
    backfillCpus.push(kept.cpu);
    console.log(
      `[${shape}] round ${round + 1}: ${after.raw.count} events in ${tip - from + 1n} blocks (${after.raw.blocks} with logs): ` +
        `(a) raw eth_getLogs + decode ${before.seconds.toFixed(2)} s before, ${after.seconds.toFixed(2)} s after; ` +
        `(b) indexer backfill into Postgres ${kept.elapsed.toFixed(2)} s in ${kept.batches} batches; ratio ${ratio.toFixed(2)}`,
    );
    console.log(`  CPU ms of the raw run after: ${describeCpu(after.cpu, after.seconds)}`);
    console.log(`  CPU ms of the backfill:      ${describeCpu(kept.cpu, kept.elapsed)}`);
    before = after;
  }
  const row: Row = {
    shape,
    events: before.raw.count,
    blocks: tip - from + 1n,
    withLogs: before.raw.blocks,
    rawRate: before.raw.count / median(rawTimes),
    indexerRate: before.raw.count / median(indexerTimes),
    ratio: median(ratios),
    batches: kept!.batches,
    rawCpu: medianSplit(rawCpus),
    backfillCpu: medianSplit(backfillCpus),
  };
  return { row, db: kept!.db };
}

/** Generations of a chain a node that dies while generating is given, each on a new node. */
const GENERATION_ATTEMPTS = 2;

/**
 * A node with every shape's vault filled: reused (BENCH_REUSE), or started and generated now. The devnet node died
 * once in nine runs while mining the sparse deposits, its chain gone with it: that generation starts over on a new
 * node, once, after the node's end is printed (startChain's report).
 */
async function generatedChain(): Promise<{ chain: RunningChain; vaults: Map<Shape, DevnetVault> }> {
  const reuseUrl = process.env.BENCH_REUSE ? process.env.BENCH_RPC_URL : undefined;
  if (process.env.BENCH_REUSE && !reuseUrl)
    throw new Error('BENCH_REUSE needs BENCH_RPC_URL: a node you run');
  for (let attempt = 1; ; attempt++) {
    let died = false;
    const chain = await startChain(
      reuseUrl
        ? { host: new URL(reuseUrl).hostname, port: Number(new URL(reuseUrl).port) }
        : {
            port: await freePort(),
            blockIntervalMs: 60_000,
            onUnexpectedExit: (description) => {
              died = true;
              console.error(description);
            },
          },
    );
    try {
      const vaults = new Map<Shape, DevnetVault>();
      for (const shape of SHAPES) vaults.set(shape, await filledVault(chain.rpcUrl, shape));
      return { chain, vaults };
    } catch (error) {
      await chain.stop();
      if (!died || attempt >= GENERATION_ATTEMPTS) throw error;
      console.error(`the node died while generating (attempt ${attempt}): generating again on a new node`);
    }
  }
}

async function main(): Promise<void> {
  const { chain, vaults } = await generatedChain();
  try {
    const rows: Row[] = [];
    for (const [shape, vault] of vaults) {
      const { row, db } = await measure(vault, shape);
      rows.push(row);
      try {
        if (shape === SHAPES.at(-1)) {
          const ms = (await tipLatency(vault, db, 5)).map((s) => Math.round(s * 1000));
          console.log(
            `tip latency (deposit mined → action indexed, CONFIRMATIONS=0, poll 100 ms): median ${ms[Math.floor(ms.length / 2)]} ms, max ${ms.at(-1)} ms (${ms.join(', ')})`,
          );
        }
      } finally {
        await db.drop();
      }
    }
    console.log(
      `\nmedians of ${ROUNDS} rounds, each backfill between two raw runs\n` +
        'shape  | events | blocks (with logs) | raw events/s | indexer events/s | ratio (target >= 0.5)',
    );
    for (const r of rows)
      console.log(
        `${r.shape.padEnd(6)} | ${String(r.events).padStart(6)} | ${`${r.blocks} (${r.withLogs})`.padStart(18)} | ` +
          `${String(Math.round(r.rawRate)).padStart(12)} | ${String(Math.round(r.indexerRate)).padStart(16)} | ` +
          r.ratio.toFixed(2),
      );
    console.log(
      '\nCPU ms per run by process, medians of the rounds (two cores: the node and the rest share them)',
    );
    for (const r of rows)
      console.log(
        `${r.shape.padEnd(6)} | raw run: ${formatCpuSplit(r.rawCpu, 0)} | backfill: ${formatCpuSplit(r.backfillCpu, 0)}`,
      );
    for (const vault of vaults.values()) vault.provider.destroy();
  } finally {
    await chain.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
