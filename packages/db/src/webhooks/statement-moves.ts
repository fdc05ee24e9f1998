import { CLAIM_MOVES, RECORD_MOVES, RELAY_MOVES, RESCUE_MOVES } from './deliveries';
import { REDELIVER_MOVES } from './events';
import type { DeliveryStatementMoves } from './lifecycle';

/** Every statement that changes a delivery's status, by the name the domain's table gives it. */
export const DELIVERY_MOVES = {
  relay: RELAY_MOVES,
  claim: CLAIM_MOVES,
  record: RECORD_MOVES,
  rescue: RESCUE_MOVES,
  redeliver: REDELIVER_MOVES,
} satisfies Record<string, DeliveryStatementMoves>;
