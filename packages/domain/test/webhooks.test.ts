import {
  attemptOutcome,
  parseRetryAfter,
  retryDelayMs,
  signWebhook,
  statusAfterAttempt,
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

  it('backs off exponentially with jitter, capped, never under Retry-After', () => {
    const policy = { baseMs: 1_000, maxMs: 60_000 };
    expect(retryDelayMs(policy, 1, undefined, 0)).toBe(500);
    expect(retryDelayMs(policy, 1, undefined, 0.999)).toBe(1_000);
    expect(retryDelayMs(policy, 4, undefined, 0)).toBe(4_000);
    expect(retryDelayMs(policy, 20, undefined, 0.999)).toBe(59_970);
    expect(retryDelayMs(policy, 20, undefined, 0)).toBe(30_000);
    expect(retryDelayMs(policy, 1, 30_000, 0)).toBe(30_000);
    expect(retryDelayMs(policy, 1, 3_600_000, 0)).toBe(60_000);
  });

  it('keeps a delivery pending while the job and the total budget last', () => {
    const budget = { fromAttempt: 0, queueAttempts: 3, maxAttempts: 5 };
    expect(statusAfterAttempt('retry', { ...budget, attempt: 2 })).toBe('pending');
    expect(statusAfterAttempt('retry', { ...budget, attempt: 3 })).toBe('failed');
    expect(statusAfterAttempt('retry', { ...budget, fromAttempt: 3, attempt: 4 })).toBe('pending');
    expect(statusAfterAttempt('retry', { ...budget, fromAttempt: 3, attempt: 5 })).toBe('failed');
    expect(statusAfterAttempt('gone', { ...budget, attempt: 1 })).toBe('disabled');
    expect(statusAfterAttempt('delivered', { ...budget, attempt: 5 })).toBe('delivered');
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
