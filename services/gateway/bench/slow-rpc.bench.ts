/**
 * A distant node: every JSON-RPC request to it held 100 ms by the counting proxy in front of the devnet. Bootstrap
 * over distinct wallets and deposit quotes, with and without the delay in the same run: p99 against the added
 * latency, and the node calls per request (which must not grow with the delay: no retries, no duplicate reads).
 * Both runs send the same requests at the same fixed rate, below saturation (at full load a closed loop's latency
 * is connections over throughput, which says nothing about how many node round trips a request waits for), and
 * each waits for every answer, so calls per request compare. Prints figures only.
 * Run: pnpm --filter gateway bench slow-rpc
 */
import { hexlify, randomBytes } from 'ethers';
import type { LoadFigures, LoadSpec } from './load-client';
import { callsPerRequest, load, row, runInWorld, type BenchWorld } from './support/world';

const CONNECTIONS = 20;
const DELAY_MS = 100;
const RATE = Number(process.env.BENCH_SLOW_RATE ?? 40);
const REQUESTS = Number(process.env.BENCH_SLOW_REQUESTS ?? 600);

interface Run {
  name: string;
  delayMs: number;
  figures: LoadFigures;
  calls: Record<string, number>;
}

async function measure(world: BenchWorld, name: string, delayMs: number, spec: LoadSpec): Promise<Run> {
  world.rpc.delayMs = delayMs;
  await load({ ...spec, once: false, amount: 50, paths: spec.paths.slice(0, 50) }); // warm-up at this delay
  world.rpc.reset();
  const figures = await load(spec);
  return { name, delayMs, figures, calls: world.rpc.counts() };
}

runInWorld(async (world) => {
  const bootstrap = (): LoadSpec => ({
    url: world.url,
    paths: Array.from({ length: REQUESTS }, () => `/api/v1/bootstrap?wallet=${hexlify(randomBytes(20))}`),
    once: true,
    rate: RATE,
    connections: CONNECTIONS,
    durationS: 0,
  });
  const quote: LoadSpec = {
    url: world.url,
    method: 'POST',
    paths: ['/api/v1/actions/deposit/quote'],
    bodies: world.gw.vault.wallets.map((w) =>
      JSON.stringify({ amountRaw: '1000000', account: w.address, receiver: w.address, slippageBps: 50 }),
    ),
    headers: { 'content-type': 'application/json' },
    amount: REQUESTS,
    rate: RATE,
    connections: CONNECTIONS,
    durationS: 0,
  };
  const runs: Run[] = [];
  for (const delayMs of [0, DELAY_MS]) {
    runs.push(await measure(world, `bootstrap, distinct wallets`, delayMs, bootstrap()));
    runs.push(await measure(world, 'deposit quote', delayMs, quote));
  }

  const widths = [34, 9, 7, 7, 7, 8, 8];
  console.log(
    `\n${REQUESTS} requests each at ${RATE} req/s, up to ${CONNECTIONS} connections; the delay is added by the proxy to every HTTP request to the node`,
  );
  console.log(row(['request', 'delay ms', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx', 'p99/delay'], widths));
  for (const r of runs) {
    const f = r.figures;
    const ratio = r.delayMs > 0 ? (f.p99 / r.delayMs).toFixed(2) : '-';
    console.log(row([r.name, r.delayMs, f.rps.toFixed(0), f.p50, f.p99, f.non2xx + f.errors, ratio], widths));
  }
  console.log(
    `target: p99/delay < 3 at ${DELAY_MS} ms; node calls per request not above the run without delay`,
  );
  for (const r of runs)
    console.log(`${r.name}, delay ${r.delayMs} ms: ${callsPerRequest(r.calls, r.figures.requests)}`);
});
