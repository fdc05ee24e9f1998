import { duration, string } from '@yv/config';

/**
 * Environment of the partner-action tracker, spread into the gateway's spec. The drop window is how long a
 * submitted hash may stay unseen or unmined before the action fails: Hyperliquid EVM blocks come every few
 * seconds, so 30 minutes only ends transactions that were replaced or dropped from the mempool.
 */
export const actionTrackerSpec = {
  /** BullMQ key prefix (BullMQ adds its own colon). */
  QUEUE_PREFIX: string({ default: 'yv' }),
  ACTION_DROP_WINDOW: duration({ default: 30 * 60_000, minMs: 1_000, maxMs: 24 * 3_600_000 }),
  /** How often a submitted action's receipt is looked for. */
  ACTION_RECEIPT_POLL: duration({ default: 2_000, minMs: 50, maxMs: 60_000 }),
  /** How often unsigned actions whose quote expired are failed. */
  ACTION_EXPIRY_SWEEP: duration({ default: 30_000, minMs: 100, maxMs: 3_600_000 }),
};
