import { Router } from 'express';
import type { OpenApiDocument } from '@yv/schemas';

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A self-contained reference page rendered from the OpenAPI document itself, so it can never drift from it. */
export function renderDocsPage(doc: OpenApiDocument): string {
  const rows: string[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = (item as Record<string, { summary?: string; security?: unknown[] } | undefined>)[method];
      if (!op) continue;
      const auth = op.security && op.security.length > 0 ? 'bearer' : 'public';
      rows.push(
        `<tr><td><code>${method.toUpperCase()}</code></td><td><code>${escapeHtml(path)}</code></td>` +
          `<td>${escapeHtml(op.summary ?? '')}</td><td>${auth}</td></tr>`,
      );
    }
  }
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(doc.info.title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:70rem;margin:2rem auto;padding:0 1rem}
td,th{padding:.3rem .6rem;border-bottom:1px solid #ddd;text-align:left}table{border-collapse:collapse}</style></head>
<body><h1>${escapeHtml(doc.info.title)}</h1><p>${escapeHtml(doc.info.summary ?? '')}</p>
<p>Machine-readable: <a href="/api/v1/openapi.json">/api/v1/openapi.json</a> (OpenAPI 3.1).</p>
<table><thead><tr><th>method</th><th>path</th><th>summary</th><th>auth</th></tr></thead><tbody>
${rows.join('\n')}</tbody></table></body></html>`;
}

export function metaRouter(doc: OpenApiDocument): Router {
  const router = Router();
  const docsPage = renderDocsPage(doc);
  router.get('/api/v1/openapi.json', (_req, res) => {
    res.json(doc);
  });
  router.get('/docs', (_req, res) => {
    res.type('html').send(docsPage);
  });
  return router;
}
