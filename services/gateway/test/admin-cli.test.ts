import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { findActivePartnerApiKey, findPartner, findPartnerRateLimit, listActiveWebhookSecrets } from '@yv/db';
import { useTestDatabase } from '@yv/testkit';
import { apiKeyMatches, apiKeyPrefix } from '../src/auth/keys';

const db = useTestDatabase();
const ROOT = resolve(__dirname, '../../..');
const TSX = resolve(ROOT, 'node_modules/.bin/tsx');
const CLI = resolve(ROOT, 'services/gateway/src/admin/cli.ts');

interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

async function admin(...args: string[]): Promise<CliResult> {
  try {
    const { stdout, stderr } = await promisify(execFile)(TSX, [CLI, ...args], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: db.url },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

async function json(...args: string[]): Promise<Record<string, unknown>> {
  const result = await admin(...args);
  expect(result).toMatchObject({ code: 0 });
  return JSON.parse(result.stdout) as Record<string, unknown>;
}

it('creates a partner, rotates, revokes and sets the webhook, storing only key hashes', async () => {
  const created = await json(
    'partner',
    'create',
    '--name',
    'Acme Wallet',
    '--webhook-url',
    'https://hooks.acme.test/yv',
  );
  expect(Object.keys(created).sort()).toEqual(['apiKey', 'partnerId', 'webhookSecret']);
  const partnerId = created.partnerId as string;
  const apiKey = created.apiKey as string;
  expect(apiKey).toMatch(/^yv_live_[0-9a-f]{12}_[0-9a-f]{64}$/);
  expect(created.webhookSecret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
  expect(await findPartner(db.pool, partnerId)).toMatchObject({
    name: 'Acme Wallet',
    webhookUrl: 'https://hooks.acme.test/yv',
  });
  expect((await listActiveWebhookSecrets(db.pool, partnerId)).map((s) => s.secret)).toEqual([
    created.webhookSecret,
  ]);

  const stored = await findActivePartnerApiKey(db.pool, apiKeyPrefix(apiKey) as string);
  expect(stored?.partnerId).toBe(partnerId);
  expect(apiKeyMatches(apiKey, stored!.keyHash)).toBe(true);
  const { rows } = await db.pool.query('SELECT row_to_json(k)::text AS row FROM partner_api_keys k');
  for (const { row } of rows) expect(row).not.toContain(apiKey.slice(-64));

  const rotated = await json('key', 'rotate', '--partner', partnerId, '--grace-hours', '6');
  expect(rotated.apiKey).not.toBe(apiKey);
  const graceEnd = Date.parse(rotated.previousKeysExpireAt as string);
  expect(Math.abs(graceEnd - (Date.now() + 6 * 3_600_000))).toBeLessThan(60_000);
  expect(await findActivePartnerApiKey(db.pool, apiKeyPrefix(apiKey) as string)).not.toBeNull();

  const revoked = await json(
    'key',
    'revoke',
    '--partner',
    partnerId,
    '--key-prefix',
    apiKeyPrefix(apiKey) as string,
  );
  expect(revoked).toEqual({ partnerId, keyPrefix: apiKeyPrefix(apiKey), revoked: true });
  expect(await findActivePartnerApiKey(db.pool, apiKeyPrefix(apiKey) as string)).toBeNull();
  expect(await findActivePartnerApiKey(db.pool, rotated.keyPrefix as string)).not.toBeNull();

  expect(await json('webhook', 'set', '--partner', partnerId, '--url', 'https://hooks.acme.test/v2')).toEqual(
    {
      partnerId,
      webhookUrl: 'https://hooks.acme.test/v2',
    },
  );
  expect((await findPartner(db.pool, partnerId))?.webhookUrl).toBe('https://hooks.acme.test/v2');
});

it('explains bad usage and unknown partners on stderr with a failing exit code', async () => {
  const missingName = await admin('partner', 'create');
  expect(missingName.code).toBe(2);
  expect(missingName.stderr).toContain('--name is required');
  expect((await admin('partner', 'delete')).stderr).toContain('unknown command "partner delete"');
  const unknown = await admin('key', 'rotate', '--partner', '00000000-0000-4000-8000-000000000000');
  expect(unknown.code).toBe(1);
  expect(unknown.stderr).toContain('no partner with id');
  const badUrl = await admin('partner', 'create', '--name', 'x', '--webhook-url', 'ftp://x');
  expect(badUrl.code).toBe(1);
  expect(badUrl.stderr).toContain('http(s)');
  expect(unknown.stdout).toBe('');
});

it("sets and clears a partner's own rate limit", async () => {
  const { partnerId } = await json('partner', 'create', '--name', 'Limited');
  expect(await json('limits', 'set', '--partner', partnerId as string, '--per-minute', '1200')).toEqual({
    partnerId,
    perMinute: 1200,
  });
  expect(await findPartnerRateLimit(db.pool, partnerId as string)).toBe(1200);
  const bad = await admin('limits', 'set', '--partner', partnerId as string, '--per-minute', '1.5');
  expect(bad.code).toBe(1);
  expect(bad.stderr).toContain('--per-minute must be an integer');
  expect((await admin('limits', 'set', '--partner', partnerId as string)).stderr).toContain(
    '--per-minute is required',
  );
  expect(await json('limits', 'clear', '--partner', partnerId as string)).toEqual({
    partnerId,
    cleared: true,
  });
  expect(await findPartnerRateLimit(db.pool, partnerId as string)).toBeNull();
  expect(await json('limits', 'clear', '--partner', partnerId as string)).toEqual({
    partnerId,
    cleared: false,
  });
});

it('derives the open deliveries again (webhook repair-open)', async () => {
  const { partnerId } = (await json('partner', 'create', '--name', 'Repaired')) as { partnerId: string };
  const eventId = randomUUID();
  await db.pool.query(
    `INSERT INTO outbox_events (event_id, type, aggregate_id, partner_id, sequence, payload)
     VALUES ($1, 'webhook.test', $2::text, $2::uuid, 1, '{}')`,
    [eventId, partnerId],
  );
  // A pending delivery without its open row, as a worker of the code before the table writes it.
  await db.pool.query(
    `INSERT INTO webhook_deliveries (id, event_id, partner_id, url, status) VALUES ($1, $2, $3, 'https://h.test/', 'pending')`,
    [randomUUID(), eventId, partnerId],
  );
  expect(await json('webhook', 'repair-open')).toEqual({ opened: 1, closed: 0 });
  expect(await json('webhook', 'repair-open')).toEqual({ opened: 0, closed: 0 });
});
