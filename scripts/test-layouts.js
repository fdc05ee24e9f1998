// Which test files run on both contract layouts. The svc-vault-v3 jest project takes exactly the files whose first
// line is the marker; the check (`infra/test/layouts.test.ts`) fails when a test that deploys a vault is not marked,
// so a new fixture helper or a new test cannot silently drop v3 coverage.
const { readdirSync, readFileSync } = require('node:fs');
const path = require('node:path');

/** The first line of a test file that runs on svc-pipe-v2 and again on svc-vault-v3. */
const LAYOUT_MARKER = '// layouts: both';

/**
 * The check's detector, not the selection: a test deploys a vault when it (or a local support file it imports) calls
 * the devnet fixture. Tests pinned to one layout (the contract tests) deploy with an explicit contractVersion.
 */
const DEPLOYS_A_VAULT =
  /useDevnetVault\(|usePrivateDevnetVault\(|deployTestVault\(|startTestGateway\(|useTestGateway\(|startFaultWorld\(|startGatewayProcess\(|startStack\(/;
const PINNED = /contractVersion:\s*'svc-/;

/** A file's text; empty when it went away since the listing (a rename in progress), so it selects nothing. */
function read(root, file) {
  try {
    return readFileSync(path.join(root, file), 'utf8');
  } catch (error) {
    if (['ENOENT', 'ENOTDIR', 'EISDIR'].includes(error.code)) return '';
    throw error;
  }
}

/** The files under `dir` (repository-relative), not descending into node_modules. */
function walk(root, dir) {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : walk(root, file);
    return [file];
  });
}

/** Every test file of the workspace, repository-relative, sorted. */
function testFiles(root) {
  return ['packages', 'services', 'examples', 'infra']
    .flatMap((dir) => walk(root, dir))
    .filter((file) => /(^|\/)test\/.*\.test\.ts$/.test(file))
    .sort();
}

/** The test files that carry the marker: the svc-vault-v3 project's selection. */
function markedFiles(root) {
  return testFiles(root).filter((file) => read(root, file).split('\n', 1)[0].trim() === LAYOUT_MARKER);
}

/** Whether a test file is pinned to one layout. */
function pinned(root, file) {
  return PINNED.test(read(root, file));
}

/** Whether a test file deploys a vault on the run's layout, itself or through a local support file it imports. */
function deploysAVault(root, file) {
  const text = read(root, file);
  if (PINNED.test(text)) return false;
  if (DEPLOYS_A_VAULT.test(text)) return true;
  for (const [, spec] of text.matchAll(/from '(\.{1,2}\/[^']+)'/g)) {
    // An import of a directory index or a non-TS file reads as empty: not a fixture.
    const support = read(root, path.join(path.dirname(file), `${spec}.ts`));
    if (DEPLOYS_A_VAULT.test(support)) return true;
  }
  return false;
}

module.exports = { LAYOUT_MARKER, testFiles, markedFiles, pinned, deploysAVault };
