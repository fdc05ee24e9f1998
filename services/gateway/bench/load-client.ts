/**
 * The load generator in a process of its own: run inside the server's process, autocannon would take CPU from
 * the very server it measures. Reads a LoadSpec from the JSON file named in argv, prints the figures as JSON.
 */
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

export interface LoadSpec {
  url: string;
  method?: 'GET' | 'POST';
  /** Request paths. With `once`, request i goes to paths[i] and the run ends after the last; otherwise each
   * connection cycles through them from the first, so connections ask for the same paths at about the same time. */
  paths: string[];
  once?: boolean;
  /** Ends the run after this many requests instead of after `durationS` (every answer is waited for). */
  amount?: number;
  /** Requests per second over all connections (open loop), instead of as fast as answers come. */
  rate?: number;
  /** POST bodies, request i sends bodies[i % length]. */
  bodies?: string[];
  /** `{i}` in a header value becomes the request's number (a new Idempotency-Key per request). */
  headers?: Record<string, string>;
  connections: number;
  durationS: number;
}

export interface LoadFigures {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  errors: number;
  non2xx: number;
  /** CPU milliseconds the load generator itself ran (user + system). */
  cpuMs: number;
}

function cpuMs(used: NodeJS.CpuUsage): number {
  return (used.user + used.system) / 1000;
}

async function main(): Promise<void> {
  const spec = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as LoadSpec;
  const method = spec.method ?? 'GET';
  const cpu = process.cpuUsage();
  let sent = 0;
  const result = await autocannon({
    url: spec.url,
    connections: spec.connections,
    ...(spec.once || spec.amount
      ? { amount: spec.amount ?? spec.paths.length }
      : { duration: spec.durationS }),
    ...(spec.rate ? { overallRate: spec.rate } : {}),
    requests:
      spec.once || spec.amount || spec.bodies || spec.headers
        ? [
            {
              method,
              setupRequest: (req) => {
                const i = sent++;
                const headers = Object.fromEntries(
                  Object.entries(spec.headers ?? {}).map(([k, v]) => [k, v.replace('{i}', String(i))]),
                );
                return {
                  ...req,
                  path: spec.paths[i % spec.paths.length]!,
                  headers: { ...req.headers, ...headers },
                  ...(spec.bodies ? { body: spec.bodies[i % spec.bodies.length] } : {}),
                };
              },
            },
          ]
        : spec.paths.map((path) => ({ method, path })),
  });
  const figures: LoadFigures = {
    rps: result.requests.total / (result.duration || 1),
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    cpuMs: cpuMs(process.cpuUsage(cpu)),
  };
  process.stdout.write(JSON.stringify(figures));
}

void main();
