import { actionRequestSchemas } from './action-requests';
import { apiKeySchemas } from './api-keys';
import { actionSchemas } from './actions';
import { bootstrapSchemas } from './bootstrap';
import { commonSchemas } from './common';
import { errorSchemas } from './errors';
import { fundingSchemas } from './funding';
import { readSchemas } from './reads';
import { responseSchemas } from './responses';
import { webhookEndpointSchemas } from './webhook-endpoint';
import { webhookEventSchemas } from './webhook-events';
import { webhookSchemas } from './webhooks';

/**
 * Every named schema, keyed by its component name. This object is both `components.schemas` of the OpenAPI
 * document and the schema set ajv validates with, so the two cannot drift.
 */
export const schemas = {
  ...commonSchemas,
  ...errorSchemas,
  ...fundingSchemas,
  ...actionSchemas,
  ...actionRequestSchemas,
  ...readSchemas,
  ...bootstrapSchemas,
  ...webhookSchemas,
  ...webhookEventSchemas,
  ...webhookEndpointSchemas,
  ...responseSchemas,
  ...apiKeySchemas,
} as const;

export type SchemaName = keyof typeof schemas;

export const SCHEMA_NAMES = Object.keys(schemas) as SchemaName[];
