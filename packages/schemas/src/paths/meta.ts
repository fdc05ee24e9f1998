import { PUBLIC, type PathGroup } from './operations';

/** The document itself and the Prometheus scrape endpoint: the two responses that are not in the envelope. */
export function metaPaths(): PathGroup {
  return {
    tags: [{ name: 'meta', description: 'The API description and operational metrics.' }],
    paths: {
      '/api/v1/openapi.json': {
        get: {
          operationId: 'getOpenApi',
          summary: 'This OpenAPI document',
          description: 'Served bare, not in the envelope, so that OpenAPI tooling can load it directly.',
          tags: ['meta'],
          security: PUBLIC,
          responses: {
            '200': {
              description: 'An OpenAPI 3.1 document.',
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    required: ['openapi'],
                    properties: { openapi: { type: 'string', pattern: '^3\\.1\\.' } },
                  },
                },
              },
            },
          },
        },
      },
      '/metrics': {
        get: {
          operationId: 'getMetrics',
          summary: 'Prometheus metrics',
          description:
            'Prometheus text exposition of the service (`svc_<service>_<thing>_<unit>`). Meant for the in-cluster scraper; not in the envelope.',
          tags: ['meta'],
          security: PUBLIC,
          responses: {
            '200': {
              description: 'Metrics in the Prometheus text format.',
              content: { 'text/plain; version=0.0.4': { schema: { type: 'string' } } },
            },
          },
        },
      },
    },
  };
}
