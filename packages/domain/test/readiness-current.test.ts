import { currentReadiness, type StoredReadiness } from '../src';

const now = new Date('2026-11-22T09:00:00Z');
const fresh: StoredReadiness = {
  display: true,
  history: true,
  activity: true,
  operations: true,
  deposits: false,
  reasonCodes: ['DEPOSITS_PAUSED'],
  computedAt: new Date(now.getTime() - 5_000),
};

it('passes a fresh evaluation through unchanged', () => {
  expect(currentReadiness(fresh, now, 30_000)).toEqual({
    display: true,
    history: true,
    activity: true,
    operations: true,
    deposits: false,
    reasonCodes: ['DEPOSITS_PAUSED'],
  });
});

it('clears every flag when the watcher has not evaluated within the allowed age', () => {
  const stale = { ...fresh, computedAt: new Date(now.getTime() - 30_001) };
  expect(currentReadiness(stale, now, 30_000)).toEqual({
    display: false,
    history: false,
    activity: false,
    operations: false,
    deposits: false,
    reasonCodes: ['DEPOSITS_PAUSED', 'READINESS_STALE'],
  });
});

it('clears every flag when nothing was ever evaluated', () => {
  expect(currentReadiness(null, now, 30_000).reasonCodes).toEqual(['READINESS_MISSING']);
  expect(currentReadiness(null, now, 30_000).operations).toBe(false);
});
