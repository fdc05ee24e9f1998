import { PAGE_LIMIT } from './limits';
import { ref } from './ref';
import { WEBHOOK_EVENT_TYPES } from './webhooks';

/** A query, path or header parameter as the OpenAPI document declares it. */
export interface ParameterObject {
  readonly name: string;
  readonly in: 'path' | 'query' | 'header';
  readonly required?: boolean;
  readonly description?: string;
  readonly schema: object;
}

/**
 * The query and path parameters of the operations, declared once: the OpenAPI document shows them and the gateway
 * validates `req.query` / `req.params` with their schemas and types them from the same objects (ParametersValue).
 */

export const WalletAddressParameter = {
  name: 'address',
  in: 'path',
  required: true,
  description:
    'The wallet, a 20-byte hex address: one case, or mixed case with a valid EIP-55 checksum. Anything else is 400 BAD_WALLET.',
  schema: ref('Address'),
} as const;

export const CursorParameter = {
  name: 'cursor',
  in: 'query',
  required: false,
  description: 'Opaque `meta.nextCursor` of the previous page. Omit for the first page.',
  schema: { type: 'string', minLength: 1 },
} as const;

export const LimitParameter = {
  name: 'limit',
  in: 'query',
  required: false,
  description: 'Page size.',
  schema: { type: 'integer', ...PAGE_LIMIT },
} as const;

export const BootstrapWalletParameter = {
  name: 'wallet',
  in: 'query',
  required: false,
  description:
    'The wallet to include (one case, or mixed case with a valid EIP-55 checksum); without it the wallet sections are null. Invalid: 400 BAD_WALLET.',
  schema: ref('Address'),
} as const;

export const ActionIdParameter = {
  name: 'id',
  in: 'path',
  required: true,
  description:
    "The action's id (uuid). Another partner's action, or no action, is 404 PARTNER_ACTION_NOT_FOUND.",
  schema: { type: 'string', format: 'uuid' },
} as const;

export const ActionWalletParameter = {
  name: 'wallet',
  in: 'query',
  required: false,
  description:
    'Only actions of this wallet: one case, or mixed case with a valid EIP-55 checksum. Invalid: 400 BAD_WALLET.',
  schema: ref('Address'),
} as const;

export const ActionStatusParameter = {
  name: 'status',
  in: 'query',
  required: false,
  description: 'Only actions in this status.',
  schema: ref('PartnerActionStatus'),
} as const;

export const EventIdParameter = {
  name: 'id',
  in: 'path',
  required: true,
  description:
    "The event's id (uuid), the `webhook-id` of its deliveries. Another partner's event, or no event, is 404 BAD_REQUEST, as an unknown route is.",
  schema: { type: 'string', format: 'uuid' },
} as const;

export const EventTypeParameter = {
  name: 'type',
  in: 'query',
  required: false,
  description: 'Only events of this type.',
  schema: { type: 'string', enum: WEBHOOK_EVENT_TYPES },
} as const;

export const EventSinceParameter = {
  name: 'since',
  in: 'query',
  required: false,
  description: 'Only events created at or after this time (ISO 8601 with a zone).',
  schema: ref('DateTime'),
} as const;
