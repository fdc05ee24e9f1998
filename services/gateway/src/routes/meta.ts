import { Router } from 'express';
import type { OpenApiDocument } from '@yv/schemas';
import { REDOC_ASSET_PATH, loadRedocBundle, renderDocsPage } from '../docs/page';

export function metaRouter(doc: OpenApiDocument): Router {
  const router = Router();
  const docsPage = renderDocsPage(doc);
  const redocBundle = loadRedocBundle();
  router.get('/api/v1/openapi.json', (_req, res) => {
    res.json(doc);
  });
  router.get('/docs', (_req, res) => {
    res.set('Content-Security-Policy', docsPage.contentSecurityPolicy).type('html').send(docsPage.html);
  });
  router.get(REDOC_ASSET_PATH, (_req, res) => {
    // The bundle changes only with the gateway's release, so a browser may keep it for an hour.
    res.set('Cache-Control', 'public, max-age=3600').type('js').send(redocBundle);
  });
  return router;
}
