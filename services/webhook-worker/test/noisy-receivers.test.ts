import type { ServerResponse } from 'node:http';
import { listWebhookAttempts, listWebhookDeliveries } from '@yv/db';
import { useTestDatabase, useTestRedis } from '@yv/testkit';
import { endpointGate, healthAfter, mayStart, SLOW_ATTEMPT_MS } from '../src/deliver/endpoint-gate';
import { actionEvents, createPartner, startReceiver, waitFor, type Answer } from './support/receiver';
import { testWorker } from './support/worker';

describe('the per-endpoint cap rule', () => {
  const options = { concurrency: 10, perEndpoint: 3, timeoutMs: 10_000 };

  it('gives a healthy endpoint up to its cap, a hanging one a single attempt and a slow one the shared half', () => {
    expect(mayStart({ inFlight: 2, health: 'healthy' }, 0, options)).toBe(true);
    expect(mayStart({ inFlight: 3, health: 'healthy' }, 0, options)).toBe(false);
    expect(mayStart({ inFlight: 5, health: 'healthy' }, 9, { ...options, perEndpoint: 0 })).toBe(true);
    expect(mayStart({ inFlight: 0, health: 'hanging' }, 4, options)).toBe(true);
    expect(mayStart({ inFlight: 1, health: 'hanging' }, 1, options)).toBe(false);
    expect(mayStart({ inFlight: 0, health: 'hanging' }, 5, options)).toBe(false);
    expect(mayStart({ inFlight: 2, health: 'slow' }, 4, options)).toBe(true);
    expect(mayStart({ inFlight: 3, health: 'slow' }, 3, options)).toBe(false);
    expect(mayStart({ inFlight: 4, health: 'slow' }, 4, { ...options, perEndpoint: 0 })).toBe(true);
    expect(mayStart({ inFlight: 1, health: 'slow' }, 5, { ...options, perEndpoint: 0 })).toBe(false);
  });

  it('judges an endpoint by how long its last attempt took: a fast refusal leaves it healthy', () => {
    expect(healthAfter({ delivered: false, durationMs: 5 }, SLOW_ATTEMPT_MS)).toBe('healthy');
    expect(healthAfter({ delivered: false, durationMs: SLOW_ATTEMPT_MS }, SLOW_ATTEMPT_MS)).toBe('hanging');
    expect(healthAfter({ delivered: true, durationMs: SLOW_ATTEMPT_MS }, SLOW_ATTEMPT_MS)).toBe('slow');
    expect(healthAfter({ delivered: true, durationMs: 20 }, SLOW_ATTEMPT_MS)).toBe('healthy');
  });

  it('marks an endpoint hanging or slow by its last attempt and healthy again on a quick one', () => {
    const gate = endpointGate(options);
    expect(gate.tryEnter('a')).toBe(true);
    expect(gate.tryEnter('a')).toBe(true);
    gate.leave('a', { delivered: false, durationMs: SLOW_ATTEMPT_MS });
    // Hanging with one attempt still in flight: nothing more until it ends.
    expect(gate.tryEnter('a')).toBe(false);
    gate.leave('a', { delivered: true, durationMs: SLOW_ATTEMPT_MS });
    // Slow: up to its own cap, within the shared half.
    expect([gate.tryEnter('a'), gate.tryEnter('a'), gate.tryEnter('a'), gate.tryEnter('a')]).toEqual([
      true,
      true,
      true,
      false,
    ]);
    gate.leave('a', { delivered: true, durationMs: 20 });
    gate.leave('a', { delivered: true, durationMs: 20 });
    gate.leave('a', { delivered: true, durationMs: 20 });
    expect([gate.tryEnter('a'), gate.tryEnter('a'), gate.tryEnter('a'), gate.tryEnter('a')]).toEqual([
      true,
      true,
      true,
      false,
    ]);
    // Deliveries whose partner the job does not name are never held.
    expect(gate.tryEnter(undefined)).toBe(true);
  });

  it('keeps half of the slots for healthy endpoints however many hang', () => {
    const gate = endpointGate(options);
    for (let i = 0; i < 8; i++) {
      gate.tryEnter(`bad-${i}`);
      gate.leave(`bad-${i}`, { delivered: false, durationMs: 10_000 });
    }
    const admitted = Array.from({ length: 8 }, (_, i) => gate.tryEnter(`bad-${i}`)).filter(Boolean);
    expect(admitted).toHaveLength(5);
  });
});

const db = useTestDatabase();
const redis = useTestRedis();

/** A receiver that never answers, counting the requests it holds open at once. */
function hanging() {
  const state = { open: 0, maxOpen: 0 };
  const answer: Answer = (res: ServerResponse) => {
    state.open += 1;
    state.maxOpen = Math.max(state.maxOpen, state.open);
    res.on('close', () => (state.open -= 1));
  };
  return { state, answer };
}

it('a hanging endpoint, once it timed out, holds one slot: its backlog never delays another partner', async () => {
  // Retries far off: only the first attempts of the backlog below reach the hanging receiver.
  const worker = testWorker(db, redis, {
    WEBHOOK_CONCURRENCY: '4',
    WEBHOOK_TIMEOUT_MS: '300ms',
    WEBHOOK_RETRY_SCHEDULE: '0s,1h',
  });
  const hang = hanging();
  const badHooks = await startReceiver(hang.answer);
  const goodHooks = await startReceiver();
  worker.start();
  try {
    const bad = await createPartner(db.pool, badHooks.url);
    const good = await createPartner(db.pool, goodHooks.url);
    await actionEvents(db.pool, bad.id, 1);
    await waitFor('the first attempt timed out', async () => {
      const [row] = await listWebhookDeliveries(db.pool, bad.id);
      return row !== undefined && (await listWebhookAttempts(db.pool, row.id)).length === 1;
    });
    hang.state.maxOpen = hang.state.open;

    await actionEvents(db.pool, bad.id, 12);
    await actionEvents(db.pool, good.id, 8);
    await waitFor('the healthy partner served', async () => {
      const rows = await listWebhookDeliveries(db.pool, good.id);
      return rows.length === 8 && rows.every((row) => row.status === 'delivered');
    });
    // Without the cap the backlog takes all four slots at once, for a timeout each.
    expect(hang.state.maxOpen).toBeLessThanOrEqual(1);
    expect(goodHooks.received).toHaveLength(8);
    // The backlog is not dropped: it waits for its turn, one attempt at a time.
    await waitFor('the backlog attempted', async () => {
      const rows = await listWebhookDeliveries(db.pool, bad.id);
      return rows.length === 13 && rows.filter((row) => row.attempts > 0).length >= 4;
    });
    expect(hang.state.maxOpen).toBeLessThanOrEqual(1);
  } finally {
    await badHooks.close();
    await goodHooks.close();
    await worker.stop();
  }
});

it('caps a healthy endpoint at WEBHOOK_ENDPOINT_CONCURRENCY', async () => {
  const worker = testWorker(db, redis, { WEBHOOK_CONCURRENCY: '8', WEBHOOK_ENDPOINT_CONCURRENCY: '2' });
  const state = { open: 0, maxOpen: 0 };
  const hooks = await startReceiver(
    (res) =>
      new Promise<void>((resolve) => {
        state.open += 1;
        state.maxOpen = Math.max(state.maxOpen, state.open);
        setTimeout(() => {
          state.open -= 1;
          res.writeHead(200).end();
          resolve();
        }, 50);
      }),
  );
  worker.start();
  try {
    const partner = await createPartner(db.pool, hooks.url);
    await actionEvents(db.pool, partner.id, 12);
    await waitFor('all delivered', async () => {
      const rows = await listWebhookDeliveries(db.pool, partner.id);
      return rows.length === 12 && rows.every((row) => row.status === 'delivered');
    });
    expect(state.maxOpen).toBe(2);
  } finally {
    await hooks.close();
    await worker.stop();
  }
});
