/**
 * WEBHOOK_CONCURRENCY as deliveries in flight, whatever jobs carry them: a job of the relay holds several deliveries,
 * and each of them takes a slot of its own for its attempt, first come first served.
 */
export interface DeliverySlots {
  /** Resolves true once a slot is the caller's, false when the slots closed first (the worker is stopping). */
  acquire(): Promise<boolean>;
  release(): void;
  /** Answers every waiting and later acquire with false; attempts holding a slot run to their end. */
  close(): void;
}

export function deliverySlots(size: number): DeliverySlots {
  let free = size;
  let closed = false;
  const waiting: ((granted: boolean) => void)[] = [];
  return {
    acquire() {
      if (closed) return Promise.resolve(false);
      if (free > 0) {
        free -= 1;
        return Promise.resolve(true);
      }
      return new Promise((resolve) => waiting.push(resolve));
    },
    release() {
      const next = waiting.shift();
      if (next) next(true);
      else free += 1;
    },
    close() {
      closed = true;
      for (const next of waiting.splice(0)) next(false);
    },
  };
}
