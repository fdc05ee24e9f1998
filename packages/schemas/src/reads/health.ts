import { Address, DateTime, IntegerString, orNull } from '../common';
import { nullable, ref } from '../ref';

/**
 * GET /api/v1/health: readiness and the freshness of every moving part. Fields that come from a read that can fail or
 * from data that may not exist yet (no snapshot, no heartbeat, no event indexed) are nullable; the matching
 * `reason`/`error` says why.
 */

const nullableReason = (what: string) =>
  ({ type: ['string', 'null'], description: `Why ${what}; null when fine.` }) as const;
const ageSec = {
  type: ['integer', 'null'],
  minimum: 0,
  description: 'Seconds since the last update; null if none.',
} as const;
const staleSec = {
  type: 'integer',
  minimum: 1,
  description: 'Age in seconds beyond which it counts as stale.',
} as const;
const blockOrNull = (what: string) => orNull(IntegerString, `${what}; null while unknown.`);

export const Ready = {
  type: 'object',
  description:
    'Readiness flags a client gates its UI on: `display` (figures can be shown), `history` (yield history), `activity` (indexed activity and redeems), `operations` (actions can be created), `deposits` (deposits accepted; false while paused or not ready, exits stay available). `reasonCodes` lists why any flag is false.',
  required: ['display', 'history', 'activity', 'operations', 'deposits', 'reasonCodes'],
  additionalProperties: false,
  properties: {
    display: { type: 'boolean' },
    history: { type: 'boolean' },
    activity: { type: 'boolean' },
    operations: { type: 'boolean' },
    deposits: { type: 'boolean' },
    reasonCodes: {
      type: 'array',
      items: { type: 'string', pattern: '^[A-Z][A-Z0-9_]*$' },
      uniqueItems: true,
      examples: [['INDEXER_STALE', 'DEPOSITS_PAUSED']],
    },
  },
} as const;

export const RpcEndpointHealth = {
  type: 'object',
  description:
    "One JSON-RPC endpoint. `up` endpoints are asked first, in the configured order; `lagging` ones (a head more than 2 blocks behind the best endpoint's, so reads there would go back in time) next; `down` ones (failing, passed over for 1 s after a failure, doubling to 30 s) last. Heads are probed every 2 s when there are several endpoints.",
  required: [
    'endpoint',
    'state',
    'head',
    'lagBlocks',
    'latencyMs',
    'consecutiveFailures',
    'lastError',
    'lastOkAt',
  ],
  additionalProperties: false,
  properties: {
    endpoint: {
      type: 'string',
      description:
        "The endpoint's origin, with `/…` in place of a path or query (where providers keep their keys).",
      examples: ['https://rpc.example.com/…'],
    },
    state: { type: 'string', enum: ['up', 'lagging', 'down'] },
    head: blockOrNull('Its head at the last probe (several endpoints only)'),
    lagBlocks: {
      type: ['integer', 'null'],
      minimum: 0,
      description: 'Blocks behind the best head of the endpoints; null before a probe.',
    },
    latencyMs: {
      type: ['integer', 'null'],
      minimum: 0,
      description: 'Smoothed round-trip time of its answers; null before the first.',
    },
    consecutiveFailures: { type: 'integer', minimum: 0 },
    lastError: nullableReason('its last request failed (never cleared, see lastOkAt)'),
    lastOkAt: orNull(DateTime, 'When it last answered; null if never.'),
  },
} as const;

export const KeeperHealth = {
  type: 'object',
  description:
    'The keeper and the strategy wiring. `ok` is true when the heartbeat is fresh and valid and the wiring reads match. `checks` is free-form (one key per wiring check).',
  required: ['ok', 'heartbeat', 'addresses', 'checks', 'strategy', 'nav', 'error'],
  additionalProperties: false,
  properties: {
    ok: { type: 'boolean' },
    heartbeat: {
      type: 'object',
      required: ['available', 'service', 'updatedAt', 'ageSec', 'stale', 'staleSec', 'payload', 'reason'],
      additionalProperties: false,
      properties: {
        available: { type: 'boolean' },
        service: {
          type: ['string', 'null'],
          description: 'The keeper service that sent the last heartbeat.',
        },
        updatedAt: orNull(DateTime),
        ageSec,
        stale: { type: 'boolean' },
        staleSec,
        payload: {
          type: ['object', 'null'],
          additionalProperties: true,
          description: 'The heartbeat as sent.',
        },
        reason: nullableReason('the heartbeat is unavailable or stale'),
      },
    },
    addresses: {
      type: 'object',
      description: 'Wiring read from the contracts; an address is null when its read failed (see `error`).',
      required: [
        'vaultStrategy',
        'vaultNavSource',
        'strategyVault',
        'strategyUsdc',
        'strategyHlpVault',
        'navStrategyAccount',
        'navHlpVault',
      ],
      additionalProperties: false,
      properties: {
        vaultStrategy: orNull(Address),
        vaultNavSource: orNull(Address),
        strategyVault: orNull(Address),
        strategyUsdc: orNull(Address),
        strategyHlpVault: orNull(Address),
        navStrategyAccount: orNull(Address),
        navHlpVault: orNull(Address),
      },
    },
    checks: { type: 'object', additionalProperties: true },
    strategy: {
      type: 'object',
      required: ['withdrawable', 'lockedUntil'],
      additionalProperties: false,
      properties: {
        withdrawable: {
          ...nullable('Amount'),
          description: 'USDC the strategy can return now; null if unread.',
        },
        lockedUntil: orNull(
          DateTime,
          'When locked strategy funds become withdrawable; null when nothing is locked.',
        ),
      },
    },
    nav: {
      type: 'object',
      required: ['lastGoodAt'],
      additionalProperties: false,
      properties: {
        lastGoodAt: orNull(DateTime, 'The last NAV report that passed validation; null if none.'),
      },
    },
    error: nullableReason('a keeper or wiring read failed'),
  },
} as const;

export const Health = {
  type: 'object',
  description:
    'Health of the API and its inputs. Always answered 200 while the API runs; readiness is in `ready`.',
  required: ['api', 'ready', 'database', 'vault', 'snapshots', 'indexer', 'keeper', 'rpc'],
  additionalProperties: false,
  properties: {
    api: {
      type: 'string',
      enum: ['ok', 'degraded'],
      description:
        '`ok` when every readiness flag is true, `degraded` otherwise (the API itself answers either way).',
    },
    ready: ref('Ready'),
    database: {
      type: 'object',
      required: ['configured'],
      additionalProperties: false,
      properties: { configured: { type: 'boolean' } },
    },
    vault: {
      type: 'object',
      description:
        'The live vault read. `data` is free-form (the raw read); null with `error` set when it failed.',
      required: ['ok', 'data', 'error'],
      additionalProperties: false,
      properties: {
        ok: { type: 'boolean' },
        data: { type: ['object', 'null'], additionalProperties: true },
        error: nullableReason('the vault read failed'),
      },
    },
    snapshots: {
      type: 'object',
      description: 'Freshness of the watcher vault snapshots.',
      required: ['available', 'lastSnapshotAt', 'ageSec', 'stale', 'staleSec', 'reason'],
      additionalProperties: false,
      properties: {
        available: { type: 'boolean' },
        lastSnapshotAt: orNull(DateTime),
        ageSec,
        stale: { type: 'boolean' },
        staleSec,
        reason: nullableReason('snapshots are unavailable or stale'),
      },
    },
    indexer: {
      type: 'object',
      description:
        'Progress of the chain indexer. Block numbers are integer strings like every block number here.',
      required: [
        'available',
        'source',
        'chainId',
        'vault',
        'startBlock',
        'cursorBlock',
        'latestBlock',
        'confirmedBlock',
        'lagBlocks',
        'stale',
        'indexedAt',
        'lastEventAt',
        'lastEventBlock',
        'rpcHealthy',
        'rpcError',
      ],
      additionalProperties: false,
      properties: {
        available: { type: 'boolean' },
        source: {
          type: 'string',
          minLength: 1,
          examples: ['rpc'],
          description: 'Where events are read from.',
        },
        chainId: ref('ChainId'),
        vault: ref('Address'),
        startBlock: { ...IntegerString, description: 'The deployment block indexing starts from.' },
        cursorBlock: blockOrNull('The last block fully indexed'),
        latestBlock: blockOrNull('The chain head as last seen'),
        confirmedBlock: blockOrNull('The newest block at confirmation depth'),
        lagBlocks: {
          type: ['integer', 'null'],
          description:
            'confirmedBlock - cursorBlock, at least 0 while the node is ahead of the cursor. Negative (latestBlock - cursorBlock) when the node serves a head below the cursor: a node behind, reported with the readiness reason INDEXER_NODE_BEHIND.',
        },
        stale: { type: 'boolean' },
        indexedAt: orNull(DateTime, 'When the cursor last advanced.'),
        lastEventAt: orNull(DateTime, 'Block time of the last indexed vault event; null before the first.'),
        lastEventBlock: blockOrNull('Block of the last indexed vault event'),
        rpcHealthy: { type: 'boolean' },
        rpcError: nullableReason('the RPC is unhealthy'),
      },
    },
    keeper: ref('KeeperHealth'),
    rpc: {
      type: 'object',
      description:
        "The chain's JSON-RPC endpoints as this gateway replica sees them (RPC_URLS, or RPC_URL alone), in the configured order of preference.",
      required: ['endpoints'],
      additionalProperties: false,
      properties: { endpoints: { type: 'array', items: ref('RpcEndpointHealth') } },
    },
  },
} as const;

export const healthSchemas = { Ready, KeeperHealth, RpcEndpointHealth, Health } as const;
