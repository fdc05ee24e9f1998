import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, DEPLOYMENT_CONTRACTS, readDeployment, toChecksumAddress } from '../src';

const lower = (n: number): string => `0x${n.toString(16).padStart(2, '0').repeat(20)}`;

function manifest(): Record<string, unknown> & { contracts: Record<string, string> } {
  return {
    contractVersion: 'svc-pipe-v2',
    chainId: 999,
    startBlock: 12,
    rpcUrl: 'http://127.0.0.1:8545',
    contracts: Object.fromEntries(DEPLOYMENT_CONTRACTS.map((name, i) => [name, lower(0xa0 + i)])),
  };
}

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'yv-deployment-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function write(content: unknown): string {
  const path = join(dir, `${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
}

function problemsOf(path: string): string[] {
  try {
    readDeployment(path);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    expect(error.source).toBe(`deployment file ${path}`);
    expect(error.message).toContain(path);
    return error.problems.map((p) => `${p.name}: ${p.problem}${p.allowed ? `; allowed: ${p.allowed}` : ''}`);
  }
  throw new Error('expected a ConfigError');
}

describe('readDeployment', () => {
  it('reads a good manifest and checksums every address', () => {
    const good = manifest();
    // Test vectors from EIP-55 itself, given in lower and upper case.
    good.contracts.vault = '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed';
    good.contracts.share = '0xFB6916095CA1DF60BB79CE92CE3EA74C37C5D359';
    const deployment = readDeployment(write(good));
    expect(deployment.contractVersion).toBe('svc-pipe-v2');
    expect(deployment.chainId).toBe(999);
    expect(deployment.startBlock).toBe(12);
    expect(deployment.rpcUrl).toBe('http://127.0.0.1:8545');
    expect(Object.keys(deployment.contracts).sort()).toEqual([...DEPLOYMENT_CONTRACTS].sort());
    expect(deployment.contracts.vault).toBe('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed');
    expect(deployment.contracts.share).toBe('0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359');
    expect(deployment.contracts.usdc).toBe(toChecksumAddress(lower(0xa1)));
  });

  it('accepts a manifest without rpcUrl and ignores extra fields', () => {
    const { rpcUrl: _rpcUrl, ...rest } = manifest();
    const deployment = readDeployment(write({ ...rest, deployedAt: '2025-01-01' }));
    expect(deployment).not.toHaveProperty('rpcUrl');
    expect(deployment).not.toHaveProperty('deployedAt');
  });

  it('names a bad address', () => {
    const bad = manifest();
    bad.contracts.vault = '0x1234';
    expect(problemsOf(write(bad))).toEqual([
      'contracts.vault: got "0x1234"; allowed: a 0x-prefixed 20-byte hex address',
    ]);
  });

  it('names an address whose mixed-case checksum is wrong', () => {
    const bad = manifest();
    bad.contracts.share = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD';
    expect(problemsOf(write(bad))).toEqual([
      'contracts.share: got "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD", whose mixed-case checksum is wrong; allowed: an EIP-55 checksummed or single-case address',
    ]);
  });

  it('names every missing or bad field at once', () => {
    const bad = manifest();
    delete bad.contracts.redemptionPipe;
    delete bad.startBlock;
    bad.contractVersion = 'svc-vault-v9';
    bad.chainId = 999.5;
    expect(problemsOf(write(bad))).toEqual([
      'startBlock: is missing',
      'contractVersion: got "svc-vault-v9"; allowed: one of svc-vault-v3, svc-pipe-v2',
      'chainId: got 999.5, which must be integer',
      'contracts.redemptionPipe: is missing',
    ]);
  });

  it('rejects a negative start block', () => {
    expect(problemsOf(write({ ...manifest(), startBlock: -1 }))).toEqual([
      'startBlock: got -1, which must be >= 0',
    ]);
  });

  it('explains a missing file and a file that is not JSON', () => {
    expect(problemsOf(join(dir, 'absent.json'))).toEqual([
      '(file): cannot be read (ENOENT); allowed: a readable JSON file: run `pnpm devnet` or set DEPLOYMENT_FILE',
    ]);
    expect(problemsOf(write('{"chainId": 999,'))[0]).toMatch(/^\(file\): is not JSON \(/);
  });
});
