import { disableFailingEndpoints, pruneWebhookEvents, type DisabledEndpoint, type Pool } from '@yv/db';

/** Old rows go in batches, so one pass never holds locks on a month of events at once. */
const PRUNE_BATCH = 1_000;

export interface MaintenanceResult {
  pruned: number;
  disabled: DisabledEndpoint[];
  /** The prune batch was full: more old events wait. */
  more: boolean;
}

/**
 * One maintenance pass: one batch of events older than the retention (with their deliveries and attempts), then
 * the endpoints that failed every delivery for `disableAfterMs`. Any replica may run it: the prune skips rows
 * another holds and the disable is one idempotent statement.
 */
export async function maintainWebhooks(
  pool: Pool,
  options: { retentionMs: number; disableAfterMs: number },
): Promise<MaintenanceResult> {
  const pruned = await pruneWebhookEvents(pool, { retentionMs: options.retentionMs, limit: PRUNE_BATCH });
  const disabled = await disableFailingEndpoints(pool, options.disableAfterMs);
  return { pruned, disabled, more: pruned === PRUNE_BATCH };
}
