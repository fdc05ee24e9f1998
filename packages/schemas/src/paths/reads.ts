import {
  activityExample,
  bootstrapExample,
  configExample,
  example,
  healthExample,
  hlpExample,
  ok,
  page,
  partialBootstrapExample,
  positionExample,
  redeemsExample,
  vaultExample,
} from '../examples';
import { PER_WALLET_CACHE_CONTROL, SHARED_READ_CACHE_CONTROL } from '../caching';
import { BootstrapWalletParameter } from '../parameters';
import {
  PUBLIC,
  errorResponses,
  jsonResponse,
  parameter,
  type Operation,
  type PathGroup,
} from './operations';

/** GET reads: product, vault, yield, the aggregate bootstrap, and per-wallet position, activity and redeems. */

const read = (operation: Omit<Operation, 'tags' | 'security'> & { tags?: string[] }): Operation => ({
  tags: ['reads'],
  security: PUBLIC,
  ...operation,
});

const walletRead = (operation: Omit<Operation, 'tags' | 'security'>): Operation =>
  read({
    tags: ['wallets'],
    ...operation,
    parameters: [parameter('WalletAddress'), ...(operation.parameters ?? [])],
  });

const paged = [parameter('Cursor'), parameter('Limit')];

type SharedRead = keyof typeof SHARED_READ_CACHE_CONTROL;

/**
 * A read that is the same for everyone: `Cache-Control` for a shared cache, a weak `ETag` of `data` (not of `meta`,
 * whose ages and chain head may be older in a cached copy), and 304 on a matching `If-None-Match`.
 */
function sharedRead(path: SharedRead, operation: Operation): Operation {
  const ok = operation.responses['200'] as Record<string, unknown>;
  const cacheControl = SHARED_READ_CACHE_CONTROL[path];
  const headers = {
    'Cache-Control': {
      description: `\`${cacheControl}\`: a shared cache may keep it that long; \`private\` instead when the request carries a Bearer key.`,
      schema: { type: 'string' },
    },
    ETag: {
      description:
        'A weak validator of `data`, which changes when the data does (a new vault snapshot, block or HLP snapshot).',
      schema: { type: 'string' },
    },
  };
  return {
    ...operation,
    parameters: [
      ...(operation.parameters ?? []),
      {
        name: 'If-None-Match',
        in: 'header',
        required: false,
        description: 'An `ETag` this read answered: 304 without a body while `data` is unchanged.',
        schema: { type: 'string' },
      },
    ],
    responses: {
      ...operation.responses,
      '200': { ...ok, headers },
      '304': {
        description: '`data` is unchanged since the `ETag` sent in `If-None-Match`; no body.',
        headers,
      },
    },
  };
}

/** A wallet's read (and the bootstrap): no cache may keep it. */
function perWallet(operation: Operation): Operation {
  const ok = operation.responses['200'] as Record<string, unknown>;
  const headers = {
    'Cache-Control': {
      description: `\`${PER_WALLET_CACHE_CONTROL}\`: one user's data.`,
      schema: { type: 'string' },
    },
  };
  return { ...operation, responses: { ...operation.responses, '200': { ...ok, headers } } };
}

export function readsPaths(): PathGroup {
  return {
    tags: [
      { name: 'reads', description: 'Product configuration, health, vault state and yield. No credentials.' },
      {
        name: 'wallets',
        description:
          'Per-wallet reads. Lists are paged newest first: pass `meta.nextCursor` back as `cursor` until it is null.',
      },
    ],
    paths: {
      '/api/v1/config': {
        get: sharedRead(
          '/api/v1/config',
          read({
            operationId: 'getConfig',
            summary: 'Product configuration',
            description:
              'Product, chain, contracts, tokens, deposit routes and funding networks, withdrawal destinations, and the deposit minimums read from the vault.',
            responses: {
              '200': jsonResponse('ConfigResponse', 'The configuration.', {
                config: example('The devnet deployment on svc-pipe-v2', ok(configExample)),
              }),
              ...errorResponses(['VAULT_READ_FAILED']),
            },
          }),
        ),
      },
      '/api/v1/health': {
        get: read({
          operationId: 'getHealth',
          summary: 'Health and readiness',
          description:
            'Always 200 while the API runs: readiness is reported in `data.ready`, with reason codes, and the freshness of snapshots, indexer and keeper.',
          responses: {
            '200': jsonResponse('HealthResponse', 'Health and readiness.', {
              ready: example('Every part ready', ok(healthExample)),
            }),
          },
        }),
      },
      '/api/v1/vault': {
        get: sharedRead(
          '/api/v1/vault',
          read({
            operationId: 'getVault',
            summary: 'Vault state',
            description:
              'Addresses, share price, TVL, caps, fees, liquidity, proof of reserves and capabilities, from the latest vault snapshot (`meta.updatedAt` is its time).',
            responses: {
              '200': jsonResponse('VaultResponse', 'The vault.', {
                vault: example('The vault at a share price of 1.05 USDC', ok(vaultExample)),
              }),
              ...errorResponses(['VAULT_READ_FAILED']),
            },
          }),
        ),
      },
      '/api/v1/hlp': {
        get: sharedRead(
          '/api/v1/hlp',
          read({
            operationId: 'getHlp',
            summary: 'Yield figures',
            description:
              'HLP strategy yield from the latest good upstream snapshot (`meta.updatedAt` is when it was fetched, `meta.ageSec` its age: while the upstream fails the last good snapshot is served). The display APY is `data.vault.apyPct`; it is net of the vault fees, so it also needs a vault snapshot (503 VAULT_READ_FAILED before the first).',
            responses: {
              '200': jsonResponse('HlpResponse', 'Yield figures.', {
                hlp: example('Yield figures from the latest snapshot', ok(hlpExample, { ageSec: 42 })),
              }),
              ...errorResponses(['HLP_UPSTREAM_FAILED', 'VAULT_READ_FAILED']),
            },
          }),
        ),
      },
      '/api/v1/bootstrap': {
        get: perWallet(
          read({
            operationId: 'getBootstrap',
            summary: 'Everything a client renders, in one read',
            description:
              'Config, health, vault and yield, plus position, first pages of activity and redeems, and gas for `wallet`. A section that fails is null with an entry in `data.errors`; the response is still 200. `hlp` has the same figures and windows as GET /api/v1/hlp, but each series (pnl, tvl, returns.rolling30d) is thinned to BOOTSTRAP_HLP_SERIES_POINTS points (default 60, about weekly); read /api/v1/hlp for daily points.',
            parameters: [BootstrapWalletParameter],
            responses: {
              '200': jsonResponse('BootstrapResponse', 'The aggregate read.', {
                wallet: example('With ?wallet=', ok(bootstrapExample)),
                partial: example('Without a wallet, the HLP upstream down', ok(partialBootstrapExample)),
              }),
              ...errorResponses(['BAD_WALLET']),
            },
          }),
        ),
      },
      '/api/v1/wallets/{address}/position': {
        get: perWallet(
          walletRead({
            operationId: 'getPosition',
            summary: 'Wallet position',
            description:
              'Balances, allowance and limits read live at one block, with the redemption records.',
            responses: {
              '200': jsonResponse('PositionResponse', 'The position.', {
                position: example('A wallet with shares and two redemptions', ok(positionExample)),
              }),
              ...errorResponses(['BAD_WALLET', 'POSITION_READ_FAILED']),
            },
          }),
        ),
      },
      '/api/v1/wallets/{address}/activity': {
        get: perWallet(
          walletRead({
            operationId: 'listActivity',
            summary: 'Wallet activity',
            description: 'Indexed vault events of the wallet, newest first, paged.',
            parameters: paged,
            responses: {
              '200': jsonResponse('ActivityResponse', 'A page of activity.', {
                firstPage: example(
                  'A deposit and a redemption request, more to come',
                  page(activityExample, 'MjAyNS0wNi0wMVQxMTowMDowMFo'),
                ),
              }),
              ...errorResponses(['BAD_WALLET', 'BAD_REQUEST', 'INDEXER_UNAVAILABLE']),
            },
          }),
        ),
      },
      '/api/v1/wallets/{address}/redeems': {
        get: perWallet(
          walletRead({
            operationId: 'listRedeems',
            summary: 'Wallet redemptions',
            description:
              "Queued redemptions of the wallet, newest first, paged. A pending one's `assets` is its shares at the latest vault snapshot's share price (`assetsEstimate` true); 503 VAULT_READ_FAILED while no vault snapshot exists to value it.",
            parameters: paged,
            responses: {
              '200': jsonResponse('RedeemsResponse', 'A page of redemption records.', {
                lastPage: example('A pending and a claimable redemption', page(redeemsExample, null)),
              }),
              ...errorResponses(['BAD_WALLET', 'BAD_REQUEST', 'INDEXER_UNAVAILABLE', 'VAULT_READ_FAILED']),
            },
          }),
        ),
      },
    },
  };
}
