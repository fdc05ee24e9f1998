import { ADDRESS_PATTERN, CHAIN_ADDRESS_PATTERN, EVM_ADDRESS_FORMAT } from './address';
import { ref } from './ref';

/** Building blocks shared by every area: chain primitives, amounts, time, and the response envelope. */

export const Address = {
  type: 'string',
  pattern: ADDRESS_PATTERN,
  format: EVM_ADDRESS_FORMAT,
  description:
    'A 20-byte EVM address in hex: all lower-case, all upper-case, or mixed case with a valid EIP-55 checksum. A mixed-case address whose checksum is wrong (one letter of a checksummed address in the other case) is refused with 400 naming the field, as a likely typo. Compare addresses case-insensitively.',
} as const;

export const ChainAddress = {
  type: 'string',
  pattern: CHAIN_ADDRESS_PATTERN,
  description:
    'A token or account address on any supported funding/withdrawal network: an EVM hex address, or a base58 address for the `svm` network. Used only where the spec allows a non-EVM network.',
} as const;

export const TxHash = {
  type: 'string',
  pattern: '^0x[a-fA-F0-9]{64}$',
  description: 'A 32-byte transaction hash in hex.',
} as const;

export const HexData = {
  type: 'string',
  pattern: '^0x[a-fA-F0-9]*$',
  description: 'Hex-encoded bytes (calldata); `0x` is the empty payload.',
} as const;

export const IntegerString = {
  type: 'string',
  pattern: '^(0|[1-9][0-9]{0,77})$',
  description:
    'A non-negative integer in decimal, as a string so no precision is lost (uint256 range: at most 78 digits, no sign, no leading zeros).',
} as const;

export const SignedIntegerString = {
  type: 'string',
  pattern: '^(0|-?[1-9][0-9]{0,77})$',
  description:
    'An integer in decimal that may be negative (int256 range), as a string. Used only for differences.',
} as const;

export const DateTime = {
  type: 'string',
  format: 'date-time',
  description: 'An ISO 8601 / RFC 3339 date-time with a time zone, e.g. `2025-01-31T12:00:00.000Z`.',
} as const;

export const ChainId = {
  type: 'integer',
  minimum: 1,
  description:
    'An EIP-155 chain id (or the numeric id a bridge gives a non-EVM network). The settlement chain is 999.',
} as const;

export const Bps = {
  type: 'integer',
  minimum: 0,
  maximum: 10000,
  description: 'Basis points: 1 bps = 0.01 %, 10000 bps = 100 %.',
} as const;

export const RedeemId = {
  type: 'string',
  pattern: '^(0|[1-9][0-9]{0,77})$',
  description:
    "A redemption id: the uint256 request id in decimal (RedemptionPipe's on svc-pipe-v2, the ERC-7540 requestId on svc-vault-v3).",
} as const;

/** The vault contract families a deployment manifest may name. */
export const CONTRACT_VERSIONS = ['svc-vault-v3', 'svc-pipe-v2'] as const;

export const ContractVersion = {
  type: 'string',
  enum: CONTRACT_VERSIONS,
  description:
    'The vault contract family the addresses belong to (`svc` is the neutral product prefix). `svc-pipe-v2`: Core, Share, DepositPipe and RedemptionPipe. `svc-vault-v3`: one ERC-4626 / ERC-7540 vault, so `vault`, `core`, `share`, `depositPipe` and `redemptionPipe` are the same address and every `tx.to` is the vault.',
} as const;

/** A string primitive (Address, TxHash, DateTime, ...) that may also be null: one `type` array, so errors stay short. */
export function orNull<S extends { type: 'string' }>(schema: S, description?: string) {
  return { ...schema, type: ['string', 'null'], ...(description ? { description } : {}) } as const;
}

export const Amount = {
  type: 'object',
  description:
    'A token quantity. `raw` is the integer in the smallest unit and is the value to compute with; `formatted` is `raw` divided by 10^decimals for display only.',
  required: ['raw', 'decimals', 'formatted'],
  additionalProperties: false,
  properties: {
    raw: ref('IntegerString'),
    decimals: { type: 'integer', minimum: 0, maximum: 77, description: 'Token decimals (USDC: 6).' },
    formatted: {
      type: 'string',
      pattern: '^(0|[1-9][0-9]*)(\\.[0-9]+)?$',
      description: 'Decimal rendering of raw, e.g. `1250.5` for raw `1250500000` at 6 decimals.',
    },
  },
} as const;

export const SignedAmount = {
  type: 'object',
  description:
    'An Amount that may be negative; used only for reconciliation differences, where a shortfall is a negative value.',
  required: ['raw', 'decimals', 'formatted'],
  additionalProperties: false,
  properties: {
    raw: ref('SignedIntegerString'),
    decimals: { type: 'integer', minimum: 0, maximum: 77 },
    formatted: { type: 'string', pattern: '^-?(0|[1-9][0-9]*)(\\.[0-9]+)?$' },
  },
} as const;

export const Token = {
  type: 'object',
  description: 'An ERC-20 token on the settlement chain.',
  required: ['symbol', 'decimals', 'address'],
  additionalProperties: false,
  properties: {
    symbol: { type: 'string', minLength: 1 },
    decimals: { type: 'integer', minimum: 0, maximum: 77 },
    address: ref('Address'),
  },
} as const;

export const Meta = {
  type: 'object',
  description:
    'Response metadata. `updatedAt` is when the data was read (or the snapshot it comes from was taken). Other keys may be added without notice, so clients must ignore unknown keys.',
  required: ['updatedAt'],
  additionalProperties: true,
  properties: { updatedAt: ref('DateTime') },
} as const;

export const PageMeta = {
  type: 'object',
  description:
    'Metadata of a paged list. `nextCursor` is an opaque token to pass as `cursor` for the next page, or null on the last page. Other keys may be added.',
  required: ['updatedAt', 'nextCursor'],
  additionalProperties: true,
  properties: {
    updatedAt: ref('DateTime'),
    nextCursor: { type: ['string', 'null'], minLength: 1 },
  },
} as const;

/** The success envelope around one `data` schema; every successful response of the API has this shape. */
export function successEnvelope<D extends object, M extends 'Meta' | 'PageMeta' = 'Meta'>(
  data: D,
  description: string,
  meta: M = 'Meta' as M,
) {
  return {
    type: 'object',
    description,
    required: ['success', 'data', 'meta'],
    additionalProperties: false,
    properties: {
      success: { const: true },
      data,
      meta: ref(meta),
    },
  } as const;
}

export const commonSchemas = {
  Address,
  ChainAddress,
  TxHash,
  HexData,
  IntegerString,
  SignedIntegerString,
  DateTime,
  ChainId,
  Bps,
  RedeemId,
  ContractVersion,
  Amount,
  SignedAmount,
  Token,
  Meta,
  PageMeta,
} as const;
