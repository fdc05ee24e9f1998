import { createServiceMetrics, rpcEndpointGauge } from '@yv/metrics';

/** svc_indexer_* metrics, documented in docs/metrics.md. */
export function createIndexerMetrics() {
  const m = createServiceMetrics('indexer');
  return {
    registry: m.registry,
    cursorBlock: m.gauge('cursor_block', 'Last block whose logs are all written'),
    latestBlock: m.gauge('latest_block', 'Chain head as last seen'),
    confirmedBlock: m.gauge('confirmed_block', 'Chain head minus CONFIRMATIONS'),
    lagBlocks: m.gauge('lag_blocks', 'latest_block - cursor_block'),
    halted: m.gauge('halted', '1 when a reorg deeper than CONFIRMATIONS stopped the indexer'),
    leader: m.gauge('leader', '1 while this replica holds the writer lock'),
    eventsIndexed: m.counter('events_indexed_total', 'Activity rows written, by type', ['type'] as const),
    actionMoves: m.counter('action_moves_total', 'Partner actions moved, by the status entered', [
      'status',
    ] as const),
    reorgs: m.counter('reorgs_total', 'Reorgs handled by rewinding to the common ancestor'),
    rpcErrors: m.counter('rpc_errors_total', 'Failed RPC round trips, by kind', ['kind'] as const),
    rpcEndpoints: rpcEndpointGauge(m),
  };
}

export type IndexerMetrics = ReturnType<typeof createIndexerMetrics>;
