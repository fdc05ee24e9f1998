import { example } from '../examples';
import { PUBLIC, type PathGroup } from './operations';

/**
 * The document itself, the one response not in the envelope. Prometheus metrics are not part of the partner API:
 * each service serves them on its own METRICS_PORT (docs/metrics.md).
 */
export function metaPaths(): PathGroup {
  return {
    tags: [{ name: 'meta', description: 'The API description.' }],
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
                    properties: {
                      openapi: { type: 'string', pattern: '^3\\.1\\.' },
                      info: { type: 'object' },
                      paths: { type: 'object' },
                    },
                  },
                  examples: {
                    document: example('The outline of this document', {
                      openapi: '3.1.0',
                      info: { title: 'Yield Vault Partner API', version: '1.0.0' },
                      paths: {},
                    }),
                  },
                },
              },
            },
          },
        },
      },
    },
  };
}
