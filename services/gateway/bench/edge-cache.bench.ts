/**
 * What a CDN in front absorbs: READS reads of each route spread over READ_S seconds, through a shared HTTP cache
 * that follows the answers' Cache-Control and revalidates with their ETag (http-cache-semantics, the cache logic of
 * got and make-fetch-happen), in front of the gateway as main.ts composes it. Prints, per route, the origin
 * requests per 1,000 reads: full answers and 304 revalidations. A wallet's position (`private, no-store`) is the
 * baseline every read reaches the origin for. Starts its own devnet and database; prints figures only.
 * Run: pnpm --filter gateway bench edge-cache
 */
import CachePolicy from 'http-cache-semantics';
import { row, runInWorld } from './support/world';

const READS = 1_000;
const READ_S = Number(process.env.BENCH_EDGE_READ_S ?? 15);
const CONCURRENCY = 10;

interface Entry {
  policy: CachePolicy;
  body: string;
}

interface Counts {
  full: number;
  revalidated: number;
}

/**
 * One shared cache keyed by path, as a CDN keeps one copy per URL for every client, collapsing the requests that
 * miss together into one origin request as CDNs do for what they may keep.
 */
function sharedCache(origin: string) {
  const entries = new Map<string, Entry>();
  const counts: Counts = { full: 0, revalidated: 0 };
  const asHeaders = (headers: Headers) => Object.fromEntries(headers.entries());
  const inFlight = new Map<string, Promise<string>>();
  // An answer no cache may keep is never collapsed either: each client gets its own.
  const uncacheable = new Set<string>();
  const get = (path: string): Promise<string> => {
    if (uncacheable.has(path)) return fetchOnce(path);
    let pending = inFlight.get(path);
    if (!pending) {
      pending = fetchOnce(path).finally(() => inFlight.delete(path));
      inFlight.set(path, pending);
    }
    return pending;
  };
  const fetchOnce = async (path: string): Promise<string> => {
    const request = { url: path, method: 'GET', headers: {} };
    const entry = entries.get(path);
    if (entry?.policy.satisfiesWithoutRevalidation(request)) return entry.body;
    const headers = entry ? (entry.policy.revalidationHeaders(request) as Record<string, string>) : {};
    const answer = await fetch(`${origin}${path}`, { headers });
    const response = { status: answer.status, headers: asHeaders(answer.headers) };
    if (entry && answer.status === 304) {
      counts.revalidated += 1;
      await answer.arrayBuffer();
      const { policy } = entry.policy.revalidatedPolicy(request, response);
      entries.set(path, { policy, body: entry.body });
      return entry.body;
    }
    counts.full += 1;
    const body = await answer.text();
    if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}: ${body.slice(0, 200)}`);
    const policy = new CachePolicy(request, response, { shared: true });
    if (policy.storable()) entries.set(path, { policy, body });
    else uncacheable.add(path);
    return body;
  };
  return { get, counts };
}

/** READS reads at an even pace over READ_S seconds, CONCURRENCY at a time. */
async function paced(read: () => Promise<unknown>): Promise<void> {
  const started = Date.now();
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < READS; i = next++) {
      const due = started + (i * READ_S * 1000) / READS;
      if (due > Date.now()) await new Promise((resolve) => setTimeout(resolve, due - Date.now()));
      await read();
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
}

runInWorld(async ({ url, gw }) => {
  const routes = [
    '/api/v1/config',
    '/api/v1/vault',
    '/api/v1/hlp',
    `/api/v1/wallets/${gw.vault.wallets[0]!.address}/position`,
  ];
  console.log(
    `${READS} reads per route over ${READ_S} s through a shared cache; origin requests per 1,000 reads`,
  );
  const widths = [52, 10, 12, 8];
  console.log(row(['route', 'full', 'revalidated', 'per 1k'], widths));
  for (const route of routes) {
    const cache = sharedCache(url);
    await paced(() => cache.get(route));
    const { full, revalidated } = cache.counts;
    const per1k = ((full + revalidated) * 1000) / READS;
    console.log(
      row([route.replace(/0x[0-9a-fA-F]{40}/, '{address}'), full, revalidated, per1k.toFixed(1)], widths),
    );
  }
});
