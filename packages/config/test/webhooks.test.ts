import { ConfigError, parseEnv, webhookEventRetention, webhookRetrySchedule } from '../src';

const spec = { WEBHOOK_RETRY_SCHEDULE: webhookRetrySchedule, WEBHOOK_EVENT_RETENTION: webhookEventRetention };

function problems(env: Record<string, string>): string {
  try {
    parseEnv(spec, env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('expected a ConfigError');
}

describe('WEBHOOK_RETRY_SCHEDULE', () => {
  it('defaults to 0s, 5s, 5m, 30m, 2h, 5h, 10h, 10h and shows itself that way', () => {
    const config = parseEnv(spec, {});
    expect(config.WEBHOOK_RETRY_SCHEDULE).toEqual([
      0, 5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000,
    ]);
    expect(webhookRetrySchedule.show(config.WEBHOOK_RETRY_SCHEDULE)).toBe('0s,5s,5m,30m,2h,5h,10h,10h');
    expect(config.WEBHOOK_EVENT_RETENTION).toBe(30 * 86_400_000);
  });

  it('reads a short schedule in any duration unit', () => {
    expect(parseEnv(spec, { WEBHOOK_RETRY_SCHEDULE: '0, 50ms ,1s,250' }).WEBHOOK_RETRY_SCHEDULE).toEqual([
      0, 50, 1_000, 250,
    ]);
  });

  it.each([
    ['a first entry that is not 0', '5s,10s', /WEBHOOK_RETRY_SCHEDULE.*the first item is "5s", not 0/],
    ['an entry that is not a duration', '0s,soon', /WEBHOOK_RETRY_SCHEDULE.*item 2: got "soon"/],
    ['an empty entry', '0s,,5s', /WEBHOOK_RETRY_SCHEDULE.*item 2/],
    ['an entry over 7 days', '0s,200h', /WEBHOOK_RETRY_SCHEDULE.*item 2.*out of range/],
    ['more than 100 entries', Array(101).fill('0s').join(','), /WEBHOOK_RETRY_SCHEDULE.*101 items/],
  ])('refuses %s at start', (_name, value, message) => {
    expect(problems({ WEBHOOK_RETRY_SCHEDULE: value })).toMatch(message);
  });

  it('refuses a retention under a minute', () => {
    expect(problems({ WEBHOOK_EVENT_RETENTION: '30s' })).toMatch(/WEBHOOK_EVENT_RETENTION/);
  });
});
