/**
 * What rate limiting costs a read: the gateway as main.ts composes it, started twice side by side, once with limits
 * off (0) and once on (budgets far above the load, so every request takes its budget and none is refused), each
 * loaded from its own process: a partner read (GET /api/v1/partner/api-keys) and a public read (GET
 * /api/v1/wallets/{address}/position). Per read, PAIRS pairs of PAIR_LOAD_S s loads, off and on back to back, the
 * order alternating; prints each pair's on/off ratio and their median (target: within 10 %). Paired, because the
 * machine's speed drifts by more than the difference measured (docs/performance.md#machine-drift). Starts its own
 * devnet, databases and Redis prefixes; prints figures only. Run: pnpm --filter gateway bench rate-limit
 */
import type { AddressInfo } from 'node:net';
import { startChain } from '@yv/devnet';
import { freePort, median } from '@yv/testkit';
import { createPartner } from '../src/admin/commands';
import { startTestGateway } from '../test/support/gateway';
import type { LoadFigures as Figures } from './load-client';
import { load as loadSpec } from './support/world';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const PAIRS = 7;
const PAIR_LOAD_S = 4;

const LIMITS = {
  off: { RATE_LIMIT_PARTNER_PER_MINUTE: '0', RATE_LIMIT_PUBLIC_PER_MINUTE: '0' },
  on: { RATE_LIMIT_PARTNER_PER_MINUTE: '1000000', RATE_LIMIT_PUBLIC_PER_MINUTE: '1000000' },
} as const;
type Mode = keyof typeof LIMITS;

interface Read {
  route: string;
  headers: Record<string, string>;
}

/** A gateway listening on loopback with the given limits, and the two reads as its partner and a client see them. */
async function startGateway(rpcUrl: string, mode: Mode) {
  const gw = await startTestGateway({ rpcUrl, env: { ...LIMITS[mode], LOG_LEVEL: 'error' } });
  const server = gw.app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { apiKey } = await createPartner(gw.pool, { name: 'bench' });
  const reads: Record<string, Read> = {
    'partner read': { route: '/api/v1/partner/api-keys', headers: { authorization: `Bearer ${apiKey}` } },
    // A live read of the chain (the position reader's Multicall, shared per block) that answers 200 without a
    // watcher, unlike the snapshot reads.
    'public read': { route: `/api/v1/wallets/${gw.vault.wallets[0]!.address}/position`, headers: {} },
  };
  const load = (read: string, durationS: number) =>
    loadSpec({
      url,
      paths: [reads[read]!.route],
      connections: CONNECTIONS,
      durationS,
      headers: reads[read]!.headers,
    });
  return {
    reads: Object.keys(reads),
    load,
    close: async () => {
      server.close();
      await gw.close();
    },
  };
}

type Gateway = Awaited<ReturnType<typeof startGateway>>;

/** Per read: PAIRS loads of each gateway, off and on back to back, the order alternating from pair to pair. */
async function pairedLoads(gateways: Record<Mode, Gateway>, read: string) {
  for (const mode of ['off', 'on'] as const) await gateways[mode].load(read, 2); // warm-up: JIT, pools, caches
  const runs: Record<Mode, Figures[]> = { off: [], on: [] };
  for (let pair = 0; pair < PAIRS; pair++)
    for (const mode of pair % 2 === 0 ? (['off', 'on'] as const) : (['on', 'off'] as const))
      runs[mode].push(await gateways[mode].load(read, PAIR_LOAD_S));
  return runs;
}

function report(read: string, runs: Record<Mode, Figures[]>): void {
  const rps = runs.on.map((on, i) => on.rps / runs.off[i]!.rps);
  const p99 = runs.on.map((on, i) => on.p99 / Math.max(runs.off[i]!.p99, 1));
  for (const mode of ['off', 'on'] as const)
    console.log(
      `${read}, limits ${mode.padEnd(3)}: req/s ${runs[mode].map((f) => Math.round(f.rps)).join(' ')}; ` +
        `p99 ms ${runs[mode].map((f) => f.p99).join(' ')}; errors ${runs[mode].reduce((n, f) => n + f.errors, 0)}, ` +
        `non-2xx ${runs[mode].reduce((n, f) => n + f.non2xx, 0)}`,
    );
  console.log(
    `${read}: on/off req/s ${median(rps).toFixed(3)} (pairs ${rps.map((r) => r.toFixed(2)).join(' ')}), ` +
      `p99 ${median(p99).toFixed(3)} (target: req/s ratio >= 0.9, within 10 %)`,
  );
}

async function main(): Promise<void> {
  const chain = await startChain({ port: await freePort(), blockIntervalMs: 1000 });
  const started: Gateway[] = [];
  const start = async (mode: Mode) => {
    const gateway = await startGateway(chain.rpcUrl, mode);
    started.push(gateway);
    return gateway;
  };
  try {
    const gateways = { off: await start('off'), on: await start('on') };
    console.log(
      `rate limits off vs on, ${CONNECTIONS} connections, ${PAIRS} pairs of ${PAIR_LOAD_S} s loads per read ` +
        '(off and on back to back, alternating order), medians of the pairs, loopback',
    );
    for (const read of gateways.off.reads) report(read, await pairedLoads(gateways, read));
  } finally {
    for (const gateway of started) await gateway.close();
    await chain.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
