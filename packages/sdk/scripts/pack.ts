/**
 * `pack.ts [--out dir]`: the tarball partners install (`npm install ./yv-sdk-<version>.tgz`), written to dir (default
 * the repository's dist/). The package is staged in a directory of its own, so packing never races a build or a test
 * reading packages/sdk, and its manifest is the workspace one with `publishConfig` applied and nothing of the
 * workspace left (scripts, devDependencies). Run after `pnpm install`, through `pnpm sdk:pack`.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildDist } from './build-dist';

const SDK = path.resolve(__dirname, '..');
const DEFAULT_OUT = path.resolve(SDK, '../../dist');

/** The manifest as installed: dist's entry points, the runtime dependencies only. */
function publishedManifest(): Record<string, unknown> {
  const manifest = JSON.parse(readFileSync(path.join(SDK, 'package.json'), 'utf8')) as Record<
    string,
    unknown
  >;
  const { publishConfig, scripts: _scripts, devDependencies: _dev, ...rest } = manifest;
  return { ...rest, ...(publishConfig as Record<string, unknown>) };
}

function npmPack(stage: string, out: string): string {
  const result = spawnSync('npm', ['pack', '--json', '--pack-destination', out], {
    cwd: stage,
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`sdk: npm pack failed: ${result.stderr}`);
  const [packed] = JSON.parse(result.stdout) as { filename: string }[];
  return path.join(out, packed!.filename);
}

async function main(args: string[]): Promise<void> {
  const outFlag = args.indexOf('--out');
  const outArg = outFlag >= 0 ? args[outFlag + 1] : undefined;
  const out = outArg ? path.resolve(outArg) : DEFAULT_OUT;
  const stage = mkdtempSync(path.join(tmpdir(), 'yv-sdk-pack-'));
  try {
    await buildDist(path.join(stage, 'dist'));
    writeFileSync(path.join(stage, 'package.json'), `${JSON.stringify(publishedManifest(), null, 2)}\n`);
    for (const file of ['README.md', 'CHANGELOG.md'])
      copyFileSync(path.join(SDK, file), path.join(stage, file));
    mkdirSync(out, { recursive: true });
    console.log(npmPack(stage, out));
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
