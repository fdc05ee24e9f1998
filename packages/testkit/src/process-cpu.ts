import { readdirSync, readFileSync } from 'node:fs';

/** Linux's clock ticks per second, in which /proc/<pid>/stat counts CPU time (USER_HZ, 100 on every usual kernel). */
const TICKS_PER_S = 100;

/** The processes a bench run shares the machine with, by what /proc/<pid>/cmdline shows. */
export type ProcessKind = 'node' | 'postgres';

/** Which of them are the run's own: its devnet node's port and its database's name, each where it has one. */
export interface CpuScope {
  nodePort?: number;
  database?: string;
}

function kindOf(cmdline: string, scope: CpuScope): ProcessKind | null {
  if (
    scope.nodePort !== undefined &&
    cmdline.includes('hardhat') &&
    cmdline.includes(` --port ${scope.nodePort} `)
  )
    return 'node';
  // A backend shows its database: `postgres: 15/main: postgres <database> 127.0.0.1(port) idle`.
  if (
    scope.database !== undefined &&
    cmdline.startsWith('postgres:') &&
    cmdline.includes(` ${scope.database} `)
  )
    return 'postgres';
  return null;
}

/**
 * CPU milliseconds each kind of the run's own processes has run so far (user + system), from /proc: its devnet
 * node and the PostgreSQL backends of its database, not another bench's. Empty where /proc is missing, so a bench
 * still runs elsewhere and prints no split.
 */
export function processCpuMs(scope: CpuScope): Partial<Record<ProcessKind, number>> {
  const totals: Partial<Record<ProcessKind, number>> = {};
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return totals;
  }
  for (const pid of pids) {
    try {
      const kind = kindOf(readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' '), scope);
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

/** CPU ms run since a count began: this process's (`self`), and each of the scope's kinds that /proc showed. */
export type CpuUsed = { self: number } & Partial<Record<ProcessKind, number>>;

/**
 * Starts counting the CPU of this process and of the scope's processes; the returned function gives what each ran
 * since. /proc counts in 10 ms ticks, and a process that ends before the count is read is missed: read it while the
 * run's pools are open.
 */
export function cpuSince(scope: CpuScope): () => CpuUsed {
  const before = processCpuMs(scope);
  const own = process.cpuUsage();
  return () => {
    const after = processCpuMs(scope);
    const used = process.cpuUsage(own);
    const others: Partial<Record<ProcessKind, number>> = {};
    for (const [kind, ms] of Object.entries(after) as [ProcessKind, number][])
      others[kind] = ms - (before[kind] ?? 0);
    return { self: (used.user + used.system) / 1000, ...others };
  };
}

/** "gateway 2.09, node 2.74, …" CPU ms per unit of work by process, the ones measured, and their sum. */
export function formatCpuSplit(split: Readonly<Record<string, number | undefined>>, digits = 2): string {
  const parts = Object.entries(split).filter(([, ms]) => ms !== undefined) as [string, number][];
  const total = parts.reduce((sum, [, ms]) => sum + ms, 0);
  return `${parts.map(([name, ms]) => `${name} ${ms.toFixed(digits)}`).join(', ')}; total ${total.toFixed(digits)} ms`;
}
