/**
 * WEBHOOK_CONCURRENCY as attempts in flight, whatever jobs carry them: a job of the relay holds several deliveries,
 * and each of them takes a slot of its own for its attempt, first come first served. A slot covers the claim and
 * the request, not the record after it: a delivery waiting for its record holds no connection to a receiver, and
 * its slot carries the next attempt meanwhile. The claim stays inside, so the lease it starts never runs while its
 * delivery waits for a slot.
 */
export interface AttemptSlot {
  /** Gives the slot back; later calls do nothing, so the attempt and the code around it may both call it. */
  release(): void;
}

export interface DeliverySlots {
  /** Resolves with a slot once one is the caller's, null when the slots closed first (the worker is stopping). */
  acquire(): Promise<AttemptSlot | null>;
  /** Answers every waiting and later acquire with null; attempts holding a slot run to their end. */
  close(): void;
}

export function deliverySlots(size: number): DeliverySlots {
  let free = size;
  let closed = false;
  const waiting: ((slot: AttemptSlot | null) => void)[] = [];

  const handOver = (): void => {
    const next = waiting.shift();
    if (next) next(slot());
    else free += 1;
  };
  const slot = (): AttemptSlot => {
    let held = true;
    return {
      release() {
        if (!held) return;
        held = false;
        handOver();
      },
    };
  };

  return {
    acquire() {
      if (closed) return Promise.resolve(null);
      if (free > 0) {
        free -= 1;
        return Promise.resolve(slot());
      }
      return new Promise((resolve) => waiting.push(resolve));
    },
    close() {
      closed = true;
      for (const next of waiting.splice(0)) next(null);
    },
  };
}
