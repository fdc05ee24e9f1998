import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { DEVNET_CHAIN_ID } from './accounts';

export interface RunningChain {
  rpcUrl: string;
  /** false when an already running chain 999 was found and reused: stop() then leaves it alone. */
  startedHere: boolean;
  stop(): Promise<void>;
}

export interface StartChainOptions {
  host?: string;
  port?: number;
  blockIntervalMs?: number;
  log?: (line: string) => void;
  startTimeoutMs?: number;
  /**
   * Told how the node ended when it exits before stop(), and what it printed since it answered; standard error by
   * default. Its callers see only refused connections, which do not say that the node is gone, nor why.
   */
  onUnexpectedExit?: (description: string) => void;
}

/** chainId of the node at rpcUrl, or null when nothing answers there. */
export async function probeChainId(rpcUrl: string, timeoutMs = 1000): Promise<number | null> {
  try {
    const res = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const body = (await res.json()) as { result?: string };
    return body.result ? Number(BigInt(body.result)) : null;
  } catch {
    return null;
  }
}

/** Starts Hardhat's node (EDR) with chain id 999, or reuses a chain 999 already answering at the address. */
export async function startChain(opts: StartChainOptions = {}): Promise<RunningChain> {
  const host = opts.host ?? '127.0.0.1';
  const port = opts.port ?? 8545;
  const rpcUrl = `http://${host}:${port}`;
  const existing = await probeChainId(rpcUrl);
  if (existing === DEVNET_CHAIN_ID) return { rpcUrl, startedHere: false, stop: async () => {} };
  if (existing !== null) throw new Error(`${rpcUrl} answers chain id ${existing}, not ${DEVNET_CHAIN_ID}`);

  const packageDir = path.resolve(__dirname, '..');
  const child = spawn(
    process.execPath,
    [
      require.resolve('hardhat/internal/cli/bootstrap.js'),
      'node',
      '--hostname',
      host,
      '--port',
      String(port),
    ],
    {
      cwd: packageDir,
      env: {
        ...process.env,
        HARDHAT_DISABLE_TELEMETRY_PROMPT: 'true',
        DEVNET_BLOCK_INTERVAL_MS: String(opts.blockIntervalMs ?? 1000),
        // EDR frees each call's step trace when the call ends, and its allocator (mimalloc) handed the memory back to
        // the system, so the next call faulted the pages in again; kept, the node's memory stays at its peak instead
        // (docs/performance.md#mimalloc_purge_delay).
        MIMALLOC_PURGE_DELAY: process.env.MIMALLOC_PURGE_DELAY ?? '-1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const log = opts.log ?? (() => {});
  let output = '';
  const onData = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
    for (const line of chunk.toString().split('\n')) if (line.trim()) log(line);
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  await waitForChain(rpcUrl, child, opts.startTimeoutMs ?? 60_000, () => output);
  // What it prints from here on: its banner, the well-known accounts and their keys, says nothing of its end.
  output = '';
  let stopping = false;
  const onUnexpectedExit =
    opts.onUnexpectedExit ?? ((description) => process.stderr.write(`${description}\n`));
  child.once('exit', (code, signal) => {
    if (!stopping)
      onUnexpectedExit(
        `hardhat node at ${rpcUrl} exited while in use (${signal ?? `code ${code}`}); what it printed since it answered: ${output || '(none)'}`,
      );
  });
  return {
    rpcUrl,
    startedHere: true,
    stop: () => {
      stopping = true;
      return stopChild(child);
    },
  };
}

async function waitForChain(rpcUrl: string, child: ChildProcess, timeoutMs: number, output: () => string) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exited(child))
      throw new Error(`hardhat node exited (${child.exitCode ?? child.signalCode}):\n${output()}`);
    if ((await probeChainId(rpcUrl, 500)) === DEVNET_CHAIN_ID) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`hardhat node did not answer at ${rpcUrl} within ${timeoutMs} ms:\n${output()}`);
}

/** A child killed by a signal (the OOM killer's SIGKILL) has a signalCode and no exitCode. */
const exited = (child: ChildProcess): boolean => child.exitCode !== null || child.signalCode !== null;

function stopChild(child: ChildProcess): Promise<void> {
  // Waiting for an 'exit' already emitted would never end: the caller's own error would be lost with it.
  if (exited(child)) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
