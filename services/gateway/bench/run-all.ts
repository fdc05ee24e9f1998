/** Runs every `*.bench.ts` of this folder, one after the other, each in its own process (`pnpm bench`). */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';

const only = process.argv[2];
const benches = readdirSync(__dirname)
  .filter((file) => file.endsWith('.bench.ts') && (!only || file.includes(only)))
  .sort();
let failed = 0;
for (const file of benches) {
  console.log(`\n== ${file}`);
  // `pnpm bench` puts the workspace's tsx on PATH.
  const run = spawnSync('tsx', [path.join(__dirname, file)], { stdio: 'inherit' });
  if (run.status !== 0) failed += 1;
}
process.exit(failed === 0 ? 0 : 1);
