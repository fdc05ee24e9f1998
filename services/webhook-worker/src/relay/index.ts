import { relayOutboxEvents, type IndexScanPool, type QueuedDelivery } from '@yv/db';
import type { WebhookWorkerMetrics } from '../metrics';

export interface RelayDeps {
  pool: IndexScanPool;
  /** Outbox rows one relay statement takes. */
  batch: number;
  metrics: WebhookWorkerMetrics;
  /** Offers deliveries to the queue; those Redis does not take wait in Postgres for the sweep. */
  enqueue: (deliveries: QueuedDelivery[]) => Promise<void>;
}

/** One relay statement: outbox rows become deliveries; the pending ones are enqueued after its commit. @returns rows relayed. */
export async function relayOutbox(deps: RelayDeps): Promise<number> {
  const relayed = await relayOutboxEvents(deps.pool, deps.batch);
  const pending = relayed.flatMap((event) => (event.delivery?.status === 'pending' ? [event.delivery] : []));
  const disabled = relayed.filter((event) => event.delivery?.status === 'disabled').length;
  if (disabled > 0) deps.metrics.deliveries.inc({ outcome: 'disabled' }, disabled);
  await deps.enqueue(pending);
  return relayed.length;
}
