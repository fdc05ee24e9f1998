// layouts: both
import { vaultLayout } from '@yv/chain';
import { readProductConfig } from '@yv/config';
import { ensureIndexerState, insertReadiness } from '@yv/db';
import { useDevnetVault, useTestDatabase } from '@yv/testkit';
import { DEFAULT_PRODUCT_CONFIG_FILE } from '../src/config';
import { createReadServices } from '../src/reads';
import { THRESHOLDS } from './reads-helpers';
import { tokenReader } from '../src/reads/tokens';

const vault = useDevnetVault();
const db = useTestDatabase();

/** The indexer's row as the indexer writes it: the node's head at `latest`, the cursor at 100. */
async function indexerAt(latest: number): Promise<void> {
  const { chainId, startBlock } = vault.deployment;
  await ensureIndexerState(db.pool, chainId, BigInt(startBlock));
  await db.pool.query(
    `UPDATE indexer_state SET cursor_block = 100, latest_block = $2, confirmed_block = $2, indexed_at = now()
      WHERE chain_id = $1`,
    [chainId, latest],
  );
}

/** What the watcher stores after reading that row: the node behind the cursor, or every flag up. */
async function readinessFor(nodeBehind: boolean): Promise<void> {
  await insertReadiness(db.pool, {
    display: true,
    history: true,
    activity: !nodeBehind,
    operations: !nodeBehind,
    deposits: !nodeBehind,
    reasonCodes: nodeBehind ? ['INDEXER_NODE_BEHIND'] : [],
    inputs: {},
  });
}

describe('cached reads', () => {
  it('serves health’s reason codes with the indexer figures they were computed from', async () => {
    const services = createReadServices({
      pool: db.pool,
      provider: vault.provider,
      deployment: vault.deployment,
      layout: vaultLayout(vault.deployment),
      product: readProductConfig(DEFAULT_PRODUCT_CONFIG_FILE),
      tokens: tokenReader(vault.provider, vault.deployment),
      thresholds: THRESHOLDS,
      readinessMaxAgeMs: 60_000,
      cacheTtlMs: 60_000,
    });
    const consistent = async () => {
      const { data } = await services.health();
      return {
        behind: data.ready.reasonCodes.includes('INDEXER_NODE_BEHIND'),
        negativeLag: (data.indexer.lagBlocks ?? 0) < 0,
      };
    };
    await indexerAt(100);
    await readinessFor(false);
    // /vault reads the readiness without the indexer row. With no snapshot stored it fails at once, before its
    // readiness read answers: give that read time to land in the cache.
    await services.vault().catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 200));
    // The node falls behind the cursor; the indexer and then the watcher record it, all within the cache's life.
    await indexerAt(97);
    await readinessFor(true);
    const served = await consistent();
    expect(served.behind).toBe(served.negativeLag);
  });
});
