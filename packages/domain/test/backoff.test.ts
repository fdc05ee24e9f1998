import { backoffMs } from '../src';

describe('backoffMs', () => {
  const policy = { baseMs: 100, maxMs: 1_000 };

  it('doubles from baseMs up to maxMs, waiting at least half of each delay by default', () => {
    expect([0, 1, 2, 3, 4].map((retry) => backoffMs(policy, retry, 0))).toEqual([50, 100, 200, 400, 500]);
    expect([0, 1, 2, 3, 4].map((retry) => backoffMs(policy, retry, 0.999))).toEqual([
      100, 200, 400, 800, 1_000,
    ]);
  });

  it('with full jitter waits anywhere from nothing to the whole delay', () => {
    const full = { ...policy, jitter: 'full' as const };
    expect(backoffMs(full, 2, 0)).toBe(0);
    expect(backoffMs(full, 2, 0.5)).toBe(200);
    expect(backoffMs(full, 10, 0.999)).toBe(999);
  });

  it('stays at maxMs however many retries came before', () => {
    expect(backoffMs(policy, 5_000, 0)).toBe(500);
  });
});
