/**
 * The load generator in a process of its own: run inside the server's process, autocannon would take CPU from
 * the very server it measures. Reads {url, paths, connections, durationS, headers?} as JSON from argv, prints the
 * figures.
 */
import autocannon from 'autocannon';

async function main(): Promise<void> {
  const { url, paths, connections, durationS, headers } = JSON.parse(process.argv[2]!) as {
    url: string;
    paths: string[];
    connections: number;
    durationS: number;
    headers?: Record<string, string>;
  };
  const result = await autocannon({
    url,
    connections,
    duration: durationS,
    ...(headers ? { headers } : {}),
    requests: paths.map((path) => ({ method: 'GET', path })),
  });
  process.stdout.write(
    JSON.stringify({
      rps: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      errors: result.errors + result.timeouts,
      non2xx: result.non2xx,
    }),
  );
}

void main();
