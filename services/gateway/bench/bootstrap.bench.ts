/**
 * Bootstrap throughput and latency next to a bare Express endpoint answering a body of the same size, in the same
 * run, at 50 connections, with the load generator in its own process: one wallet, then ≥ 10,000 distinct random
 * wallets each requested once (a partner's users, who do not repeat within a block). Prints the node calls each
 * bootstrap costs, counted by a proxy in front of the node. The bare endpoint runs before and after the bootstraps,
 * which are set against the mean of its two runs: the machine's speed drifts within a run
 * (docs/performance.md#machine-drift). Prints figures only. Run: pnpm --filter gateway bench
 */
import express from 'express';
import { hexlify, randomBytes } from 'ethers';
import { callsPerRequest, listen, load, row, runInWorld } from './support/world';

const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const DISTINCT_WALLETS = Number(process.env.BENCH_WALLETS ?? 12_000);

runInWorld(async (world) => {
  const one = `/api/v1/bootstrap?wallet=${world.gw.vault.wallets[0]!.address}`;
  const sample = await (await fetch(`${world.url}${one}`)).text();
  const parsed = JSON.parse(sample) as { data: { errors: object } };
  if (Object.keys(parsed.data.errors).length > 0)
    throw new Error(`bootstrap sections failed: ${JSON.stringify(parsed.data.errors)}`);
  const bareApp = express();
  bareApp.get('/bare', (_req, res) => {
    res.json(parsed);
  });
  const bare = await listen(bareApp);
  const base = { connections: CONNECTIONS, durationS: DURATION_S };

  // Warm-up: token metadata, capabilities, the HLP section, the JIT.
  await load({ ...base, url: world.url, paths: [one], durationS: 3 });
  const bareBefore = await load({ ...base, url: bare.url, paths: ['/bare'] });
  const oneWallet = await load({ ...base, url: world.url, paths: [one] });
  const wallets = Array.from({ length: DISTINCT_WALLETS }, () => hexlify(randomBytes(20)));
  world.rpc.reset();
  const distinct = await load({
    ...base,
    url: world.url,
    paths: wallets.map((w) => `/api/v1/bootstrap?wallet=${w}`),
    once: true,
  });
  const calls = world.rpc.counts();
  const bareAfter = await load({ ...base, url: bare.url, paths: ['/bare'] });
  await bare.close();
  const bareRps = (bareBefore.rps + bareAfter.rps) / 2;

  const widths = [44, 8, 7, 7, 7, 8, 8, 12];
  console.log(`\nbody ${Buffer.byteLength(sample)} bytes, ${CONNECTIONS} connections`);
  console.log(
    row(['endpoint', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'non-2xx', 'vs bare', 'CPU ms/req'], widths),
  );
  for (const [name, f] of [
    ['bare express (same body), before', bareBefore],
    ['bare express (same body), after', bareAfter],
    ['bootstrap, 1 wallet', oneWallet],
    [`bootstrap, ${DISTINCT_WALLETS} distinct wallets once each`, distinct],
  ] as const) {
    console.log(
      row(
        [
          name,
          f.rps.toFixed(0),
          f.p50,
          f.p99,
          f.errors,
          f.non2xx,
          (f.rps / bareRps).toFixed(2),
          f.cpuMsPerRequest.toFixed(2),
        ],
        widths,
      ),
    );
  }
  const ethCalls = calls.eth_call ?? 0;
  console.log(
    `node calls per bootstrap over ${distinct.requests} distinct wallets: ${callsPerRequest(calls, distinct.requests)}`,
  );
  console.log(
    'vs bare: req/s over the mean of the two bare runs; CPU ms/req: what this process (the gateway, or the bare app, and the node proxy) ran per request',
  );
  console.log(
    `distinct wallets per eth_call: ${(distinct.requests / Math.max(ethCalls, 1)).toFixed(1)} (target ≥ 25)`,
  );
});
