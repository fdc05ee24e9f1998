import { API_ERROR_STATUS, errorCodesForStatus, type ApiErrorCode, type ErrorStatus } from '../errors';
import type { Examples } from '../examples/envelopes';
import { errorExamples } from '../examples/errors';
import { CursorParameter, LimitParameter, WalletAddressParameter } from '../parameters';
import { ref } from '../ref';
import type { SchemaName } from '../registry';

/** Small builders for OpenAPI operations, shared by every area's path function. */

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';
export type SecurityRequirement = Record<string, string[]>;
export type Reference = { $ref: string; description?: string };

export interface Operation {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  security: SecurityRequirement[];
  parameters?: (Reference | Record<string, unknown>)[];
  requestBody?: Record<string, unknown>;
  responses: Record<string, Reference | Record<string, unknown>>;
}

export type PathsObject = Record<string, Partial<Record<HttpMethod, Operation>>>;

export interface Tag {
  name: string;
  description: string;
}

/** What an area contributes to the document: its operations and the tags they use. */
export interface PathGroup {
  tags: Tag[];
  paths: PathsObject;
  /** OpenAPI 3.1 `webhooks`: requests the API sends to the partner's receiver. */
  webhooks?: PathsObject;
}

/** Reads and builders carry no credentials. */
export const PUBLIC: SecurityRequirement[] = [];
export const PARTNER_KEY: SecurityRequirement[] = [{ partnerKey: [] }];
export const CRON_SECRET: SecurityRequirement[] = [{ cronSecret: [] }];

export const securitySchemes = {
  partnerKey: {
    type: 'http',
    scheme: 'bearer',
    description:
      'A partner API key: `Authorization: Bearer <API_KEY>`. Server-side only: never ship it to browsers or mobile apps, never log it. Missing or wrong keys get 401 PARTNER_UNAUTHORIZED.',
  },
  cronSecret: {
    type: 'http',
    scheme: 'bearer',
    description:
      'The operational cron secret: `Authorization: Bearer <CRON_SECRET>`. Used by the webhook retry CronJob.',
  },
} as const;

export const JSON_MEDIA_TYPE = 'application/json';

/** A JSON media type object; `examples` must validate against the schema (test/openapi-examples.test.ts). */
function jsonContent(schema: SchemaName, examples?: Examples) {
  return { [JSON_MEDIA_TYPE]: { schema: ref(schema), ...(examples ? { examples } : {}) } };
}

export function jsonResponse(schema: SchemaName, description: string, examples?: Examples) {
  return { description, content: jsonContent(schema, examples) };
}

export function jsonBody(schema: SchemaName, options: { description?: string; examples?: Examples } = {}) {
  return {
    required: true,
    ...(options.description ? { description: options.description } : {}),
    content: jsonContent(schema, options.examples),
  };
}

const ERROR_STATUSES: readonly ErrorStatus[] = [400, 401, 404, 409, 413, 422, 500, 503];

const STATUS_NAMES = {
  400: 'BadRequest',
  401: 'Unauthorized',
  404: 'NotFound',
  409: 'Conflict',
  413: 'ContentTooLarge',
  422: 'UnprocessableContent',
  500: 'InternalError',
  503: 'ServiceUnavailable',
} as const satisfies Record<ErrorStatus, string>;

const STATUS_MEANINGS: Record<ErrorStatus, string> = {
  400: 'The request is invalid; the message names the field and what is allowed.',
  401: 'The bearer credential is missing or wrong.',
  404: 'The resource does not exist (BAD_REQUEST for an unknown route).',
  409: "The request conflicts with the resource's current state or with a previous request of the same key.",
  413: 'The body is over the size limit (BAD_REQUEST).',
  422: 'The transaction could not be quoted or built: the chain would revert it.',
  500: 'An unexpected fault; it is logged with a request id. Retrying may help.',
  503: 'A dependency (database, chain, indexer, HLP upstream) is unavailable or the vault is not ready; retry later.',
};

/**
 * `components.responses`: one shared error response per status, listing every code that status can carry, with
 * an example envelope of each. The examples sit here because an operation's `$ref` to the response cannot carry
 * its own; its description names the codes that operation can produce.
 */
export const errorResponseComponents = Object.fromEntries(
  ERROR_STATUSES.map((status) => [
    STATUS_NAMES[status],
    {
      description: `${STATUS_MEANINGS[status]} Codes: ${errorCodesForStatus(status).join(', ')}.`,
      content: {
        [JSON_MEDIA_TYPE]: {
          schema: ref('ErrorResponse'),
          examples: errorExamples(status),
        },
      },
    },
  ]),
);

/**
 * Codes of every operation that authenticates a partner: the key is looked up in PostgreSQL, so a database that
 * cannot be reached is 503 INDEXER_UNAVAILABLE there, whatever the operation does next.
 */
export const PARTNER_AUTH_CODES: readonly ApiErrorCode[] = [
  'PARTNER_UNAUTHORIZED',
  'PARTNER_ACTION_FAILED',
  'INDEXER_UNAVAILABLE',
];

/**
 * Error responses of one operation, narrowed to the codes it can produce. Each code is filed under its fixed
 * status (API_ERROR_STATUS); `BAD_REQUEST` may be given with 413 for oversized bodies.
 */
export function errorResponses(codes: readonly ApiErrorCode[], extraStatuses: readonly (404 | 413)[] = []) {
  const byStatus = new Map<ErrorStatus, ApiErrorCode[]>();
  for (const code of new Set(codes)) {
    const status = API_ERROR_STATUS[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  for (const status of extraStatuses) byStatus.set(status, ['BAD_REQUEST']);
  return Object.fromEntries(
    [...byStatus].map(([status, statusCodes]) => [
      String(status),
      {
        $ref: `#/components/responses/${STATUS_NAMES[status]}`,
        description: `${STATUS_MEANINGS[status]} Codes: ${statusCodes.join(', ')}.`,
      },
    ]),
  );
}

export const parameterComponents = {
  WalletAddress: WalletAddressParameter,
  Cursor: CursorParameter,
  Limit: LimitParameter,
  IdempotencyKey: {
    name: 'Idempotency-Key',
    in: 'header',
    required: true,
    description:
      'Makes the create idempotent per partner. Missing: 400 IDEMPOTENCY_KEY_REQUIRED; wrong length: 400 BAD_IDEMPOTENCY_KEY.',
    schema: ref('IdempotencyKey'),
  },
} as const;

export function parameter(name: keyof typeof parameterComponents): Reference {
  return { $ref: `#/components/parameters/${name}` };
}
