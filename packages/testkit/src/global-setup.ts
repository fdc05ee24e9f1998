import { startChain, type RunningChain } from '@yv/devnet';
import { dropStaleTestDatabases } from './database';
import { freePort } from './ports';

declare global {
  var __YV_TEST_CHAIN__: RunningChain | undefined;
}

/**
 * Starts one devnet (chain 999) for the whole run on a free port of its own, so neither a developer's stack on
 * 8545 nor another jest run is touched; each test file then deploys its own vault on it (devnet.ts).
 */
export default async function globalSetup(): Promise<void> {
  const port = process.env.TEST_DEVNET_PORT ? Number(process.env.TEST_DEVNET_PORT) : await freePort();
  const chain = await startChain({ port, blockIntervalMs: 1000 });
  globalThis.__YV_TEST_CHAIN__ = chain;
  process.env.TEST_RPC_URL = chain.rpcUrl;
  // Databases of runs that crashed before their teardown.
  await dropStaleTestDatabases();
}
