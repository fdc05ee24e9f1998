const { readdirSync, readFileSync } = require('node:fs');
const path = require('node:path');

/**
 * One jest run for the whole workspace: the devnet starts once (globalSetup) and every test file gets its own database
 * and Redis prefix (testkit). Two projects, one per contract layout: every test runs on svc-pipe-v2, and every test
 * that deploys a vault runs again on svc-vault-v3 (its worker's DEVNET_CONTRACT_VERSION, which the devnet's test
 * fixture reads).
 */
const TEST_MATCH = [
  '<rootDir>/{packages,services}/*/test/**/*.test.ts',
  '<rootDir>/examples/*/test/**/*.test.ts',
  '<rootDir>/infra/test/**/*.test.ts',
];
// The fault suite runs on its own (`pnpm faults`, after the main run in scripts/test.sh).
const IGNORED = ['/node_modules/', '<rootDir>/infra/test/faults.test.ts'];

/**
 * A test touches the chain when it (or a support file of its own directory tree) deploys a vault through the devnet
 * fixture. Tests pinned to one layout (the contract tests) deploy with an explicit contractVersion and are left out.
 */
const DEPLOYS_A_VAULT =
  /useDevnetVault\(|usePrivateDevnetVault\(|deployTestVault\(|startTestGateway\(|useTestGateway\(|startFaultWorld\(|startGatewayProcess\(|startStack\(/;
const PINNED = /contractVersion:\s*'svc-/;

function chainTests() {
  const files = ['packages', 'services', 'examples', 'infra']
    .flatMap((dir) =>
      readdirSync(path.join(__dirname, dir), { recursive: true }).map((f) => path.join(dir, f)),
    )
    .filter((file) => /(^|\/)test\/.*\.test\.ts$/.test(file) && !file.includes('node_modules'));
  const supportUses = new Map();
  const deploys = (file) => {
    const text = readFileSync(path.join(__dirname, file), 'utf8');
    if (PINNED.test(text)) return false;
    if (DEPLOYS_A_VAULT.test(text)) return true;
    // Imports of local support files (`./support/gateway`, `./helpers`) that deploy for the test.
    for (const [, spec] of text.matchAll(/from '(\.{1,2}\/[^']+)'/g)) {
      const target = path.join(path.dirname(file), `${spec}.ts`);
      if (!supportUses.has(target)) {
        let support = '';
        try {
          support = readFileSync(path.join(__dirname, target), 'utf8');
        } catch {
          // an import of a directory index or a non-TS file: not a fixture
        }
        supportUses.set(target, DEPLOYS_A_VAULT.test(support));
      }
      if (supportUses.get(target)) return true;
    }
    return false;
  };
  return files.filter(deploys).map((file) => `<rootDir>/${file}`);
}

const project = {
  testEnvironment: 'node',
  transform: { '^.+\\.ts$': ['@swc/jest', { jsc: { target: 'es2022', parser: { syntax: 'typescript' } } }] },
  testPathIgnorePatterns: IGNORED,
};

module.exports = {
  globalSetup: '<rootDir>/packages/testkit/src/global-setup.ts',
  globalTeardown: '<rootDir>/packages/testkit/src/global-teardown.ts',
  testTimeout: 60000,
  maxWorkers: 2,
  // A worker that grew past this is restarted between files: a half-gigabyte heap took longer than jest's 0.5 s to
  // free at exit on 2 cores, and jest then force-exited it and warned of a leak that was not there.
  workerIdleMemoryLimit: '300MB',
  projects: [
    { ...project, displayName: 'svc-pipe-v2', testMatch: TEST_MATCH },
    {
      ...project,
      displayName: 'svc-vault-v3',
      testMatch: chainTests(),
      setupFiles: ['<rootDir>/packages/testkit/src/layout-v3.ts'],
    },
  ],
};
