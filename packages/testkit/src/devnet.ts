import {
  deployTestVault,
  startChain,
  type DevnetVault,
  type RunningChain,
  type VaultParams,
} from '@yv/devnet';
import { freePort } from './ports';

export {
  deployTestVault,
  testProvider,
  testRpcUrl,
  useDevnetVault,
  WALLET_FUNDING,
  type DevnetVault,
} from '@yv/devnet';

/**
 * Like useDevnetVault, on a chain of this file's own. For tests that rewind history (evm_snapshot / evm_revert,
 * reorgs): on the shared chain a revert would also undo other files' transactions.
 */
export function usePrivateDevnetVault(
  params?: Partial<VaultParams>,
  opts: {
    /** 0 turns interval mining off: blocks come only from transactions and evm_mine, so depths are exact. */
    blockIntervalMs?: number;
  } = {},
): DevnetVault {
  const ctx = {} as DevnetVault;
  let chain: RunningChain | undefined;
  beforeAll(async () => {
    chain = await startChain({ port: await freePort(), blockIntervalMs: opts.blockIntervalMs ?? 1000 });
    Object.assign(ctx, await deployTestVault(params, chain.rpcUrl));
  });
  afterAll(async () => {
    ctx.provider?.destroy();
    await chain?.stop();
  });
  return ctx;
}
