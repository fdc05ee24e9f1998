import { createServiceMetrics, type ServiceMetrics } from '@yv/metrics';

export type DeliveryOutcome = 'delivered' | 'retried' | 'failed' | 'disabled';

/** The worker's metrics (docs/metrics.md): svc_webhook_worker_<thing>_<unit>. */
export function createWebhookWorkerMetrics(service: ServiceMetrics = createServiceMetrics('webhook_worker')) {
  return {
    service,
    deliveries: service.counter(
      'deliveries_total',
      'Delivery attempts by outcome: delivered (2xx), retried (will try again), failed (retry schedule used up), disabled (410 or no endpoint)',
      ['outcome'],
    ),
    attemptDuration: service.histogram(
      'attempt_duration_seconds',
      'Duration of one webhook HTTP attempt, answered or not',
      [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    ),
    queueDepth: service.gauge('queue_depth', 'Delivery jobs waiting, delayed (backoff) or active in BullMQ', [
      'state',
    ]),
    disabledEndpoints: service.gauge(
      'disabled_endpoints',
      'Partners with a webhook URL whose endpoint is disabled (a 410, or every delivery failing for WEBHOOK_DISABLE_AFTER)',
    ),
    autoDisabled: service.counter(
      'endpoints_auto_disabled_total',
      'Endpoints disabled because every delivery failed for WEBHOOK_DISABLE_AFTER',
    ),
    outboxBacklog: service.gauge('outbox_backlog', 'Outbox rows not yet relayed to deliveries'),
    outboxOldestAge: service.gauge(
      'outbox_oldest_age_seconds',
      'Age of the oldest unrelayed outbox row; 0 when there is none',
    ),
  };
}

export type WebhookWorkerMetrics = ReturnType<typeof createWebhookWorkerMetrics>;
