/**
 * What rate limiting costs a read: the gateway as main.ts composes it, started twice the same way, once with limits
 * off (0) and once on (budgets far above the load, so every request takes one Redis round trip and none is
 * refused), each loaded from its own process: a partner read (GET /api/v1/partner/api-keys) and a public read
 * (GET /api/v1/config). Prints req/s and p99 of both runs and their ratio (target: within 10 %). Starts its own
 * devnet, databases and Redis prefixes; prints figures only. Run: pnpm --filter gateway bench rate-limit
 */
import type { AddressInfo } from 'node:net';
import { startChain } from '@yv/devnet';
import { freePort } from '@yv/testkit';
import { createPartner } from '../src/admin/commands';
import { startTestGateway } from '../test/support/gateway';
import type { LoadFigures as Figures } from './load-client';
import { load as loadSpec } from './support/world';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const ROUNDS = 2;

const load = (url: string, route: string, headers: Record<string, string>, durationS: number) =>
  loadSpec({ url, paths: [route], connections: CONNECTIONS, durationS, headers });

const LIMITS = {
  off: { RATE_LIMIT_PARTNER_PER_MINUTE: '0', RATE_LIMIT_PUBLIC_PER_MINUTE: '0' },
  on: { RATE_LIMIT_PARTNER_PER_MINUTE: '1000000', RATE_LIMIT_PUBLIC_PER_MINUTE: '1000000' },
} as const;

async function run(rpcUrl: string, mode: keyof typeof LIMITS) {
  const gw = await startTestGateway({ rpcUrl, env: { ...LIMITS[mode], LOG_LEVEL: 'error' } });
  const server = gw.app.listen(0, '127.0.0.1');
  try {
    await new Promise((resolve) => server.once('listening', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const { apiKey } = await createPartner(gw.pool, { name: 'bench' });
    const reads = {
      'partner read': { route: '/api/v1/partner/api-keys', headers: { authorization: `Bearer ${apiKey}` } },
      // A live read of the chain (the position reader's Multicall, shared per block) that answers 200 without a
      // watcher, unlike the snapshot reads.
      'public read': { route: `/api/v1/wallets/${gw.vault.wallets[0]!.address}/position`, headers: {} },
    };
    const figures: Record<string, Figures> = {};
    for (const [name, read] of Object.entries(reads)) {
      await load(url, read.route, read.headers, 2); // warm-up: JIT, pools, caches
      figures[name] = await load(url, read.route, read.headers, DURATION_S);
    }
    return figures;
  } finally {
    server.close();
    await gw.close();
  }
}

/** Per read, the run with the most req/s. */
function best(runs: Record<string, Figures>[]): Record<string, Figures> {
  const reads = Object.keys(runs[0]!);
  return Object.fromEntries(
    reads.map((read) => [read, runs.map((r) => r[read]!).reduce((a, b) => (b.rps > a.rps ? b : a))]),
  );
}

async function main(): Promise<void> {
  const chain = await startChain({ port: await freePort(), blockIntervalMs: 1000 });
  try {
    // Alternated (off, on, off, on), so other load on the machine falls on both modes alike; each keeps its best run.
    const runs: Record<keyof typeof LIMITS, Record<string, Figures>[]> = { off: [], on: [] };
    for (let round = 0; round < ROUNDS; round++)
      for (const mode of ['off', 'on'] as const) runs[mode].push(await run(chain.rpcUrl, mode));
    const off = best(runs.off);
    const on = best(runs.on);
    console.log(
      `rate limits off vs on, ${CONNECTIONS} connections, ${DURATION_S} s each, best of ${ROUNDS} alternated runs, loopback`,
    );
    console.table(
      Object.keys(off).flatMap((read) =>
        (['off', 'on'] as const).map((mode) => {
          const f = (mode === 'off' ? off : on)[read]!;
          return {
            read,
            limits: mode,
            'req/s': Math.round(f.rps),
            'p50 ms': f.p50,
            'p99 ms': f.p99,
            errors: f.errors,
            non2xx: f.non2xx,
          };
        }),
      ),
    );
    for (const read of Object.keys(off)) {
      const rps = on[read]!.rps / off[read]!.rps;
      const p99 = on[read]!.p99 / Math.max(off[read]!.p99, 1);
      console.log(
        `${read}: on/off req/s ${rps.toFixed(3)}, p99 ${p99.toFixed(3)} (target: req/s ratio >= 0.9, within 10 %)`,
      );
    }
  } finally {
    await chain.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
