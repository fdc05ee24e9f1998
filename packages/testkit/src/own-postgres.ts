import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { freePort } from './ports';

/**
 * A PostgreSQL server of a test's own, in a temporary data directory on a free port: `stop()` shuts it down as an
 * operator would (`pg_ctl stop -m fast`: sessions end, new connections are refused) and `start()` brings it back on
 * the same port with its data. The suite's shared server can never be stopped, so a real outage needs this.
 */
export interface OwnPostgres {
  /** `postgres://…/postgres` on this server. */
  readonly url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops the server and removes its data directory. */
  remove(): Promise<void>;
}

/** The directory of the server binaries (initdb, postgres), which Debian keeps off PATH. */
function binDir(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  const found = versions.map((version) => path.join(root, version, 'bin')).find((dir) => existsSync(dir));
  if (!found) throw new Error(`no PostgreSQL server binaries under ${root}`);
  return found;
}

/** The server refuses to run as root: as root, it runs as the `postgres` account. */
const runAs = (): string[] => (userInfo().uid === 0 ? ['runuser', '-u', 'postgres', '--'] : []);

function command(argv: string[]): { file: string; args: string[] } {
  const full = [...runAs(), ...argv];
  return { file: full[0]!, args: full.slice(1) };
}

async function answers(url: string): Promise<boolean> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 1_000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export async function startOwnPostgres(): Promise<OwnPostgres> {
  const bin = binDir();
  const port = await freePort();
  const root = mkdtempSync(path.join(tmpdir(), 'yv-pg-'));
  const dataDir = path.join(root, 'data');
  if (userInfo().uid === 0) {
    const postgresUid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    chownSync(root, postgresUid, -1);
  }
  chmodSync(root, 0o700);
  const init = command([
    path.join(bin, 'initdb'),
    '-D',
    dataDir,
    '-U',
    'postgres',
    '--auth=trust',
    '--no-sync',
  ]);
  execFileSync(init.file, init.args, { stdio: 'ignore' });
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const options = `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
  const pgCtl = (...args: string[]) => {
    const ctl = command([path.join(bin, 'pg_ctl'), '-D', dataDir, ...args]);
    execFileSync(ctl.file, ctl.args, { stdio: 'ignore' });
  };
  let running = false;

  const start = async (): Promise<void> => {
    pgCtl('-l', path.join(root, 'server.log'), '-o', options, '-w', '-t', '30', 'start');
    running = true;
    const deadline = Date.now() + 10_000;
    while (!(await answers(url))) {
      if (Date.now() > deadline) throw new Error(`postgres on port ${port} did not answer within 10 s`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  /** Fast shutdown: what `pg_ctlcluster … stop` does. */
  const stop = async (): Promise<void> => {
    if (!running) return;
    pgCtl('-m', 'fast', '-w', '-t', '30', 'stop');
    running = false;
  };

  const remove = async (): Promise<void> => {
    await stop();
    rmSync(root, { recursive: true, force: true });
  };

  await start();
  return { url, start, stop, remove };
}
