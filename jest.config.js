const { markedFiles } = require('./scripts/test-layouts');

/**
 * One jest run for the whole workspace: the devnet starts once (globalSetup) and every test file gets its own database
 * and Redis prefix (testkit). Two projects, one per contract layout: every test runs on svc-pipe-v2, and every test
 * whose first line is `// layouts: both` runs again on svc-vault-v3 (its worker's DEVNET_CONTRACT_VERSION, which the
 * devnet's test fixture reads). infra/test/layouts.test.ts fails when a test that deploys a vault is not marked.
 */
const TEST_MATCH = [
  '<rootDir>/{packages,services}/*/test/**/*.test.ts',
  '<rootDir>/examples/*/test/**/*.test.ts',
  '<rootDir>/infra/test/**/*.test.ts',
];
// The fault suite runs on its own (`pnpm faults`, after the main run in scripts/test.sh).
const IGNORED = ['/node_modules/', '<rootDir>/infra/test/faults.test.ts'];

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
  // A worker that grew past this is restarted between files: a large heap took longer than jest's exit timeout to free
  // on 2 cores, and jest then force-exited it and warned of a leak that was not there
  // (docs/performance.md#workeridlememorylimit).
  workerIdleMemoryLimit: '300MB',
  projects: [
    { ...project, displayName: 'svc-pipe-v2', testMatch: TEST_MATCH },
    {
      ...project,
      displayName: 'svc-vault-v3',
      testMatch: markedFiles(__dirname).map((file) => `<rootDir>/${file}`),
      setupFiles: ['<rootDir>/packages/testkit/src/layout-v3.ts'],
    },
  ],
};
