/**
 * Partner-action throughput against the gateway as main.ts composes it (real quote service on a devnet vault,
 * Postgres, Redis), at 50 connections with the load generator in its own process: creating deposit actions (each a
 * fresh Idempotency-Key, so each reads the vault at one block, simulates and inserts with its outbox row), then
 * idempotent replays of one action (auth and one indexed read, no chain access). Prints the node calls each
 * creation costs, counted by a proxy in front of the node. Prints figures only. Run: pnpm --filter gateway bench
 */
import { randomBytes } from 'node:crypto';
import { formatCpuSplit } from '@yv/testkit';
import { createPartner } from '../src/admin/commands';
import { callsPerRequest, load, row, runInWorld } from './support/world';

const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const PATH = '/api/v1/partner/actions/deposit';
/**
 * The devnet node (EDR) costs more per call over its first few thousand calls, and the gateway's own code is not yet
 * optimised by V8: the creation run is measured after this warm-up, whose figures are printed too
 * (docs/performance.md#bench_warm_s).
 */
const WARM_S = Number(process.env.BENCH_WARM_S ?? 15);

runInWorld(async (world) => {
  const { apiKey } = await createPartner(world.gw.pool, { name: 'bench' });
  // One body per funded wallet: creations quote against different accounts, as a partner's traffic would.
  const bodies = world.gw.vault.wallets.map((wallet) =>
    JSON.stringify({ amountRaw: '1000000', account: wallet.address, slippageBps: 50 }),
  );
  const run = randomBytes(4).toString('hex');
  const spec = (key: string) => ({
    url: world.url,
    method: 'POST' as const,
    paths: [PATH],
    bodies,
    headers: {
      authorization: `Bearer ${apiKey}`,
      'content-type': 'application/json',
      'idempotency-key': key,
    },
    connections: CONNECTIONS,
    durationS: DURATION_S,
  });
  const warm = await load({ ...spec(`warm-${run}-{i}`), durationS: WARM_S }, world.cpuScope);
  world.rpc.reset();
  const creation = await load(spec(`bench-${run}-{i}`), world.cpuScope);
  const calls = world.rpc.counts();
  const replayKey = `bench-${run}-replay`;
  await load({ ...spec(replayKey), bodies: [bodies[0]!], durationS: 1 });
  const replay = await load({ ...spec(replayKey), bodies: [bodies[0]!] });
  const { rows } = await world.gw.pool.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM partner_actions WHERE idempotency_key LIKE $1`,
    [`bench-${run}-%`],
  );

  const widths = [30, 8, 7, 7, 9, 7, 8, 11];
  console.log(`\npartner actions, ${CONNECTIONS} connections, ${DURATION_S} s each`);
  console.log(
    row(['run', 'req/s', 'p50 ms', 'p99 ms', 'requests', 'errors', 'non-2xx', 'CPU ms/req'], widths),
  );
  for (const [name, f] of [
    [`create, first ${WARM_S} s (warm-up)`, warm],
    ['create (new key each)', creation],
    ['replay (one key)', replay],
  ] as const) {
    console.log(
      row(
        [name, f.rps.toFixed(0), f.p50, f.p99, f.requests, f.errors, f.non2xx, f.cpuMsPerRequest.toFixed(2)],
        widths,
      ),
    );
  }
  console.log(
    'CPU ms/req: what the gateway (and the node proxy) ran per request, steady on a shared machine',
  );
  console.log(`create vs target 300 req/s: ${(creation.rps / 300).toFixed(2)}`);
  console.log(`CPU ms per creation, by process: ${formatCpuSplit(creation.cpuSplit)}`);
  console.log(`  during the warm-up: ${formatCpuSplit(warm.cpuSplit)}`);
  console.log(`node calls per creation: ${callsPerRequest(calls, creation.requests)}`);
  // Requests still in flight when a run's timer stops complete afterwards: stored can exceed the counted creations.
  console.log(`actions stored by the create run: ${rows[0]!.n}`);
});
