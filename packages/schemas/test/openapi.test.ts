import { execFile } from 'child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { dirname, join } from 'path';
import { promisify } from 'util';
import {
  PUBLIC,
  buildOpenApi,
  errorResponses,
  jsonResponse,
  mergePaths,
  readsPaths,
  schemas,
  type OpenApiDocument,
} from '../src';

const LINT_DIR = join(__dirname, '..', 'lint');
const run = promisify(execFile);

function refsIn(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(refsIn);
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, child]) =>
    key === '$ref' && typeof child === 'string' ? [child] : refsIn(child),
  );
}

function resolve(doc: OpenApiDocument, pointer: string): unknown {
  return pointer
    .slice(2)
    .split('/')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], doc);
}

describe('buildOpenApi', () => {
  const doc = buildOpenApi({ serverUrl: 'https://partner-api.example.org/' });

  it('is an OpenAPI 3.1 document for the given server', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers).toEqual([
      { url: 'https://partner-api.example.org', description: 'This deployment.' },
    ]);
  });

  it('documents the reads, the builders, the partner actions and the two bare documents', () => {
    expect(Object.keys(doc.paths).sort()).toEqual(
      [
        '/api/cron/webhooks',
        '/api/v1/actions/cancel/build',
        '/api/v1/actions/claim/build',
        '/api/v1/actions/deposit/quote',
        '/api/v1/actions/fulfill/build',
        '/api/v1/actions/redeem-async/quote',
        '/api/v1/actions/redeem-instant/quote',
        '/api/v1/bootstrap',
        '/api/v1/config',
        '/api/v1/health',
        '/api/v1/hlp',
        '/api/v1/openapi.json',
        '/api/v1/partner/actions',
        '/api/v1/partner/actions/cancel',
        '/api/v1/partner/actions/claim',
        '/api/v1/partner/actions/deposit',
        '/api/v1/partner/actions/fulfill',
        '/api/v1/partner/actions/redeem-async',
        '/api/v1/partner/actions/redeem-instant',
        '/api/v1/partner/actions/{id}',
        '/api/v1/partner/actions/{id}/submit',
        '/api/v1/partner/api-keys',
        '/api/v1/partner/api-keys/rotate',
        '/api/v1/partner/events',
        '/api/v1/partner/events/redeliver',
        '/api/v1/partner/events/{id}',
        '/api/v1/partner/events/{id}/redeliver',
        '/api/v1/partner/webhook-endpoint',
        '/api/v1/partner/webhook-endpoint/secret',
        '/api/v1/partner/webhook-endpoint/test',
        '/api/v1/vault',
        '/api/v1/wallets/{address}/activity',
        '/api/v1/wallets/{address}/position',
        '/api/v1/wallets/{address}/redeems',
      ].sort(),
    );
    expect(doc.paths['/api/v1/bootstrap']?.get?.parameters).toEqual([
      expect.objectContaining({ name: 'wallet', in: 'query', required: false }),
    ]);
  });

  it('pages activity and redeems with cursor and limit 1..100 (default 25)', () => {
    for (const path of ['/api/v1/wallets/{address}/activity', '/api/v1/wallets/{address}/redeems']) {
      const operation = doc.paths[path]?.get;
      expect(refsIn(operation?.parameters)).toEqual([
        '#/components/parameters/WalletAddress',
        '#/components/parameters/Cursor',
        '#/components/parameters/Limit',
      ]);
    }
    expect(doc.components.parameters.Limit).toMatchObject({
      in: 'query',
      schema: { type: 'integer', minimum: 1, maximum: 100, default: 25 },
    });
    expect(resolve(doc, '#/components/schemas/ActivityResponse')).toMatchObject({
      properties: { meta: { $ref: '#/components/schemas/PageMeta' } },
    });
  });

  it('files error responses under the status of their codes', () => {
    const responses = doc.paths['/api/v1/wallets/{address}/position']?.get?.responses;
    expect(responses).toEqual({
      '200': {
        ...jsonResponse('PositionResponse', 'The position.', expect.any(Object)),
        headers: expect.any(Object),
      },
      '429': expect.objectContaining({ description: expect.stringContaining('rate limit') }),
      '400': expect.objectContaining({
        $ref: '#/components/responses/BadRequest',
        description: expect.stringContaining('BAD_WALLET'),
      }),
      '401': expect.objectContaining({
        $ref: '#/components/responses/Unauthorized',
        description: expect.stringContaining('Only when a Bearer partner key is sent'),
      }),
      '503': expect.objectContaining({
        $ref: '#/components/responses/ServiceUnavailable',
        description: expect.stringContaining('POSITION_READ_FAILED'),
      }),
    });
    expect(errorResponses(['REDEEM_NOT_OWNER', 'PARTNER_UNAUTHORIZED', 'ACTION_BUILD_FAILED'])).toEqual({
      '409': expect.objectContaining({ $ref: '#/components/responses/Conflict' }),
      '401': expect.objectContaining({ $ref: '#/components/responses/Unauthorized' }),
      '422': expect.objectContaining({ $ref: '#/components/responses/UnprocessableContent' }),
    });
  });

  it('resolves every ref inside the document, using the registry objects themselves', () => {
    for (const target of refsIn(doc))
      expect({ target, found: resolve(doc, target) !== undefined }).toEqual({ target, found: true });
    for (const [name, schema] of Object.entries(doc.components.schemas)) {
      expect(schema).toBe(schemas[name as keyof typeof schemas]);
    }
    expect(Object.keys(doc.components.schemas)).toEqual(
      expect.arrayContaining(['Bootstrap', 'Config', 'ErrorResponse']),
    );
  });

  it('lists only the components and security schemes some operation uses', () => {
    // The webhook payloads are reachable from the `webhooks` section, the cron secret from the retry endpoint.
    expect(doc.components.schemas).toHaveProperty('ActionUpdatedEvent');
    expect(Object.keys(doc.webhooks).sort()).toEqual(['action.updated', 'redeem.updated', 'webhook.test']);
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual(['cronSecret', 'partnerKey']);
    expect(doc.components.schemas).toHaveProperty('PartnerAction');
    expect(doc.components.schemas).toHaveProperty('WithdrawalMetadata');
    const readsOnly = buildOpenApi({ serverUrl: 'https://partner-api.example.org', groups: [readsPaths()] });
    expect(readsOnly.components.schemas).not.toHaveProperty('PartnerAction');
    // The reads take an optional partner key (its budget then applies), so the reads alone use its scheme.
    expect(Object.keys(readsOnly.components.securitySchemes)).toEqual(['partnerKey']);
  });

  it('refuses two definitions of one operation', () => {
    expect(() => mergePaths([readsPaths(), readsPaths()])).toThrow(
      'OpenAPI path defined twice: GET /api/v1/config',
    );
    expect(() =>
      mergePaths([
        readsPaths(),
        {
          tags: [],
          paths: {
            '/api/v1/config': {
              post: { operationId: 'x', summary: 'x', tags: [], security: PUBLIC, responses: {} },
            },
          },
        },
      ]),
    ).not.toThrow();
  });
});

describe('redocly lint (recommended ruleset)', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'yv-openapi-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reports no error and no warning beyond the justified ignores', async () => {
    writeFileSync(
      join(dir, 'openapi.json'),
      JSON.stringify(buildOpenApi({ serverUrl: 'http://127.0.0.1:8080' })),
    );
    copyFileSync(join(LINT_DIR, 'redocly.yaml'), join(dir, 'redocly.yaml'));
    copyFileSync(join(LINT_DIR, '.redocly.lint-ignore.yaml'), join(dir, '.redocly.lint-ignore.yaml'));
    const cli = join(dirname(require.resolve('@redocly/cli/package.json')), 'bin', 'cli.js');

    const { stdout } = await run(
      process.execPath,
      [cli, 'lint', 'openapi.json', '--config', 'redocly.yaml', '--format', 'json'],
      {
        cwd: dir,
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
        timeout: 60_000,
      },
    ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
    const report = JSON.parse(stdout) as {
      totals: { errors: number; warnings: number; ignored: number };
      problems: { ruleId: string; message: string; location: { pointer: string }[] }[];
    };

    const problems = report.problems.map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`);
    expect(problems).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
    // Every ignore entry still matches a problem; a stale one means its justification no longer applies.
    const ignoreEntries = readFileSync(join(LINT_DIR, '.redocly.lint-ignore.yaml'), 'utf8').match(
      /^\s+- '/gm,
    );
    expect(report.totals.ignored).toBe(ignoreEntries?.length);
  });
});
