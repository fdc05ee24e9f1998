/**
 * Compiles contracts/*.sol with the npm `solc` (wasm, no compiler download) against OpenZeppelin from
 * node_modules, writes generated/artifacts.json (abi + bytecode per contract) and typechain ethers-v6 types.
 * Skips the work when the sources, compiler and settings are unchanged since the last build.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { glob, runTypeChain } from 'typechain';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const solc = require('solc');

const root = path.resolve(__dirname, '..');
const sourcesDir = path.join(root, 'contracts');
const outDir = path.join(root, 'generated');
const abiDir = path.join(outDir, 'abi');
const settings = {
  optimizer: { enabled: true, runs: 200 },
  evmVersion: 'cancun',
  outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object', 'evm.deployedBytecode.object'] } },
};

interface CompiledContract {
  abi: unknown[];
  evm: { bytecode: { object: string } };
}

function readSources(): Record<string, { content: string }> {
  const sources: Record<string, { content: string }> = {};
  for (const file of readdirSync(sourcesDir)
    .filter((f) => f.endsWith('.sol'))
    .sort()) {
    sources[file] = { content: readFileSync(path.join(sourcesDir, file), 'utf8') };
  }
  return sources;
}

function findImport(importPath: string): { contents: string } | { error: string } {
  try {
    return { contents: readFileSync(require.resolve(importPath, { paths: [root] }), 'utf8') };
  } catch {
    return { error: `import not found: ${importPath}` };
  }
}

async function main(): Promise<void> {
  const sources = readSources();
  const fingerprint = createHash('sha256')
    .update(JSON.stringify({ sources, settings, version: solc.version() }))
    .digest('hex');
  const stampFile = path.join(outDir, '.fingerprint');
  if (existsSync(stampFile) && readFileSync(stampFile, 'utf8') === fingerprint) {
    console.log('contracts: up to date');
    return;
  }
  const output = JSON.parse(
    solc.compile(JSON.stringify({ language: 'Solidity', sources, settings }), { import: findImport }),
  );
  const errors = (output.errors ?? []).filter((e: { severity: string }) => e.severity === 'error');
  if (errors.length > 0) {
    for (const e of errors) console.error(e.formattedMessage);
    process.exit(1);
  }
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(abiDir, { recursive: true });
  const artifacts: Record<string, { abi: unknown[]; bytecode: string }> = {};
  for (const file of Object.keys(sources)) {
    for (const [name, c] of Object.entries(
      (output.contracts[file] ?? {}) as Record<string, CompiledContract>,
    )) {
      artifacts[name] = { abi: c.abi, bytecode: `0x${c.evm.bytecode.object}` };
      writeFileSync(path.join(abiDir, `${name}.json`), JSON.stringify(c.abi, null, 2));
    }
  }
  writeFileSync(path.join(outDir, 'artifacts.json'), JSON.stringify(artifacts));
  await runTypeChain({
    cwd: root,
    filesToProcess: glob(root, [`${abiDir}/*.json`]),
    allFiles: glob(root, [`${abiDir}/*.json`]),
    outDir: path.join(outDir, 'types'),
    target: 'ethers-v6',
  });
  writeFileSync(stampFile, fingerprint);
  console.log(`contracts: compiled ${Object.keys(artifacts).length} contracts with solc ${solc.version()}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
