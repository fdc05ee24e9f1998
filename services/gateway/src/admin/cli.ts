import { parseArgs } from 'node:util';
import { common, ConfigError, parseEnv } from '@yv/config';
import { createPool, repairOpenDeliveries, type Pool } from '@yv/db';
import {
  clearRateLimit,
  createPartner,
  DEFAULT_GRACE_HOURS,
  revokeKey,
  rotateKey,
  rotateWebhookSecret,
  setRateLimit,
  setWebhook,
} from './commands';
import { AdminError } from './errors';

const USAGE = `usage: pnpm admin <command>
  partner create --name NAME [--webhook-url URL]
  key rotate --partner ID [--grace-hours N]      (default ${DEFAULT_GRACE_HOURS}: old keys stay valid that long)
  key revoke --partner ID --key-prefix PREFIX
  webhook set --partner ID --url URL              (also re-enables an endpoint a 410 disabled)
  webhook rotate-secret --partner ID [--grace-hours N]  (default ${DEFAULT_GRACE_HOURS}: old secrets sign that long too)
  webhook repair-open                             (after an upgrade across 2026-11-29: docs/webhooks.md)
  limits set --partner ID --per-minute N          (the partner's own budget on partner routes; 0: unlimited)
  limits clear --partner ID                       (back to RATE_LIMIT_PARTNER_PER_MINUTE)
Prints one JSON object on stdout. Reads DATABASE_URL.`;

class UsageError extends Error {}

function required(values: Record<string, string | undefined>, name: string): string {
  const value = values[name];
  if (value === undefined || value === '') throw new UsageError(`--${name} is required`);
  return value;
}

async function run(pool: Pool, argv: string[]): Promise<unknown> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      name: { type: 'string' },
      'webhook-url': { type: 'string' },
      partner: { type: 'string' },
      'grace-hours': { type: 'string' },
      'key-prefix': { type: 'string' },
      url: { type: 'string' },
      'per-minute': { type: 'string' },
    },
  });
  const command = positionals.join(' ');
  switch (command) {
    case 'partner create':
      return createPartner(pool, {
        name: required(values, 'name'),
        ...(values['webhook-url'] === undefined ? {} : { webhookUrl: values['webhook-url'] }),
      });
    case 'key rotate':
      return rotateKey(pool, {
        partnerId: required(values, 'partner'),
        graceHours: values['grace-hours'] === undefined ? DEFAULT_GRACE_HOURS : Number(values['grace-hours']),
      });
    case 'key revoke':
      return revokeKey(pool, {
        partnerId: required(values, 'partner'),
        keyPrefix: required(values, 'key-prefix'),
      });
    case 'webhook set':
      return setWebhook(pool, { partnerId: required(values, 'partner'), url: required(values, 'url') });
    case 'webhook rotate-secret':
      return rotateWebhookSecret(pool, {
        partnerId: required(values, 'partner'),
        graceHours: values['grace-hours'] === undefined ? DEFAULT_GRACE_HOURS : Number(values['grace-hours']),
      });
    case 'webhook repair-open':
      return repairOpenDeliveries(pool);
    case 'limits set':
      return setRateLimit(pool, {
        partnerId: required(values, 'partner'),
        perMinute: Number(required(values, 'per-minute')),
      });
    case 'limits clear':
      return clearRateLimit(pool, { partnerId: required(values, 'partner') });
    default:
      throw new UsageError(command ? `unknown command "${command}"` : 'no command given');
  }
}

async function main(): Promise<number> {
  let config;
  try {
    config = parseEnv({ DATABASE_URL: common.DATABASE_URL }, process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
  const pool = createPool(config.DATABASE_URL, { max: 1, applicationName: 'yv-admin' });
  try {
    process.stdout.write(`${JSON.stringify(await run(pool, process.argv.slice(2)))}\n`);
    return 0;
  } catch (error) {
    if (error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      console.error(`${(error as Error).message}\n${USAGE}`);
      return 2;
    }
    if (error instanceof AdminError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  } finally {
    await pool.end();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  },
);
