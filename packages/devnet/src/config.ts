import { common, ConfigError, duration, int, oneOf, parseEnv, port, string } from '@yv/config';
import { CONTRACT_VERSIONS } from '@yv/schemas';

export const devnetSpec = {
  DEPLOYMENT_FILE: common.DEPLOYMENT_FILE,
  REDIS_URL: common.REDIS_URL,
  DEVNET_HOST: string({ default: '127.0.0.1' }),
  DEVNET_PORT: port({ default: 8545 }),
  DEVNET_BLOCK_INTERVAL_MS: duration({ default: 1000, minMs: 100 }),
  DEVNET_CONTRACT_VERSION: oneOf(CONTRACT_VERSIONS, { default: 'svc-pipe-v2' }),
  FIXTURES_PORT: port({ default: 8546 }),
  KEEPER_INTERVAL_MS: duration({ default: 5000, minMs: 200 }),
  KEEPER_HEARTBEAT_STREAM: string({ default: 'svc:keeper:heartbeats' }),
  KEEPER_YIELD_APR_BPS: int({ default: 900, min: 0, max: 100_000 }),
  KEEPER_BUFFER_BPS: int({ default: 2000, min: 0, max: 10_000 }),
};

export type DevnetConfig = ReturnType<typeof loadDevnetConfig>;

export function loadDevnetConfig(env: NodeJS.ProcessEnv) {
  try {
    return parseEnv(devnetSpec, env);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }
}
