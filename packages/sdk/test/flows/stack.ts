import { createKeeperSimulator, type KeeperSimulator } from '../../../devnet/src/keeper';
import type { Indexer } from '../../../../services/indexer/src/indexer';
import { testIndexer } from '../../../../services/indexer/test/helpers';
import type { TestGateway } from '../../../../services/gateway/test/support/gateway';
import type { Eip1193Provider } from '../../src';
import { storeVaultSnapshot } from '../support';

/**
 * What runs beside the gateway in a deployment, for flows that must reach terminal statuses: the indexer's own
 * follow loop (moves actions to indexed, waiting_for_keeper, claimable, claimed, cancelled), vault snapshots taken
 * as the watcher takes them (bootstrap's liquidity), and the keeper simulator, ticked by the test when it wants
 * redemptions fulfilled. Register inside a describe block, so it stops before the gateway closes.
 */
export function useRunningServices(gw: TestGateway) {
  const services = { keeper: {} as KeeperSimulator, snapshot: async () => {} };
  let indexer: Indexer | undefined;
  let snapshots: NodeJS.Timeout | undefined;
  beforeAll(() => {
    indexer = testIndexer(gw.vault, { pool: gw.pool, url: gw.config.DATABASE_URL });
    indexer.start();
    services.keeper = createKeeperSimulator({ keeper: gw.vault.keeper, deployment: gw.vault.deployment });
    services.snapshot = () => storeVaultSnapshot(gw);
    // The watcher's cadence, shortened: a failed snapshot is simply retried by the next one.
    snapshots = setInterval(() => void services.snapshot().catch(() => undefined), 500);
  });
  afterAll(async () => {
    clearInterval(snapshots);
    await indexer?.stop();
  });
  return services;
}

/**
 * An EIP-1193 provider over the devnet node's own JSON-RPC: the node holds the test accounts unlocked, so
 * eth_sendTransaction is signed by the node as a browser wallet would sign it. Errors carry the node's code and
 * data, as EIP-1193's ProviderRpcError does.
 */
export function nodeProvider(rpcUrl: string): Eip1193Provider {
  let id = 0;
  return {
    async request({ method, params = [] }) {
      const response = await fetch(rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: ++id, method, params }),
      });
      const body = (await response.json()) as {
        result?: unknown;
        error?: { code: number; message: string; data?: unknown };
      };
      if (body.error) throw Object.assign(new Error(body.error.message), body.error);
      return body.result;
    },
  };
}
