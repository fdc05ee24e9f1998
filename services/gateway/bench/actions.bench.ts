/**
 * Partner-action throughput on loopback against the gateway as main.ts composes it (real quote service on a
 * devnet vault, Postgres, Redis): creating deposit actions (each a fresh Idempotency-Key, so each reads the vault
 * at one block, simulates and inserts with its outbox row), then idempotent replays of one action (auth and one
 * indexed read, no chain access). Starts its own devnet, database and Redis prefix; prints figures only.
 * Run: pnpm --filter gateway bench
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import { startChain } from '@yv/devnet';
import { freePort } from '@yv/testkit';
import { createPartner } from '../src/admin/commands';
import { startTestGateway } from '../test/support/gateway';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const PATH = '/api/v1/partner/actions/deposit';

interface Figures {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  total: number;
  errors: number;
  non2xx: number;
}

async function load(
  name: string,
  url: string,
  apiKey: string,
  bodies: string[],
  keyFor: (i: number) => string,
): Promise<Figures> {
  let sent = 0;
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION_S,
    method: 'POST',
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
    requests: [
      {
        method: 'POST',
        path: PATH,
        setupRequest: (req) => {
          const i = sent++;
          return {
            ...req,
            body: bodies[i % bodies.length],
            headers: { ...req.headers, 'idempotency-key': keyFor(i) },
          };
        },
      },
    ],
  });
  return {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

async function main(): Promise<void> {
  const chain = await startChain({ port: await freePort(), blockIntervalMs: 1000 });
  const gw = await startTestGateway({ rpcUrl: chain.rpcUrl });
  const server = gw.app.listen(0, '127.0.0.1');
  try {
    await new Promise((resolve) => server.once('listening', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const { apiKey } = await createPartner(gw.pool, { name: 'bench' });
    // One body per funded wallet: creations quote against different accounts, as a partner's traffic would.
    const bodies = gw.vault.wallets.map((wallet) =>
      JSON.stringify({ amountRaw: '1000000', account: wallet.address, slippageBps: 50 }),
    );
    const run = randomBytes(4).toString('hex');

    const creation = await load('create (new key each)', url, apiKey, bodies, (i) => `bench-${run}-${i}`);
    const replayKey = `bench-${run}-replay`;
    const first = await fetch(`${url}${PATH}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${apiKey}`,
        'content-type': 'application/json',
        'idempotency-key': replayKey,
      },
      body: bodies[0],
    });
    if (first.status !== 201) throw new Error(`the replayed action could not be created: ${first.status}`);
    const replay = await load('replay (one key)', url, apiKey, [bodies[0]!], () => replayKey);
    const { rows } = await gw.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM partner_actions');

    console.log(`partner actions, ${CONNECTIONS} connections, ${DURATION_S} s each, loopback`);
    console.table(
      [creation, replay].map((f) => ({
        run: f.name,
        'req/s': Math.round(f.rps),
        'p50 ms': f.p50,
        'p99 ms': f.p99,
        requests: f.total,
        errors: f.errors,
        non2xx: f.non2xx,
      })),
    );
    // Requests still in flight when a run's timer stops complete afterwards: stored can exceed the counted creations.
    console.log(`actions stored: ${rows[0]!.n}`);
  } finally {
    server.close();
    await gw.close();
    await chain.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
