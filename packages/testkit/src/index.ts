export * from './devnet';
export {
  createTestDatabase,
  dropStaleTestDatabases,
  TEST_DATABASE_PREFIX,
  testServerUrl,
  useTestDatabase,
  type TestDatabase,
  type TestDatabaseOptions,
} from './database';
export { createTestRedis, deleteKeysWithPrefix, testRedisUrl, useTestRedis, type TestRedis } from './redis';
export { freePort } from './ports';
