// layouts: both
import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:http';
import { chromium, type Browser } from 'playwright-core';
import { API_ERROR_CODES, type GuideTag, type OpenApiDocument } from '@yv/schemas';
import { useTestGateway } from './support/gateway';

/**
 * /docs in a real browser (Debian's chromium, scripts/ensure-tools.sh): the renderer must show every guide and every
 * operation of the served document, log no error, and fetch nothing from anywhere but the gateway.
 */

const gateway = useTestGateway();
let server: Server;
let origin: string;
let browser: Browser;

beforeAll(async () => {
  server = gateway.app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
});

/** The host a request went to; a blob: URL is the page's own, named by the origin inside it. */
function hostOf(url: string): string | null {
  const parsed = new URL(url);
  if (parsed.protocol === 'data:') return null;
  return parsed.protocol === 'blob:' ? new URL(parsed.pathname).host : parsed.host;
}

it('renders every guide and every operation of the document offline and without errors', async () => {
  const doc = (await (await fetch(`${origin}/api/v1/openapi.json`)).json()) as OpenApiDocument;
  const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ path, method, id: operation.operationId })),
  );
  expect(operations.length).toBeGreaterThan(20);

  const page = await browser.newPage();
  const requested: string[] = [];
  const errors: string[] = [];
  page.on('request', (req) => requested.push(req.url()));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('response', (res) => {
    if (res.status() >= 400) errors.push(`${res.status()} ${res.url()}`);
  });

  const response = await page.goto(`${origin}/docs`);
  expect(response?.status()).toBe(200);
  expect(response?.headers()['content-security-policy']).toContain("default-src 'none'");
  // Redoc gives each operation a section `operation/<operationId>`, whose endpoint line is its method and path.
  for (const operation of operations) {
    const section = page.locator(`[data-section-id="operation/${operation.id}"]`);
    await section.waitFor({ state: 'attached', timeout: 90_000 });
    const text = (await section.textContent()) ?? '';
    expect({ operation, shown: text.includes(`${operation.method}${operation.path}`) }).toEqual({
      operation,
      shown: true,
    });
  }
  // The guides are tags with x-traitTag: Redoc gives each a section `tag/<name>` of prose headed by its display name.
  const guides = doc.tags.filter((tag): tag is GuideTag => 'x-traitTag' in tag);
  expect(guides.map((guide) => guide['x-displayName'])).toEqual(
    expect.arrayContaining([
      'Deposit sequence',
      'Withdrawal lifecycle',
      'Idempotency',
      'Rate limits',
      'Errors',
    ]),
  );
  for (const guide of guides) {
    const section = page.locator(`[data-section-id="tag/${guide.name}"]`);
    await section.waitFor({ state: 'attached', timeout: 90_000 });
    expect(await section.locator('h1, h2').first().textContent()).toContain(guide['x-displayName']);
  }
  // What a first integration trips on without them (issue 46): each guide shows its paragraph.
  const shows = async (guide: string, phrase: string) => ({
    guide,
    phrase,
    shown: ((await page.locator(`[data-section-id="tag/${guide}"]`).textContent()) ?? '')
      .replace(/\s+/g, ' ')
      .includes(phrase),
  });
  for (const [guide, phrase] of [
    ['guide-errors', 'valid EIP-55 checksum'],
    ['guide-rate-limits', 'called with your key'],
    ['guide-deposit', 'SUPERSEDED'],
    ['guide-deposit', 'neither mined nor pending'],
    ['guide-deposit', 'default: account'],
  ] as const)
    expect(await shows(guide, phrase)).toEqual({ guide, phrase, shown: true });
  // Their markdown is rendered, not shown as text: the error table has a row per code under its header row.
  const errorRows = page.locator('[data-section-id="tag/guide-errors"] table tr');
  expect(await errorRows.count()).toBe(API_ERROR_CODES.length + 1);
  // Let late work (the search worker, images) run before judging what was fetched.
  await page.waitForLoadState('networkidle');
  await page.close();

  expect(errors).toEqual([]);
  expect(requested).toContain(`${origin}/docs/assets/redoc.standalone.js`);
  const gatewayHost = new URL(origin).host;
  expect(requested.filter((url) => ![null, gatewayHost].includes(hostOf(url)))).toEqual([]);
}, 180_000);

it('lets a page of another origin read a public route, and blocks its call of a partner route', async () => {
  // A blank page on another port: another origin than the gateway's.
  const site = createServer((_req, res) =>
    res.writeHead(200, { 'content-type': 'text/html' }).end('<html></html>'),
  );
  site.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => site.once('listening', resolve));
  const page = await browser.newPage();
  try {
    await page.goto(`http://127.0.0.1:${(site.address() as AddressInfo).port}/`);
    const call = (
      url: string,
      init: { method?: string; headers?: Record<string, string>; body?: string } = {},
    ) =>
      page.evaluate(
        async ([target, options]) => {
          try {
            const res = await fetch(target, options);
            return { status: res.status, requestId: res.headers.get('x-request-id') !== null };
          } catch (error) {
            return { failed: String(error) };
          }
        },
        [url, init] as const,
      );
    const wallet = gateway.vault.wallets[0]!.address;
    expect(await call(`${origin}/api/v1/wallets/${wallet}/redeems`)).toEqual({
      status: 200,
      requestId: true,
    });
    // A JSON body needs a preflight; the refusal (the body lacks amountRaw) is readable by the page too.
    expect(
      await call(`${origin}/api/v1/actions/deposit/quote`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ account: wallet }),
      }),
    ).toEqual({ status: 400, requestId: true });
    expect(
      await call(`${origin}/api/v1/partner/actions`, { headers: { authorization: 'Bearer x' } }),
    ).toEqual({
      failed: expect.stringContaining('Failed to fetch'),
    });
  } finally {
    await page.close();
    await new Promise((resolve) => site.close(resolve));
  }
}, 60_000);
