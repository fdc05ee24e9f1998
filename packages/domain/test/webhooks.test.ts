import {
  afterAttempt,
  attemptOutcome,
  parseRetryAfter,
  scheduleOffsetsMs,
  signWebhook,
  webhookBody,
  webhookRetryResult,
  webhookSignature,
} from '../src/webhooks';

// The example of the Standard Webhooks specification (github.com/standard-webhooks/standard-webhooks, spec).
const SPEC_SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const SPEC_ID = 'msg_p5jXN8AQM9LWM0D4loKWxJek';
const SPEC_TS = 1614265330;
const SPEC_BODY = '{"test": 2432232314}';

describe('signWebhook', () => {
  it('matches the Standard Webhooks example signature', () => {
    expect(webhookSignature(SPEC_SECRET, SPEC_ID, SPEC_TS, SPEC_BODY)).toBe(
      'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
    );
  });

  it('signs with every active secret, space-separated', () => {
    const other = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
    const headers = signWebhook({
      id: SPEC_ID,
      timestampSeconds: SPEC_TS,
      body: SPEC_BODY,
      secrets: [SPEC_SECRET, other],
    });
    expect(headers['webhook-signature'].split(' ')).toEqual([
      webhookSignature(SPEC_SECRET, SPEC_ID, SPEC_TS, SPEC_BODY),
      webhookSignature(other, SPEC_ID, SPEC_TS, SPEC_BODY),
    ]);
    expect(headers).toMatchObject({ 'webhook-id': SPEC_ID, 'webhook-timestamp': String(SPEC_TS) });
  });

  it('refuses no secret and secrets without the whsec_ prefix', () => {
    expect(() => signWebhook({ id: 'x', timestampSeconds: 1, body: '', secrets: [] })).toThrow();
    expect(() => webhookSignature('MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', 'x', 1, '')).toThrow(/whsec_/);
  });
});

describe('retry rules', () => {
  it('classifies answers', () => {
    expect([200, 204, 299].map(attemptOutcome)).toEqual(['delivered', 'delivered', 'delivered']);
    expect(attemptOutcome(410)).toBe('gone');
    expect([null, 301, 400, 404, 429, 500, 503].map(attemptOutcome)).toEqual(Array(7).fill('retry'));
  });

  it('reads Retry-After as seconds or an HTTP date', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    expect(parseRetryAfter('120', now)).toBe(120_000);
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('Wed, 31 Dec 2025 00:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });

  // The default WEBHOOK_RETRY_SCHEDULE: 0 s, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h.
  const schedule = [0, 5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000];
  const failed = (scheduleAttempt: number, random = 0, retryAfterMs?: number) =>
    afterAttempt('retry', {
      scheduleAttempt,
      schedule,
      random,
      ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
    });

  it('waits the next entry of the schedule after each failed attempt, and fails after the last', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((place) => failed(place))).toEqual(
      [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000].map((delayMs) => ({
        status: 'pending',
        delayMs,
      })),
    );
    expect(failed(8)).toEqual({ status: 'failed' });
    expect(failed(9)).toEqual({ status: 'failed' });
  });

  it('spans more than a day: the last attempt about 27.6 hours after the first', () => {
    expect(scheduleOffsetsMs(schedule)).toEqual([
      0, 5_000, 305_000, 2_105_000, 9_305_000, 27_305_000, 63_305_000, 99_305_000,
    ]);
    expect(scheduleOffsetsMs(schedule).at(-1)! / 3_600_000).toBeGreaterThan(24);
  });

  it('adds at most 10% jitter, never waits less than Retry-After, up to the longest wait', () => {
    expect(failed(1, 0.999)).toEqual({ status: 'pending', delayMs: 5_500 });
    expect(failed(1, 0, 60_000)).toEqual({ status: 'pending', delayMs: 60_000 });
    expect(failed(1, 0, 10 * 86_400_000)).toEqual({ status: 'pending', delayMs: 36_000_000 });
    expect(failed(5, 0, 1_000)).toEqual({ status: 'pending', delayMs: 18_000_000 });
  });

  it('settles 2xx and 410 whatever the place', () => {
    expect(afterAttempt('delivered', { scheduleAttempt: 8, schedule, random: 0 })).toEqual({
      status: 'delivered',
    });
    expect(afterAttempt('gone', { scheduleAttempt: 1, schedule, random: 0 })).toEqual({ status: 'disabled' });
  });

  it('counts a cron pass', () => {
    expect(webhookRetryResult(3, 2, 8)).toEqual({ checked: 5, sent: 3, failed: 2, maxAttempts: 8 });
  });
});

it('builds the body with the event time and sequence', () => {
  const body = webhookBody({
    type: 'redeem.updated',
    occurredAt: new Date('2026-01-01T00:00:00Z'),
    sequence: 4,
    payload: { id: '7', status: 'claimable' },
  });
  expect(JSON.parse(body)).toEqual({
    type: 'redeem.updated',
    timestamp: '2026-01-01T00:00:00.000Z',
    sequence: 4,
    data: { id: '7', status: 'claimable' },
  });
});
