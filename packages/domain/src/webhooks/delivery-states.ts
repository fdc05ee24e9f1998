/**
 * The webhook delivery lifecycle (docs/webhooks.md#delivery-lifecycle). Each move is made by one SQL statement of
 * @yv/db, which declares its edges beside its text; the domain test checks those declarations against this table,
 * so neither can gain an edge the other does not know.
 */

export const DELIVERY_STATUSES = ['pending', 'delivering', 'delivered', 'failed', 'disabled'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** The statements that move deliveries: relay, the worker's claim and record, the cron's rescue, redelivery. */
export type DeliveryStatement = 'relay' | 'claim' | 'record' | 'rescue' | 'redeliver';

export interface DeliveryEdge {
  /** Null: the statement creates the delivery. */
  from: DeliveryStatus | null;
  to: DeliveryStatus;
  by: DeliveryStatement;
  when: string;
}

export const DELIVERY_EDGES: readonly DeliveryEdge[] = [
  { by: 'relay', from: null, to: 'pending', when: 'an event reaches an endpoint subscribed to it' },
  { by: 'relay', from: null, to: 'disabled', when: "the partner's endpoint is disabled" },
  { by: 'claim', from: 'pending', to: 'delivering', when: 'it is due: the attempt starts' },
  { by: 'claim', from: 'delivering', to: 'delivering', when: 'its lease ran out (worker died)' },
  { by: 'claim', from: 'pending', to: 'disabled', when: 'it is due but the endpoint is disabled or unset' },
  { by: 'claim', from: 'delivering', to: 'disabled', when: 'its lease ran out and the endpoint is gone' },
  { by: 'record', from: 'delivering', to: 'delivered', when: 'the receiver answered 2xx' },
  { by: 'record', from: 'delivering', to: 'disabled', when: 'the receiver answered 410 Gone' },
  { by: 'record', from: 'delivering', to: 'pending', when: 'it failed, the schedule has a next attempt' },
  { by: 'record', from: 'delivering', to: 'failed', when: 'it failed and the schedule is used up' },
  { by: 'rescue', from: 'failed', to: 'pending', when: 'the schedule was made longer since it failed' },
  { by: 'rescue', from: 'pending', to: 'pending', when: 'overdue: its delayed job was lost, not swept' },
  { by: 'redeliver', from: null, to: 'pending', when: 'the event was relayed while there was no URL' },
  { by: 'redeliver', from: 'delivered', to: 'pending', when: 'the partner asked for the event again' },
  { by: 'redeliver', from: 'failed', to: 'pending', when: 'the partner asked for the event again' },
  { by: 'redeliver', from: 'disabled', to: 'pending', when: 'the partner asked for the event again' },
];

/**
 * Statuses a delivery has a webhook_deliveries_open row in: the ones the sweep or the cron may still act on. A move
 * into this set adds the row and a move out of it deletes it, in the statement that makes the move.
 */
export const OPEN_DELIVERY_STATUSES: ReadonlySet<DeliveryStatus> = new Set([
  'pending',
  'delivering',
  'failed',
]);

export class IllegalDeliveryMoveError extends Error {
  constructor(
    readonly by: DeliveryStatement,
    readonly from: DeliveryStatus | null,
    readonly to: DeliveryStatus,
  ) {
    super(`the ${by} statement cannot move a delivery from ${from ?? '(new)'} to ${to}`);
    this.name = 'IllegalDeliveryMoveError';
  }
}

export function canMoveDelivery(
  by: DeliveryStatement,
  from: DeliveryStatus | null,
  to: DeliveryStatus,
): boolean {
  return DELIVERY_EDGES.some((edge) => edge.by === by && edge.from === from && edge.to === to);
}

/** @returns `to` when `by` makes that edge. @throws IllegalDeliveryMoveError otherwise. */
export function moveDelivery<To extends DeliveryStatus>(
  by: DeliveryStatement,
  from: DeliveryStatus | null,
  to: To,
): To {
  if (!canMoveDelivery(by, from, to)) throw new IllegalDeliveryMoveError(by, from, to);
  return to;
}
