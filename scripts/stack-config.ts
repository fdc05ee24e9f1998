import { parseEnv, port, type ConfigOf } from '../packages/config/src';
import { devnetSpec } from '../packages/devnet/src/config';

/** The ports `pnpm stack` puts each service on; its other variables pass through to the processes it starts. */
export const stackSpec = {
  GATEWAY_PORT: port({ default: 3000 }),
  GATEWAY_METRICS_PORT: port({ default: 9100 }),
  INDEXER_METRICS_PORT: port({ default: 9101 }),
  WATCHER_METRICS_PORT: port({ default: 9102 }),
  WORKER_METRICS_PORT: port({ default: 9103 }),
};

/** The devnet's ports too: the stack derives the chain's and the fixtures' URLs from them. */
const stackEnv = {
  ...stackSpec,
  DEVNET_PORT: devnetSpec.DEVNET_PORT,
  FIXTURES_PORT: devnetSpec.FIXTURES_PORT,
};

export type StackConfig = ConfigOf<typeof stackEnv>;

export function loadStackConfig(env: NodeJS.ProcessEnv): StackConfig {
  return parseEnv(stackEnv, env);
}

/** A variable's value, or undefined when unset or blank (blank counts as unset, as in every service). */
export function given(env: NodeJS.ProcessEnv, name: string): string | undefined {
  return env[name]?.trim() || undefined;
}
