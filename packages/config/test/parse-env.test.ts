import { resolve } from 'node:path';
import {
  bigint,
  bool,
  common,
  ConfigError,
  DEFAULT_DEPLOYMENT_FILE,
  describeConfig,
  duration,
  int,
  list,
  oneOf,
  parseEnv,
  port,
  rpcEndpointsOf,
  secret,
  string,
  url,
  type EnvSpec,
} from '../src';

function problemsOf(spec: EnvSpec, env: Record<string, string>): string[] {
  try {
    parseEnv(spec, env);
  } catch (error) {
    if (error instanceof ConfigError)
      return error.problems.map((p) => `${p.name}: ${p.problem}; allowed: ${p.allowed}`);
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('parseEnv', () => {
  const spec = {
    ...common,
    PORT: port({ default: 3000 }),
    CRON_SECRET: secret({ minLength: 8 }),
    MAX_ATTEMPTS: int({ min: 1, max: 20, default: 8 }),
    POLL: duration({ default: 2000 }),
    MIN_DEPOSIT: bigint({ min: 0n }),
    ORIGINS: list({ default: [] }),
    NAME: string({ optional: true }),
  };

  it('applies defaults and parses every kind into typed values', () => {
    const config = parseEnv(spec, {
      CRON_SECRET: 'abcdefgh',
      MIN_DEPOSIT: '1000000000000000000000000',
      ORIGINS: ' https://a.example , ,https://b.example',
      POLL: '30s',
      MIGRATE_ON_START: 'FALSE',
      PORT: ' 8080 ',
    });
    expect(config).toEqual({
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/yieldvault',
      REDIS_URL: 'redis://127.0.0.1:6379',
      RPC_URL: 'http://127.0.0.1:8545',
      DEPLOYMENT_FILE: DEFAULT_DEPLOYMENT_FILE,
      MIGRATE_ON_START: false,
      LOG_LEVEL: 'info',
      PORT: 8080,
      CRON_SECRET: 'abcdefgh',
      MAX_ATTEMPTS: 8,
      POLL: 30_000,
      MIN_DEPOSIT: 10n ** 24n,
      ORIGINS: ['https://a.example', 'https://b.example'],
      NAME: undefined,
    });
    const port: number = config.PORT;
    const amount: bigint = config.MIN_DEPOSIT;
    // @ts-expect-error an optional field may be undefined
    const name: string = config.NAME;
    expect([port, amount, name]).toEqual([8080, 10n ** 24n, undefined]);
  });

  it('resolves the default deployment file at the repository root', () => {
    expect(DEFAULT_DEPLOYMENT_FILE).toBe(resolve(__dirname, '../../../.devnet/deployment.json'));
  });

  it('treats blank values as unset', () => {
    expect(parseEnv({ LOG_LEVEL: common.LOG_LEVEL }, { LOG_LEVEL: '  ' })).toEqual({ LOG_LEVEL: 'info' });
    expect(problemsOf({ S: secret() }, { S: '' })).toEqual([
      'S: is required but not set; allowed: a non-empty secret',
    ]);
  });

  it.each<[string, EnvSpec, string, string]>([
    ['string', { V: string() }, '', 'V: is required but not set; allowed: a non-empty string'],
    [
      'url syntax',
      { V: url() },
      'not a url',
      'V: got "not a url", which is not a URL; allowed: a URL with protocol http:// or https://',
    ],
    [
      'url protocol',
      { V: url({ protocols: ['postgres'] }) },
      'mysql://root:hunter2@db/x',
      'V: got "mysql://***@db/x", whose protocol is mysql:; allowed: a URL with protocol postgres://',
    ],
    ['int syntax', { V: int() }, '1.5', 'V: got "1.5", which is not an integer; allowed: an integer'],
    [
      'int range',
      { V: int({ min: 1, max: 20 }) },
      '21',
      'V: got 21, which is out of range; allowed: an integer from 1 to 20',
    ],
    ['int min', { V: int({ min: 1 }) }, '0', 'V: got 0, which is out of range; allowed: an integer >= 1'],
    [
      'int precision',
      { V: int() },
      '9007199254740993',
      'V: got "9007199254740993", which is too large to be exact; allowed: an integer',
    ],
    [
      'port',
      { V: port() },
      '70000',
      'V: got 70000, which is out of range; allowed: a TCP port from 0 to 65535 (0 picks a free port)',
    ],
    ['bool', { V: bool() }, 'yes', 'V: got "yes", which is not a boolean; allowed: 1, 0, true or false'],
    ['oneOf', { V: oneOf(['debug', 'info']) }, 'INFO', 'V: got "INFO"; allowed: one of debug, info'],
    [
      'secret',
      { V: secret({ minLength: 32 }) },
      'short-secret',
      'V: got a value (hidden) shorter than 32 characters; allowed: a secret of at least 32 characters',
    ],
    [
      'duration syntax',
      { V: duration() },
      '5 minutes',
      'V: got "5 minutes", which is not a duration; allowed: a duration (ms), written as 1500, 1500ms, 30s, 5m or 2h',
    ],
    [
      'duration range',
      { V: duration({ minMs: 1000, maxMs: 60_000 }) },
      '2m',
      'V: got "2m" = 120000ms, which is out of range; allowed: a duration from 1000 to 60000 (ms), written as 1500, 1500ms, 30s, 5m or 2h',
    ],
    ['bigint syntax', { V: bigint() }, '1e18', 'V: got "1e18", which is not an integer; allowed: an integer'],
    [
      'bigint range',
      { V: bigint({ min: 0n }) },
      '-1',
      'V: got -1, which is out of range; allowed: an integer >= 0',
    ],
    ['list', { V: list() }, '', 'V: is required but not set; allowed: a list of strings separated by ","'],
  ])('reports a bad %s', (_kind, spec, raw, expected) => {
    expect(problemsOf(spec, { V: raw })).toEqual([expected]);
  });

  it('accepts each duration unit', () => {
    const spec = { V: duration() };
    expect(['1500', '1500ms', '2s', '3m', '1h'].map((V) => parseEnv(spec, { V }).V)).toEqual([
      1500, 1500, 2000, 180_000, 3_600_000,
    ]);
  });

  it('lists every bad variable in one error, never a secret value', () => {
    const env = {
      DATABASE_URL: 'mysql://localhost/x',
      PORT: 'eighty',
      CRON_SECRET: 'hunter2',
      MIN_DEPOSIT: '-5',
      LOG_LEVEL: 'verbose',
    };
    let error: unknown;
    try {
      parseEnv(spec, env);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const { message, problems } = error as ConfigError;
    expect(problems.map((p) => p.name)).toEqual([
      'DATABASE_URL',
      'LOG_LEVEL',
      'PORT',
      'CRON_SECRET',
      'MIN_DEPOSIT',
    ]);
    expect(message.split('\n')).toEqual([
      'Invalid configuration in environment (5 problems):',
      '  - DATABASE_URL: got "mysql://localhost/x", whose protocol is mysql:; allowed: a URL with protocol postgres:// or postgresql://',
      '  - LOG_LEVEL: got "verbose"; allowed: one of debug, info, warn, error',
      '  - PORT: got "eighty", which is not an integer; allowed: a TCP port from 0 to 65535 (0 picks a free port)',
      '  - CRON_SECRET: got a value (hidden) shorter than 8 characters; allowed: a secret of at least 8 characters',
      '  - MIN_DEPOSIT: got -5, which is out of range; allowed: an integer >= 0',
    ]);
    expect(message).not.toContain('hunter2');
  });

  it('reports a missing required variable', () => {
    expect(problemsOf(spec, { MIN_DEPOSIT: '0' })).toEqual([
      'CRON_SECRET: is required but not set; allowed: a secret of at least 8 characters',
    ]);
  });
});

describe('describeConfig', () => {
  it('masks secrets and URL passwords and shows every other value', () => {
    const spec = {
      DATABASE_URL: common.DATABASE_URL,
      CRON_SECRET: secret(),
      WEBHOOK_SECRET: secret({ optional: true }),
      POLL: duration({ default: 1500 }),
      MIN: bigint({ default: 5n }),
      ORIGINS: list({ default: ['a', 'b'] }),
      ON: bool({ default: true }),
    };
    const config = parseEnv(spec, {
      DATABASE_URL: 'postgres://app:s3cret-pw@db:5432/yv',
      CRON_SECRET: 'cron-s3cret',
    });
    const summary = describeConfig(spec, config);
    expect(summary).toEqual({
      DATABASE_URL: 'postgres://app:***@db:5432/yv',
      CRON_SECRET: '***',
      WEBHOOK_SECRET: '(not set)',
      POLL: '1500ms',
      MIN: '5',
      ORIGINS: 'a,b',
      ON: 'true',
    });
    expect(JSON.stringify(summary)).not.toMatch(/s3cret/);
  });
});

describe('field options', () => {
  it('rejects contradictory options at compile time', () => {
    // @ts-expect-error a default must be one of the values
    oneOf(['a', 'b'], { default: 'c' });
    // @ts-expect-error optional and default exclude each other
    int({ optional: true, default: 1 });
    expect(parseEnv({ V: int({ default: 1 }) }, {}).V).toBe(1);
  });
});

describe('RPC_URLS', () => {
  const env = (RPC_URLS: string) => ({ CRON_SECRET: 'unused-here', RPC_URLS });

  it('reads ordered endpoints with the limits in their fragments, and falls back to RPC_URL alone', () => {
    const config = parseEnv(
      common,
      env('https://rpc.example/KEY123#timeoutMs=3000&maxRps=25, http://node:8545'),
    );
    expect(config.RPC_URLS).toEqual([
      { url: 'https://rpc.example/KEY123', timeoutMs: 3000, maxRps: 25 },
      { url: 'http://node:8545' },
    ]);
    expect(rpcEndpointsOf(config)).toBe(config.RPC_URLS);
    expect(rpcEndpointsOf(parseEnv(common, {}))).toEqual([{ url: 'http://127.0.0.1:8545' }]);
    // A provider's key in a path is never shown.
    expect(describeConfig(common, config).RPC_URLS).toBe('https://rpc.example/…,http://node:8545');
    expect(JSON.stringify(describeConfig(common, config))).not.toContain('KEY123');
  });

  it.each([
    ['ftp://node:21', /endpoint 1: got "ftp:\/\/node:21", whose protocol is ftp:/],
    ['http://a:1,not a url', /endpoint 2: got "not a url", which is not a URL/],
    ['https://rpc.example/KEY123#retries=3', /endpoint 1: "https:\/\/rpc.example\/…" sets "retries"/],
    [
      'https://rpc.example/KEY123#timeoutMs=0',
      /endpoint 1: "https:\/\/rpc.example\/…", timeoutMs: got 0, which is out of range/,
    ],
  ])('stops on %s, naming the endpoint without its key', (value, problem) => {
    const [message] = problemsOf(common, env(value));
    expect(message).toMatch(problem);
    expect(message).not.toContain('KEY123');
  });
});
