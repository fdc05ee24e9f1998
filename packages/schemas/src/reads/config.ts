import { ref } from '../ref';

/** GET /api/v1/config: product, chain, contracts, and the deposit/withdraw rules a client renders. */

const nonEmpty = { type: 'string', minLength: 1 } as const;

/**
 * The deployment's contracts this read shows. The deployment manifest (@yv/config) holds these and a few more,
 * so a contract added here is required of every manifest too.
 */
export const PUBLISHED_CONTRACTS = [
  'vault',
  'usdc',
  'hlpVault',
  'core',
  'share',
  'depositPipe',
  'redemptionPipe',
  'strategyKeeper',
  'navSource',
] as const;
export type PublishedContract = (typeof PUBLISHED_CONTRACTS)[number];

function addressFields<N extends string>(names: readonly N[]) {
  return Object.fromEntries(names.map((name) => [name, ref('Address')])) as Record<
    N,
    ReturnType<typeof ref<'Address'>>
  >;
}

export const DepositRoute = {
  type: 'object',
  description:
    'One way to deposit. Only `native-usdc` on chain 999 exists today: funds from elsewhere are bridged by the partner first. Check `readinessFlag` on `readinessEndpoint` (health `ready`) before offering the route.',
  required: [
    'kind',
    'chainId',
    'chainName',
    'enabled',
    'sdkSupported',
    'actionEndpoint',
    'status',
    'requiresReadiness',
    'readinessEndpoint',
    'readinessFlag',
    'asset',
  ],
  additionalProperties: false,
  properties: {
    kind: { ...nonEmpty, examples: ['native-usdc'] },
    chainId: ref('ChainId'),
    chainName: nonEmpty,
    enabled: { type: 'boolean' },
    sdkSupported: { type: 'boolean' },
    actionEndpoint: {
      type: 'string',
      pattern: '^/',
      description: 'Path of the partner action that deposits.',
    },
    status: { ...nonEmpty, examples: ['available', 'paused'] },
    requiresReadiness: { type: 'boolean' },
    readinessEndpoint: {
      type: 'string',
      pattern: '^/',
      description: 'Path of the read that carries the flag.',
    },
    readinessFlag: {
      type: 'string',
      enum: ['display', 'history', 'activity', 'operations', 'deposits'],
      description: 'The key of `ready` that must be true.',
    },
    asset: {
      ...ref('Token'),
      description: 'The token deposited on this route (same shape as `tokens.asset`).',
    },
  },
} as const;

export const DepositFunding = {
  type: 'object',
  description:
    'How deposits are funded: the partner brings settlement-chain USDC (`destination`), bridging from a source network itself when needed, with the bridge recipient set to the depositing account.',
  required: ['mode', 'destination', 'sourceNetworks', 'sequence', 'notes'],
  additionalProperties: false,
  properties: {
    mode: { ...nonEmpty, examples: ['partner-funded-usdc'] },
    destination: ref('FundingNetwork'),
    sourceNetworks: {
      type: 'array',
      items: ref('FundingNetwork'),
      description:
        'Networks a partner may bridge USDC from: evm chains 1, 42161, 8453, 10, 137, 43114 and the svm network 792703809.',
    },
    sequence: { type: 'array', items: nonEmpty, description: 'The ordered steps of a deposit, for display.' },
    notes: { type: 'array', items: nonEmpty },
  },
} as const;

export const WithdrawDestination = {
  type: 'object',
  description: 'A chain a partner may ask to receive withdrawn USDC on (`receiveChainId`).',
  required: ['chainId', 'chainName', 'usdcAddress', 'chainIcon', 'enabled'],
  additionalProperties: false,
  properties: {
    chainId: ref('ChainId'),
    chainName: nonEmpty,
    usdcAddress: ref('ChainAddress'),
    chainIcon: { type: 'string', format: 'uri', description: 'URL of the chain logo.' },
    enabled: { type: 'boolean' },
  },
} as const;

export const Config = {
  type: 'object',
  description:
    'Product configuration. Minimums are read from the vault contracts at runtime; display them, never hard-code them.',
  required: ['apiVersion', 'product', 'chain', 'contracts', 'tokens', 'deposit', 'withdraw'],
  additionalProperties: false,
  properties: {
    apiVersion: { const: 'v1' },
    product: {
      type: 'object',
      required: ['slug', 'name', 'description'],
      additionalProperties: false,
      properties: {
        slug: { type: 'string', pattern: '^[a-z0-9-]+$' },
        name: nonEmpty,
        description: nonEmpty,
      },
    },
    chain: {
      type: 'object',
      description: 'The settlement chain. `explorerUrl` is null where no explorer exists (a local devnet).',
      required: ['id', 'name', 'rpcUrl', 'explorerUrl'],
      additionalProperties: false,
      properties: {
        id: ref('ChainId'),
        name: nonEmpty,
        rpcUrl: { type: 'string', format: 'uri' },
        explorerUrl: { type: ['string', 'null'], format: 'uri' },
      },
    },
    contracts: {
      type: 'object',
      required: ['contractVersion', ...PUBLISHED_CONTRACTS],
      additionalProperties: false,
      properties: { contractVersion: ref('ContractVersion'), ...addressFields(PUBLISHED_CONTRACTS) },
    },
    tokens: {
      type: 'object',
      required: ['asset', 'share'],
      additionalProperties: false,
      properties: { asset: ref('Token'), share: ref('Token') },
    },
    deposit: {
      type: 'object',
      required: [
        'nativeChainId',
        'supportedRoutes',
        'funding',
        'minimumDeposit',
        'recommendedOperationalMinimum',
      ],
      additionalProperties: false,
      properties: {
        nativeChainId: ref('ChainId'),
        supportedRoutes: { type: 'array', items: ref('DepositRoute') },
        funding: ref('DepositFunding'),
        minimumDeposit: { ...ref('Amount'), description: 'Smaller deposits fail with MIN_DEPOSIT_NOT_MET.' },
        recommendedOperationalMinimum: {
          ...ref('Amount'),
          description: 'The smallest deposit worth its gas and bridge costs; advisory.',
        },
      },
    },
    withdraw: {
      type: 'object',
      required: ['nativeSettlementChainId', 'supportedDestinations'],
      additionalProperties: false,
      properties: {
        nativeSettlementChainId: ref('ChainId'),
        supportedDestinations: { type: 'array', items: ref('WithdrawDestination') },
      },
    },
  },
} as const;

export const configSchemas = { DepositRoute, DepositFunding, WithdrawDestination, Config } as const;
