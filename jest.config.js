/** One jest run for the whole workspace: the devnet starts once (globalSetup) and every test file gets its own database and Redis prefix (testkit). */
module.exports = {
  testEnvironment: 'node',
  transform: { '^.+\\.ts$': ['@swc/jest', { jsc: { target: 'es2022', parser: { syntax: 'typescript' } } }] },
  testMatch: ['<rootDir>/{packages,services}/*/test/**/*.test.ts', '<rootDir>/infra/test/**/*.test.ts'],
  // The fault suite runs on its own (`pnpm faults`, after the main run in scripts/test.sh).
  testPathIgnorePatterns: ['/node_modules/', '<rootDir>/infra/test/faults.test.ts'],
  globalSetup: '<rootDir>/packages/testkit/src/global-setup.ts',
  globalTeardown: '<rootDir>/packages/testkit/src/global-teardown.ts',
  testTimeout: 60000,
  maxWorkers: 2,
  // A worker that grew past this is restarted between files: a half-gigabyte heap took longer than jest's 0.5 s to
  // free at exit on 2 cores, and jest then force-exited it and warned of a leak that was not there.
  workerIdleMemoryLimit: '300MB',
};
