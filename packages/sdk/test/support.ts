import type { AddressInfo } from 'node:net';
import { readVaultState, vaultStateToJson } from '@yv/chain';
import { insertVaultSnapshot } from '@yv/db';
import {
  useTestGateway,
  type TestGateway,
  type TestGatewayOptions,
} from '../../../services/gateway/test/support/gateway';

/** Reads the vault and stores the snapshot as the watcher does (the watcher is not running in these tests). */
export async function storeVaultSnapshot(gw: TestGateway): Promise<void> {
  const state = await readVaultState(gw.ctx.provider, gw.ctx.layout);
  await insertVaultSnapshot(gw.pool, {
    chainId: gw.ctx.deployment.chainId,
    blockNumber: state.blockNumber,
    blockTimestamp: state.blockTimestamp,
    state: vaultStateToJson(state),
  });
}

/**
 * The gateway as main.ts composes it (its own vault, database and Redis prefix), listening on a free port, so the
 * SDK is tested over real HTTP as a partner's backend would call it. `baseUrl` is set in beforeAll. One vault
 * snapshot is stored as the watcher takes it (the watcher is not running), since config and vault reads need one.
 */
export function useListeningGateway(options: TestGatewayOptions = {}) {
  const gw = useTestGateway(options);
  const server = { baseUrl: '', close: async () => {} };
  beforeAll(async () => {
    await storeVaultSnapshot(gw);
    const listening = gw.app.listen(0, '127.0.0.1');
    await new Promise<void>((resolve) => listening.once('listening', resolve));
    server.baseUrl = `http://127.0.0.1:${(listening.address() as AddressInfo).port}`;
    server.close = () => new Promise<void>((resolve) => listening.close(() => resolve()));
  });
  afterAll(async () => {
    await server.close();
  });
  return { gw, server };
}
