import { readdirSync, readFileSync } from 'node:fs';

/** Linux's clock ticks per second, in which /proc/<pid>/stat counts CPU time (USER_HZ, 100 on every usual kernel). */
const TICKS_PER_S = 100;

/** The processes a bench run shares the machine with, by what /proc/<pid>/cmdline shows. */
export type ProcessKind = 'node' | 'postgres';

function kindOf(cmdline: string): ProcessKind | null {
  if (cmdline.includes('hardhat') && cmdline.includes(' node ')) return 'node';
  if (cmdline.startsWith('postgres')) return 'postgres';
  return null;
}

/**
 * CPU milliseconds each kind of process has run so far (user + system), from /proc: the devnet node and every
 * PostgreSQL backend. Empty where /proc is missing, so a bench still runs elsewhere and prints no split.
 */
export function processCpuMs(): Partial<Record<ProcessKind, number>> {
  const totals: Partial<Record<ProcessKind, number>> = {};
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return totals;
  }
  for (const pid of pids) {
    try {
      const kind = kindOf(readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' '));
      if (!kind) continue;
      // Fields after the parenthesised command name: utime and stime are the 12th and 13th.
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      const ticks = Number(fields[11]) + Number(fields[12]);
      totals[kind] = (totals[kind] ?? 0) + (ticks * 1000) / TICKS_PER_S;
    } catch {
      // The process ended between the listing and the read: a backend closing, say.
    }
  }
  return totals;
}
