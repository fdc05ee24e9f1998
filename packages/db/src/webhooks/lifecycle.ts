/** webhook_deliveries.status; the edges between them are @yv/domain's DELIVERY_EDGES. */
export const WEBHOOK_DELIVERY_STATUSES = [
  'pending',
  'delivering',
  'delivered',
  'failed',
  'disabled',
] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/**
 * What one statement does to deliveries, declared beside its SQL: the edges its CASE expressions and WHERE clauses
 * make (`from` null: it creates the delivery), and how it writes webhook_deliveries_open. The domain's test checks
 * every statement's edges against the domain's table, so a branch added to one fails until both say so.
 */
export interface DeliveryStatementMoves {
  edges: readonly (readonly [from: WebhookDeliveryStatus | null, to: WebhookDeliveryStatus])[];
  openRows: readonly ('insert' | 'update' | 'delete')[];
}
