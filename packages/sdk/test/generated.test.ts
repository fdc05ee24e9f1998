import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// In a node of its own: openapi-typescript's dependencies are ES modules, which jest's CommonJS runtime cannot load.
const SCRIPT = path.resolve(__dirname, '../scripts/generate.ts');
const GENERATED = path.resolve(__dirname, '../src/generated/openapi.ts');
const check = (file: string) =>
  spawnSync(process.execPath, ['--import', 'tsx', SCRIPT, '--check', file], { encoding: 'utf8' });

describe('generated wire types', () => {
  it('are what the OpenAPI document produces now', () => {
    const result = check(GENERATED);
    expect({ status: result.status, stderr: result.stderr }).toEqual({ status: 0, stderr: '' });
  });

  it('are reported stale when they differ from it', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'yv-sdk-'));
    try {
      const stale = path.join(dir, 'openapi.ts');
      writeFileSync(stale, readFileSync(GENERATED, 'utf8').replace('"PARTNER_ACTION_NOT_FOUND" | ', ''));
      const result = check(stale);
      expect(result.status).toBe(1);
      expect(result.stderr).toContain('is stale: run `pnpm --filter @yv/sdk generate`');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
