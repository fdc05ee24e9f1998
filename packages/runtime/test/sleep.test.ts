import { getEventListeners } from 'node:events';
import { sleep } from '../src';

it('waits the time asked', async () => {
  const started = Date.now();
  await sleep(50);
  expect(Date.now() - started).toBeGreaterThanOrEqual(45);
});

it('stops waiting when the signal aborts, and leaves no listener behind', async () => {
  const stop = new AbortController();
  const started = Date.now();
  const waiting = sleep(10_000, stop.signal);
  stop.abort();
  await waiting;
  expect(Date.now() - started).toBeLessThan(1_000);

  const polling = new AbortController();
  for (let i = 0; i < 3; i += 1) await sleep(1, polling.signal);
  expect(getEventListeners(polling.signal, 'abort')).toHaveLength(0);
});

it('does not wait at all on a signal already aborted', async () => {
  const started = Date.now();
  await sleep(10_000, AbortSignal.abort());
  expect(Date.now() - started).toBeLessThan(1_000);
});
