import type { RequestHandler } from 'express';
import { verifyWebhook, WebhookVerificationError, type WebhookEvent } from '@yv/sdk';

/**
 * The webhook receiver (docs/webhooks.md). Deliveries are at least once and may arrive out of order, and they are
 * hints only: the flows keep polling the actions, the events are kept here to be shown.
 */
export interface ReceivedEvent {
  /** The `webhook-id` header: the event's id, the same on every retry. */
  webhookId: string;
  type: WebhookEvent['type'];
  sequence: number;
  /** The action's or redemption's id; null for a webhook.test. */
  dataId: string | null;
  receivedAt: string;
  event: WebhookEvent;
}

export type Outcome = 'applied' | 'duplicate' | 'stale';

/** How many events and ids are remembered: a real backend stores them, with a unique key on the webhook id. */
const KEEP = 10_000;

export class WebhookEventStore {
  private readonly events: ReceivedEvent[] = [];
  private readonly seen = new Set<string>();
  /** The last sequence applied per resource: `type:data.id`, as an action and a redemption count apart. */
  private readonly sequences = new Map<string, number>();
  readonly counts: Record<Outcome, number> = { applied: 0, duplicate: 0, stale: 0 };

  list(filter: { type?: string; dataId?: string } = {}): ReceivedEvent[] {
    return this.events.filter(
      (received) =>
        (filter.type === undefined || received.type === filter.type) &&
        (filter.dataId === undefined || received.dataId === filter.dataId),
    );
  }

  /** Keeps a verified event unless its webhook-id was seen, or a later event of its resource was applied. */
  record(webhookId: string, event: WebhookEvent): Outcome {
    const outcome = this.decide(webhookId, event);
    this.counts[outcome] += 1;
    return outcome;
  }

  private decide(webhookId: string, event: WebhookEvent): Outcome {
    if (this.seen.has(webhookId)) return 'duplicate';
    this.remember(webhookId);
    const dataId = idOf(event);
    // A webhook.test has no resource id: its sequence counts the partner's test events, kept under its type.
    const key = `${event.type}:${dataId ?? ''}`;
    if (event.sequence <= (this.sequences.get(key) ?? 0)) return 'stale';
    this.sequences.set(key, event.sequence);
    this.events.push({
      webhookId,
      type: event.type,
      sequence: event.sequence,
      dataId,
      receivedAt: new Date().toISOString(),
      event,
    });
    if (this.events.length > KEEP) this.events.shift();
    return 'applied';
  }

  private remember(webhookId: string): void {
    this.seen.add(webhookId);
    // A Set iterates in insertion order: the first is the oldest.
    if (this.seen.size > KEEP) this.seen.delete(this.seen.values().next().value as string);
  }
}

function idOf(event: WebhookEvent): string | null {
  const { id } = event.data as { id?: unknown };
  return typeof id === 'string' ? id : null;
}

/**
 * POST /webhooks, mounted behind express.raw(): the signature covers the bytes as sent, so they are verified before
 * any JSON parsing. 204 for an authentic message (a duplicate or a stale one too: a non-2xx would only make the
 * worker send it again), 400 with the reason for one that must not be trusted (it is retried, then given up).
 */
export function webhookHandler(store: WebhookEventStore, secrets: readonly string[]): RequestHandler {
  return async (req, res) => {
    const body: unknown = req.body;
    if (!Buffer.isBuffer(body)) {
      res.status(400).json({ error: 'the body must be the raw JSON bytes' });
      return;
    }
    let event: WebhookEvent;
    try {
      event = await verifyWebhook(new Uint8Array(body), req.headers, { secrets });
    } catch (error) {
      if (!(error instanceof WebhookVerificationError)) throw error;
      res.status(400).json({ error: error.reason });
      return;
    }
    // verifyWebhook refuses a message without webhook-id, so the header is present here.
    const outcome = store.record(String(req.headers['webhook-id']), event);
    res.status(204).setHeader('x-webhook-outcome', outcome).end();
  };
}
