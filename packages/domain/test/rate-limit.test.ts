import { rateLimitHeaders, rateLimitMessage, resetSeconds, windowQuota } from '../src/rate-limit';

describe('rate-limit rules', () => {
  it('spreads a per-minute budget over the window, rounding up and never to 0 (unlimited)', () => {
    expect(windowQuota(600, 60)).toBe(600);
    expect(windowQuota(300, 1)).toBe(5);
    expect(windowQuota(90, 2)).toBe(3);
    expect(windowQuota(1, 1)).toBe(1);
    expect(windowQuota(0, 60)).toBe(0);
    expect(windowQuota(600, 3600)).toBe(36_000);
  });

  it('writes the structured-field headers, seconds rounded up, remaining never negative', () => {
    expect(
      rateLimitHeaders({ policy: 'partner', quota: 600, windowSeconds: 60, remaining: 599, resetMs: 36_001 }),
    ).toEqual({
      'RateLimit-Policy': '"partner";q=600;w=60',
      RateLimit: '"partner";r=599;t=37',
    });
    expect(
      rateLimitHeaders({ policy: 'public', quota: 5, windowSeconds: 1, remaining: -3, resetMs: 0 }).RateLimit,
    ).toBe('"public";r=0;t=1');
    expect(resetSeconds(1)).toBe(1);
    expect(resetSeconds(2_000)).toBe(2);
  });

  it('names the limit in the message', () => {
    expect(rateLimitMessage({ policy: 'partner', quota: 600, windowSeconds: 60 })).toMatch(
      /^rate limit of 600 requests per minute for this partner exceeded/,
    );
    expect(rateLimitMessage({ policy: 'public', quota: 3, windowSeconds: 2 })).toMatch(
      /^rate limit of 3 requests per 2 s for this client address exceeded/,
    );
  });
});
