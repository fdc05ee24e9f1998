import { withTimeout } from '@yv/runtime';

/** How long a close waits for a Redis connection still being set up (Redis away) before closing it anyway. */
const READY_WAIT_MS = 2_000;

interface Closable {
  waitUntilReady(): Promise<unknown>;
  close(): Promise<void>;
}

/**
 * Closes a BullMQ queue or worker once its connections are set up. BullMQ's close() during set-up removes every
 * listener, then emits the set-up's "Connection is closed" on the emptied emitter (taskforcesh/bullmq#3546): an
 * unhandled error that would turn a clean shutdown into a crash.
 */
export async function closeWhenReady(target: Closable): Promise<void> {
  const ready = withTimeout(target.waitUntilReady(), READY_WAIT_MS, () => new Error('not ready in time'));
  // Not ready in time, or never to be: either way there is nothing more to wait for.
  await ready.catch(() => undefined);
  await target.close();
}
