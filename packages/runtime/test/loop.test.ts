import { sleep, startLoop } from '../src';

it('runs its step every interval until stopped, and stop waits for the step in flight', async () => {
  let runs = 0;
  let inFlight = false;
  const loop = startLoop({
    intervalMs: 10,
    step: async () => {
      inFlight = true;
      runs += 1;
      await sleep(20);
      inFlight = false;
    },
    onError: () => undefined,
  });
  await sleep(100);
  await loop.stop();
  expect(inFlight).toBe(false);
  const stoppedAt = runs;
  expect(stoppedAt).toBeGreaterThan(1);
  await sleep(50);
  expect(runs).toBe(stoppedAt);
});

it('runs again at once while its step reports more work', async () => {
  let runs = 0;
  const loop = startLoop({ intervalMs: 60_000, step: async () => (runs += 1) < 5, onError: () => undefined });
  await sleep(100);
  await loop.stop();
  expect(runs).toBe(5);
});

it('reports each failure with the count in a row, and goes on', async () => {
  const failures: number[] = [];
  let runs = 0;
  const loop = startLoop({
    intervalMs: 5,
    step: async () => {
      runs += 1;
      if (runs <= 3) throw new Error('down');
    },
    onError: (_error, inARow) => failures.push(inARow),
  });
  await sleep(100);
  await loop.stop();
  expect(failures).toEqual([1, 2, 3]);
  expect(runs).toBeGreaterThan(3);
});

it('backs off after failures when given a longest backoff', async () => {
  let runs = 0;
  const loop = startLoop({
    intervalMs: 0,
    backoffMaxMs: 10_000,
    step: async () => {
      runs += 1;
      throw new Error('down');
    },
    onError: () => undefined,
  });
  // 50-100 ms after the first failure, then 100-200 ms: at most three runs in 200 ms.
  await sleep(200);
  await loop.stop();
  expect(runs).toBeGreaterThanOrEqual(2);
  expect(runs).toBeLessThanOrEqual(3);
});
