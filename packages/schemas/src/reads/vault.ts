import { ref } from '../ref';

/** GET /api/v1/vault: vault state from the latest watcher snapshot: addresses, analytics, caps, fees, liquidity, proof. */

function amounts(names: readonly string[], description?: string) {
  return {
    type: 'object',
    ...(description ? { description } : {}),
    required: names,
    additionalProperties: false,
    properties: Object.fromEntries(names.map((name) => [name, ref('Amount')])),
  } as const;
}

function flags(names: readonly string[], description: string) {
  return {
    type: 'object',
    description,
    required: names,
    additionalProperties: false,
    properties: Object.fromEntries(names.map((name) => [name, { type: 'boolean' }])),
  } as const;
}

export const VaultProof = {
  type: 'object',
  description:
    'Proof of reserves. `buckets` is where managed USDC sits; `reconciliation` checks grossManagedAssets - reservedLiabilities = netShareholderAssets against reportedTotalAssets; `diff` = reportedTotalAssets - netShareholderAssets and may be negative.',
  required: ['buckets', 'reconciliation'],
  additionalProperties: false,
  properties: {
    buckets: amounts([
      'vaultUsdc',
      'strategyEvmUsdc',
      'strategyCoreSpotUsdc',
      'strategyCorePerpUsdc',
      'strategyHlpEquity',
      'pendingBridgeIn',
      'pendingBridgeOut',
      'reservedAssets',
      'escrowedShares',
    ]),
    reconciliation: {
      type: 'object',
      required: [
        'grossManagedAssets',
        'reservedLiabilities',
        'netShareholderAssets',
        'reportedTotalAssets',
        'diff',
      ],
      additionalProperties: false,
      properties: {
        grossManagedAssets: ref('Amount'),
        reservedLiabilities: ref('Amount'),
        netShareholderAssets: ref('Amount'),
        reportedTotalAssets: ref('Amount'),
        diff: ref('SignedAmount'),
      },
    },
  },
} as const;

export const Vault = {
  type: 'object',
  description: 'The vault. Deposit caps and TVL are read here; display them, never hard-code them.',
  required: [
    'product',
    'addresses',
    'asset',
    'share',
    'analytics',
    'caps',
    'fees',
    'liquidity',
    'proof',
    'capabilities',
    'status',
  ],
  additionalProperties: false,
  properties: {
    product: {
      type: 'object',
      required: ['slug', 'name', 'protocol', 'chainId'],
      additionalProperties: false,
      properties: {
        slug: { type: 'string', pattern: '^[a-z0-9-]+$' },
        name: { type: 'string', minLength: 1 },
        protocol: { type: 'string', minLength: 1 },
        chainId: ref('ChainId'),
      },
    },
    addresses: {
      type: 'object',
      required: [
        'contractVersion',
        'vault',
        'asset',
        'strategy',
        'navSource',
        'treasury',
        'core',
        'share',
        'depositPipe',
        'redemptionPipe',
      ],
      additionalProperties: false,
      properties: {
        contractVersion: ref('ContractVersion'),
        vault: ref('Address'),
        asset: ref('Address'),
        strategy: ref('Address'),
        navSource: ref('Address'),
        treasury: ref('Address'),
        core: ref('Address'),
        share: ref('Address'),
        depositPipe: ref('Address'),
        redemptionPipe: ref('Address'),
      },
    },
    asset: ref('Token'),
    share: ref('Token'),
    analytics: amounts(
      ['sharePrice', 'tvl', 'totalSupply'],
      '`sharePrice` is the USDC value of one whole share, in asset decimals.',
    ),
    caps: amounts(
      ['maxTvl', 'maxUserDeposit', 'globalDepositRoom'],
      'Deposit limits; `globalDepositRoom` = maxTvl - tvl, floored at 0.',
    ),
    fees: {
      type: 'object',
      required: ['performanceFeeBps', 'managementFeeBps'],
      additionalProperties: false,
      properties: { performanceFeeBps: ref('Bps'), managementFeeBps: ref('Bps') },
    },
    liquidity: amounts(
      ['vaultUsdc', 'reservedAssets', 'instantRedeemCapacity', 'escrowedShares'],
      'What exits can use now: `instantRedeemCapacity` is the USDC an instant redeem can take; above it, use redeem-async.',
    ),
    proof: ref('VaultProof'),
    capabilities: flags(
      ['deposit', 'instantRedeem', 'asyncRedeem', 'fulfillRedeem', 'claimRedeem', 'cancelRedeem'],
      'Which operations the deployed contracts support.',
    ),
    status: {
      type: 'object',
      required: ['depositsPaused', 'ready'],
      additionalProperties: false,
      properties: { depositsPaused: { type: 'boolean' }, ready: ref('Ready') },
    },
  },
} as const;

export const vaultSchemas = { VaultProof, Vault } as const;
