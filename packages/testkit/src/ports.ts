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

/**
 * The part of the range this process draws from. A port is only checked free, not held, until the child it is for
 * binds it, which for the stack test is seconds later and again after a restart: a random draw in another jest
 * worker (or an earlier draw of the same file) could hand out the same port meanwhile, and one did (the stack's
 * devnet failed with EADDRINUSE on 127.0.0.1:12854). Each worker gets its own slice (the main process, which starts
 * the shared devnet, slice 0) and walks it in order, so no two draws of one run meet until a slice wraps around.
 */
const SLICES = 8;

function ownSlice(): { low: number; size: number } {
  const { low, high } = candidatePorts();
  if (high === 0) return { low: 0, size: 1 };
  const size = Math.floor((high - low + 1) / SLICES);
  const index = Number(process.env.JEST_WORKER_ID ?? 0) % SLICES;
  return { low: low + index * size, size };
}

const slice = ownSlice();
let next = Math.floor(Math.random() * slice.size);

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
    const port = slice.low + (next % slice.size);
    next += 1;
    const bound = await listenable(port);
    if (bound !== null) return bound;
  }
  throw new Error(`no free port found in ${slice.low}-${slice.low + slice.size - 1} after 100 tries`);
}
