import { createPartnerClient } from '@yv/sdk';
import { createPartnerBackend } from './app';
import { ConfigError, loadConfig, type BackendConfig } from './config';
import { listen } from './server';
import { signingWallet } from './wallet';

/** `pnpm --filter @yv/example-partner-backend start`: the environment is described in this package's README. */
async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const client = createPartnerClient({ baseUrl: config.apiUrl, apiKey: config.apiKey });
  const { wallet, address } = signingWallet(config.walletPrivateKey, config.rpcUrl);
  const { app, jobs } = createPartnerBackend({ client, wallet, webhookSecrets: config.webhookSecrets });
  // Loopback, as the dev stack's webhook worker runs on this machine; a deployment listens behind its proxy.
  const server = await listen(app, config.port);
  console.log(`partner backend on ${server.url} (wallet ${address}, vault API ${config.apiUrl})`);

  const stop = async () => {
    console.log('stopping: no new requests; jobs already started run to their end');
    await server.close();
    await jobs.idle();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
}

function loadConfigOrExit(): BackendConfig {
  try {
    return loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`${error.message}\nSee examples/partner-backend/README.md for each variable.`);
    process.exit(2);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
