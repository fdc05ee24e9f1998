import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/**
 * Where free ports are drawn from: below the kernel's ephemeral range. A port from that range (listen on 0) was
 * free when asked, but until a child process binds it any outgoing connection on the machine may take it as its
 * source port, and with the suite's connections to Postgres, Redis and the nodes one did: the devnet of `pnpm stack`
 * failed with EADDRINUSE. Below the range only listeners can hold a port.
 */
function candidatePorts(): { low: number; high: number } {
  try {
    const [ephemeralLow] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/);
    const high = Number(ephemeralLow) - 1;
    if (Number.isInteger(high) && high > 20_000) return { low: 10_000, high };
  } catch {
    // Not Linux: the kernel's choice (0) is all there is.
  }
  return { low: 0, high: 0 };
}

const candidates = candidatePorts();

function listenable(port: number): Promise<number | null> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(null));
    server.listen(port, '127.0.0.1', () => {
      const { port: bound } = server.address() as { port: number };
      server.close(() => resolve(bound));
    });
  });
}

/** A TCP port nothing listens on right now, for servers a test starts itself, outside the ephemeral range. */
export async function freePort(): Promise<number> {
  for (let tries = 0; tries < 100; tries += 1) {
    const port = candidates.low + Math.floor(Math.random() * (candidates.high - candidates.low + 1));
    const bound = await listenable(port);
    if (bound !== null) return bound;
  }
  throw new Error(`no free port found in ${candidates.low}-${candidates.high} after 100 tries`);
}
