import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { OpenApiDocument } from '@yv/schemas';

/** Where the page loads the renderer from: the gateway itself, so reading the docs never leaves the machine. */
export const REDOC_ASSET_PATH = '/docs/assets/redoc.standalone.js';

/**
 * Redoc's sidebar attribution loads its logo from cdn.redoc.ly, its only outside request; it hides the image when
 * loading fails, so an empty data URL keeps the attribution text without the request.
 */
const OUTSIDE_LOGO = /https:\/\/cdn\.redoc\.ly\/redoc\/logo-mini\.svg/g;

/** The Redoc standalone bundle, read once at start from node_modules. */
export function loadRedocBundle(): Buffer {
  const source = readFileSync(require.resolve('redoc/bundles/redoc.standalone.js'), 'utf8');
  return Buffer.from(source.replace(OUTSIDE_LOGO, 'data:,'));
}

// Its hash goes into the CSP, so this script is the only inline one the browser runs.
const INIT_SCRIPT =
  "Redoc.init(JSON.parse(document.getElementById('spec').textContent),{expandResponses:'200,201'},document.getElementById('redoc'));";

/**
 * Everything but the gateway is refused, so a renderer change that reaches outside is blocked and shows up as a
 * console error (the browser test fails on it). Redoc injects its styles (styled-components) and runs its search
 * index in a blob worker.
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  `script-src 'self' 'sha256-${createHash('sha256').update(INIT_SCRIPT).digest('base64')}'`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

export interface DocsPage {
  html: string;
  contentSecurityPolicy: string;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The reference page, rendered from the OpenAPI document itself (embedded, so it can never drift from it). The
 * empty icon spares the browser a /favicon.ico the gateway does not serve. `<` is escaped in the embedded JSON so no string of the document can close the script element.
 */
export function renderDocsPage(doc: OpenApiDocument): DocsPage {
  const spec = JSON.stringify(doc).replace(/</g, '\\u003c');
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,"><title>${escapeHtml(doc.info.title)}</title></head>
<body><noscript>Machine-readable: <a href="/api/v1/openapi.json">/api/v1/openapi.json</a> (OpenAPI 3.1).</noscript>
<div id="redoc"></div>
<script type="application/json" id="spec">${spec}</script>
<script src="${REDOC_ASSET_PATH}"></script>
<script>${INIT_SCRIPT}</script>
</body></html>`;
  return { html, contentSecurityPolicy: CONTENT_SECURITY_POLICY };
}
