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
export { createTestRedis, deleteKeysWithPrefix, useTestRedis, type TestRedis } from './redis';
export { testRedisUrl } from '@yv/devnet';
export { freePort } from './ports';
export { median } from './median';
export { openDeliveryMismatches } from './webhooks';
export { startTcpProxy, type TcpProxy } from './tcp-proxy';
export { startOwnPostgres, type OwnPostgres } from './own-postgres';
export { startOwnRedis, type OwnRedis } from './own-redis';
export { startRpcProxy, type RpcProxy } from './rpc-proxy';
export {
  cpuSince,
  formatCpuSplit,
  processCpuMs,
  type CpuScope,
  type CpuUsed,
  type ProcessKind,
} from './process-cpu';
