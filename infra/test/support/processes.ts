import { spawn, type ChildProcess } from 'node:child_process';
import { createConnection } from 'node:net';
import path from 'node:path';
import { freePort } from '../../../packages/testkit/src';

export const ROOT = path.resolve(__dirname, '../../..');
/** tsx as a loader in the service's own process, as the images run it: its CLI would relay (and race) signals. */
const TSX = ['--import', 'tsx'];

/** Variables of the jest environment a service must not inherit: each test sets its own. */
const INHERITED_NOT = [
  'PORT',
  'HOST',
  'METRICS_PORT',
  'RPC_URL',
  'HLP_API_URL',
  'BRIDGE_API_URL',
  'DATABASE_URL',
  'REDIS_URL',
  'QUEUE_PREFIX',
  'DEPLOYMENT_FILE',
  'CRON_SECRET',
  'NODE_OPTIONS',
];

/** A `tsx <script>` child with its output kept line by line. */
export interface RunningProcess {
  child: ChildProcess;
  /** Every stdout and stderr line so far, ANSI colours removed. */
  lines: string[];
  output(): string;
  /** Resolves with the first line matching, or rejects after `timeoutMs` or when the process exits first. */
  waitForLine(pattern: RegExp, timeoutMs: number): Promise<string>;
  /** Resolves with the exit code (or signal name) once the process has exited. */
  exited: Promise<number | string>;
}

export function startScript(script: string, env: Record<string, string>): RunningProcess {
  const base = { ...process.env };
  for (const name of INHERITED_NOT) delete base[name];
  // A process group of its own, so a failed test's SIGKILL also reaches anything the script started.
  const child = spawn(process.execPath, [...TSX, script], {
    cwd: ROOT,
    env: { ...base, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const lines: string[] = [];
  const listeners = new Set<(line: string) => void>();
  const collect = (stream: NodeJS.ReadableStream) => {
    let buffer = '';
    stream.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const parts = buffer.split('\n');
      buffer = parts.pop() ?? '';
      for (const raw of parts) {
        // eslint-disable-next-line no-control-regex
        const line = raw.replace(/\x1b\[[0-9;]*m/g, '');
        lines.push(line);
        for (const listener of listeners) listener(line);
      }
    });
  };
  collect(child.stdout!);
  collect(child.stderr!);
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  );
  const waitForLine = (pattern: RegExp, timeoutMs: number) =>
    new Promise<string>((resolve, reject) => {
      const seen = lines.find((line) => pattern.test(line));
      if (seen) return resolve(seen);
      const done = (error?: Error, line?: string) => {
        clearTimeout(timer);
        listeners.delete(listener);
        if (error) reject(error);
        else resolve(line!);
      };
      const listener = (line: string) => {
        if (pattern.test(line)) done(undefined, line);
      };
      const timer = setTimeout(
        () =>
          done(
            new Error(`no line matching ${pattern} within ${timeoutMs} ms:\n${lines.slice(-40).join('\n')}`),
          ),
        timeoutMs,
      );
      listeners.add(listener);
      void exited.then((code) =>
        done(new Error(`${script} exited (${code}) before ${pattern}:\n${lines.slice(-40).join('\n')}`)),
      );
    });
  return { child, lines, output: () => lines.join('\n'), waitForLine, exited };
}

/**
 * A service's `src/main.ts` as its own process: metrics on a free port of its own, so services started side by side
 * never collide, and no migration at start, the test's database being migrated already.
 */
export async function startService(script: string, env: Record<string, string>): Promise<RunningProcess> {
  return startScript(script, { METRICS_PORT: String(await freePort()), MIGRATE_ON_START: '0', ...env });
}

/** Sends SIGKILL if the process still runs (a test's afterAll, after a failure). */
export async function killIfRunning(running: RunningProcess | undefined): Promise<void> {
  if (!running || running.child.exitCode !== null || running.child.signalCode !== null) return;
  process.kill(-running.child.pid!, 'SIGKILL');
  await running.exited;
}

/** True when something accepts TCP connections on 127.0.0.1:port. */
export function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Polls `check` every 250 ms until it holds, failing after `timeoutMs` with `what`. */
export async function eventually<T>(
  what: string,
  check: () => Promise<T | undefined>,
  timeoutMs: number,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
