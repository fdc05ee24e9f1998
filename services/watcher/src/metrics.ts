import { createServiceMetrics, rpcEndpointGauge, type ServiceMetrics } from '@yv/metrics';

/** The watcher's metrics (docs/metrics.md names them once). */
export function createWatcherMetrics(service: ServiceMetrics = createServiceMetrics('watcher')) {
  return {
    service,
    snapshotAgeSeconds: service.gauge(
      'snapshot_age_seconds',
      'Age of the newest stored vault snapshot (with none, time since this watcher started)',
    ),
    heartbeatAgeSeconds: service.gauge(
      'heartbeat_age_seconds',
      'Age of the newest valid keeper heartbeat, by the keeper clock (with none, time since this watcher started)',
    ),
    hlpUpstreamFailures: service.counter(
      'hlp_upstream_failures_total',
      'Failed HLP upstream polls, by reason (timeout, network, http_status, not_json, invalid)',
      ['reason'],
    ),
    snapshots: service.counter('snapshots_total', 'Snapshots stored, by kind (vault, hlp)', ['kind']),
    vaultReadFailures: service.counter('vault_read_failures_total', 'Vault state reads that failed (RPC)'),
    heartbeats: service.counter('heartbeats_total', 'Keeper heartbeats stored, by validity', ['valid']),
    writer: service.gauge('writer', '1 while this replica holds the writer lock, else 0'),
    rpcEndpoints: rpcEndpointGauge(service),
  };
}

export type WatcherMetrics = ReturnType<typeof createWatcherMetrics>;
