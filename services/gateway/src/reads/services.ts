import { createHash } from 'node:crypto';
import { createLatestBlock, createPositionReader, vaultStateFromJson, type VaultStateJson } from '@yv/chain';
import {
  getIndexerState,
  hlpSnapshotSeries,
  latestGoodHlpSnapshotRef,
  latestHlpSnapshot,
  latestKeeperHeartbeat,
  latestReadiness,
  latestValidKeeperHeartbeat,
  latestVaultSnapshot,
  listActivityPages,
  listRedemptionsPages,
  type ActivityEventRow,
  type ActivityPageRequest,
  type ActivityPosition,
  type RedemptionsPageRequest,
  type RedemptionRow,
} from '@yv/db';
import {
  ApiError,
  computeHlpSection,
  storedAddress,
  toRedeemJson,
  type HlpSection,
  type HlpSeries,
  type ReadyState,
  type RedeemJson,
} from '@yv/domain';
import { batched } from '@yv/runtime';
import { PAGE_LIMIT, type ApiErrorCode } from '@yv/schemas';
import { builtOnce, cached, cachedByKey } from './cache';
import { readCapabilities, type Capabilities } from './capabilities';
import { buildConfig, type ConfigData } from './config-data';
import { activityCursor, parseActivityCursor, parseRedeemsCursor, redeemsCursor } from '../http/paging';
import { fetchPage, type Page } from '../paging/fetch-page';
import { buildHealth, type ChainHead, type HealthData, type StoredSnapshot } from './health-data';
import type { ReadServicesOptions } from './options';
import { servedReadiness } from './readiness';
import type { Tokens } from './tokens';
import { buildVault, type VaultData } from './vault-data';
import { activityOf, buildGas, buildPosition } from './wallet-data';

/** A read's data, the time it was true, and extra meta keys. */
export interface ReadResult<T> {
  data: T;
  updatedAt: Date;
  meta?: Record<string, unknown>;
  /** JSON.stringify(data), kept with a cached section so that large shared sections are serialized once. */
  json?: string;
  /** A weak HTTP validator of `data` (not of `meta`), computed with `json`, once per change of the section. */
  etag?: string;
}

export interface PageResult<T> extends ReadResult<T> {
  nextCursor: string | null;
}

export interface PageRequest {
  /** The opaque `cursor` parameter, null for the first page. */
  cursor: string | null;
  limit: number;
}

/** Every read of the spec. Each rejects with an ApiError carrying the code the spec names for its failure. */
export interface ReadServices {
  config(): Promise<ReadResult<ConfigData>>;
  /** Never rejects: what cannot be read is reported inside. */
  health(): Promise<ReadResult<HealthData>>;
  vault(): Promise<ReadResult<VaultData>>;
  /** `maxSeriesPoints` caps each published series (bootstrap asks for a compact one); figures are the same. */
  hlp(opts?: { maxSeriesPoints?: number }): Promise<ReadResult<HlpSection>>;
  position(wallet: string): Promise<ReadResult<ReturnType<typeof buildPosition>>>;
  gas(wallet: string): Promise<ReadResult<ReturnType<typeof buildGas>>>;
  activity(wallet: string, page: PageRequest): Promise<PageResult<ActivityData>>;
  redeems(wallet: string, page: PageRequest): Promise<PageResult<RedeemsData>>;
}

export interface ActivityData {
  wallet: string;
  available: boolean;
  events: ReturnType<typeof activityOf>[];
}

export interface RedeemsData {
  wallet: string;
  available: boolean;
  redeems: RedeemJson[];
}

const message = (error: unknown): string =>
  (error instanceof Error ? error.message : String(error)).split('\n')[0]!.slice(0, 300);

/**
 * Runs `read`, turning any failure that is not already an ApiError into `code`: the message says what could not
 * be read, the driver's or node's fault stays its cause (logged, never answered).
 */
async function as<T>(code: ApiErrorCode, what: string, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError(code, what, { cause: error });
  }
}

async function settle<T>(read: () => Promise<T>): Promise<T | { error: string }> {
  try {
    return await read();
  } catch (error) {
    return { error: message(error) };
  }
}

const failedRead = <T extends object>(value: T | null | { error: string }): value is { error: string } =>
  value !== null && 'error' in value;

/** A settled read whose failure counts as "nothing there" (readiness: none means no flag holds). */
const readOrNull = <T extends object>(value: T | null | { error: string }): T | null =>
  failedRead(value) ? null : value;

const PAGE_CACHE_KEYS = 20_000;

/** A shared section's JSON and validator, computed once per change of what it is built from. */
function withJson<T>(data: T): { data: T; json: string; etag: string } {
  const json = JSON.stringify(data);
  return { data, json, etag: `W/"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"` };
}

/**
 * The reads, from Postgres snapshots and short shared caches: shared rows are loaded at most once per
 * `cacheTtlMs` for all requests, immutable facts (token metadata, contract capabilities) once per process, and
 * the live per-wallet chain read goes through the position reader (one Multicall3 per batch of wallets per block).
 */
export function createReadServices(opts: ReadServicesOptions): ReadServices {
  const { pool, provider, deployment, product, thresholds } = opts;
  const chainId = deployment.chainId;
  const ttl = opts.cacheTtlMs ?? 1_000;
  const hlpVault = opts.hlpVaultAddress ?? deployment.contracts.hlpVault;
  const headTtl = Math.min(ttl, 250);
  const latestBlock = createLatestBlock(provider, headTtl);
  const positions = createPositionReader({ provider, layout: opts.layout, latestBlock });

  const head = cached<ChainHead>(0, () =>
    latestBlock().then(
      (block) => ({ ok: true as const, block }),
      (error: unknown) => ({ ok: false as const, error: message(error) }),
    ),
  );
  const { tokens } = opts;
  const capabilities = cached(Infinity, () => readCapabilities(provider, opts.layout));
  const snapshot = cached(ttl, async (): Promise<StoredSnapshot | null> => {
    const row = await latestVaultSnapshot(pool, chainId);
    if (!row) return null;
    return {
      takenAt: row.takenAt,
      blockTime: row.blockTimestamp,
      state: vaultStateFromJson(row.state as VaultStateJson),
    };
  });
  // Read together and kept together: the watcher's reason codes were computed from an indexer row, and a reply
  // pairing them with a row cached at another moment could say INDEXER_NODE_BEHIND beside a lag of 0.
  const indexerAndReadiness = cached(
    ttl,
    async () => {
      const [indexer, readiness] = await Promise.all([
        settle(() => getIndexerState(pool, chainId)),
        settle(() => latestReadiness(pool)),
      ]);
      return { indexer, readiness };
    },
    (pair) => !failedRead(pair.indexer) && !failedRead(pair.readiness),
  );
  const readiness = async () => (await indexerAndReadiness()).readiness;
  const heartbeats = cached(ttl, async () => {
    const [latest, latestValid] = await Promise.all([
      latestKeeperHeartbeat(pool),
      latestValidKeeperHeartbeat(pool),
    ]);
    return { latest, latestValid };
  });
  const hlpRef = cached(ttl, () => latestGoodHlpSnapshotRef(pool, hlpVault));
  const hlpSection = cachedByKey(
    Infinity,
    4,
    async (key: {
      id: bigint;
      fetchedAt: Date;
      performanceFeeBps: number;
      managementFeeBps: number;
      maxSeriesPoints: number | undefined;
    }) => {
      const series = (await hlpSnapshotSeries(pool, key.id)) as HlpSeries | null;
      if (series === null)
        throw new ApiError('HLP_UPSTREAM_FAILED', 'the HLP snapshot was pruned while read');
      // Computed as of the snapshot, so the section is what was knowable when it was fetched.
      const section = computeHlpSection(series, { ...key, now: key.fetchedAt.getTime() });
      return withJson(section);
    },
    (key) => `${key.id}:${key.performanceFeeBps}:${key.managementFeeBps}:${key.maxSeriesPoints}`,
  );
  // Distinct wallets' pages asked together (bootstraps under load) are read in one query each.
  const activityPage = batched((keys: ActivityPageRequest[]) => listActivityPages(pool, chainId, keys));
  const redemptionsPage = batched((keys: RedemptionsPageRequest[]) =>
    listRedemptionsPages(pool, chainId, keys),
  );
  const activityRows = cachedByKey(
    ttl,
    PAGE_CACHE_KEYS,
    (k: { wallet: string; after: ActivityPosition | null; limit: number; cursorBlock: string }) =>
      activityPage({ wallet: k.wallet, after: k.after, limit: k.limit }),
    (k) => `${k.wallet}|${k.after?.blockNumber ?? ''}:${k.after?.logIndex ?? ''}|${k.limit}|${k.cursorBlock}`,
  );
  const redemptionRows = cachedByKey(
    ttl,
    PAGE_CACHE_KEYS,
    (k: { wallet: string; afterId: bigint | null; limit: number; cursorBlock: string }) =>
      redemptionsPage({ wallet: k.wallet, afterId: k.afterId, limit: k.limit }),
    (k) => `${k.wallet}|${k.afterId ?? ''}|${k.limit}|${k.cursorBlock}`,
  );

  // The sections every bootstrap carries, built and serialized once per change of what they are built from.
  const configSection = builtOnce(
    (a: { found: StoredSnapshot; meta: Tokens }) => [a.found, a.meta],
    ({ found, meta }) => withJson(buildConfig(product, deployment, meta, found.state)),
  );
  const vaultSection = builtOnce(
    (a: { found: StoredSnapshot; meta: Tokens; caps: Capabilities; ready: ReadyState }) => [
      a.found,
      a.meta,
      a.caps,
      JSON.stringify(a.ready),
    ],
    ({ found, meta, caps, ready }) =>
      withJson(
        buildVault({ product, deployment, tokens: meta, state: found.state, capabilities: caps, ready }),
      ),
  );

  async function requireSnapshot(): Promise<StoredSnapshot> {
    const found = await as('VAULT_READ_FAILED', 'vault snapshots cannot be read', snapshot);
    if (!found)
      throw new ApiError('VAULT_READ_FAILED', 'no vault snapshot has been taken yet; retry shortly');
    return found;
  }

  /** The indexed store as of now: its state (whose cursor keys the page caches) and whether it is current. */
  async function indexed() {
    const { indexer: state, readiness: stored } = await indexerAndReadiness();
    if (failedRead(state)) throw new ApiError('INDEXER_UNAVAILABLE', 'the indexer state cannot be read');
    const ready = servedReadiness(readOrNull(stored), null, new Date(), opts.readinessMaxAgeMs);
    return {
      available: ready.activity,
      cursorBlock: state?.cursorBlock.toString() ?? 'none',
      updatedAt: state?.indexedAt ?? state?.updatedAt ?? new Date(),
    };
  }

  async function redeemPage(wallet: string, afterId: bigint | null, limit: number) {
    const store = await indexed();
    const page = await as('INDEXER_UNAVAILABLE', 'redemption records cannot be read', () =>
      fetchPage(limit, (count) =>
        redemptionRows({
          wallet: storedAddress(wallet),
          afterId,
          limit: count,
          cursorBlock: store.cursorBlock,
        }),
      ),
    );
    return { store, page };
  }

  /** The page's records, a pending one valued at the latest vault snapshot's share price (no chain read). */
  async function redeemsJson(rows: readonly RedemptionRow[], meta: Tokens): Promise<RedeemJson[]> {
    const price = rows.some((row) => row.status === 'pending')
      ? (await requireSnapshot()).state.sharePrice
      : null;
    const decimals = { asset: meta.asset.decimals, share: meta.share.decimals };
    return rows.map((row) => toRedeemJson(row, decimals, price));
  }

  async function readPosition(wallet: string) {
    const [state, meta] = await Promise.all([
      as('POSITION_READ_FAILED', 'the position cannot be read from the chain', () => positions.read(wallet)),
      as('POSITION_READ_FAILED', 'token metadata cannot be read from the chain', tokens),
    ]);
    const updatedAt = new Date(Number(state.blockTimestamp) * 1000);
    return { state, tokens: meta, updatedAt, meta: { blockNumber: String(state.blockNumber) } };
  }

  return {
    async config() {
      const [found, meta] = await Promise.all([
        requireSnapshot(),
        as('VAULT_READ_FAILED', 'token metadata cannot be read from the chain', tokens),
      ]);
      return {
        ...configSection({ found, meta }),
        updatedAt: found.blockTime,
        meta: { blockNumber: found.state.blockNumber.toString() },
      };
    },

    async health() {
      const now = new Date();
      const [chainHead, { readiness: stored, indexer: state }, found, beats, meta] = await Promise.all([
        head(),
        indexerAndReadiness(),
        settle(snapshot),
        settle(heartbeats),
        settle(tokens),
      ]);
      const ready = servedReadiness(readOrNull(stored), chainHead, now, opts.readinessMaxAgeMs);
      const data = buildHealth({
        now,
        deployment,
        thresholds,
        assetDecimals: 'error' in meta ? null : meta.asset.decimals,
        head: chainHead,
        rpcEndpoints: opts.rpcEndpoints?.() ?? [],
        ready,
        snapshot: found,
        indexer: state,
        heartbeat: beats,
      });
      return { data, updatedAt: now };
    },

    async vault() {
      const [found, chainHead, meta, caps, stored] = await Promise.all([
        requireSnapshot(),
        head(),
        as('VAULT_READ_FAILED', 'token metadata cannot be read from the chain', tokens),
        as('VAULT_READ_FAILED', 'the contracts’ capabilities cannot be read', capabilities),
        readiness(),
      ]);
      // The snapshot is only worth acting on while the chain it describes answers.
      if (!chainHead.ok)
        throw new ApiError(
          'VAULT_READ_FAILED',
          `the chain RPC does not answer (${chainHead.error}); the last snapshot is at block ${found.state.blockNumber}`,
        );
      const ready = servedReadiness(readOrNull(stored), chainHead, new Date(), opts.readinessMaxAgeMs);
      return {
        ...vaultSection({ found, meta, caps, ready }),
        updatedAt: found.blockTime,
        meta: {
          blockNumber: found.state.blockNumber.toString(),
          chainHeadBlock: String(chainHead.block),
          snapshotTakenAt: found.takenAt.toISOString(),
        },
      };
    },

    async hlp(opts = {}) {
      const ref = await as('HLP_UPSTREAM_FAILED', 'HLP snapshots cannot be read', hlpRef);
      if (!ref) {
        const last = await latestHlpSnapshot(pool, hlpVault).catch(() => null);
        throw new ApiError(
          'HLP_UPSTREAM_FAILED',
          last?.error
            ? `the HLP upstream has not answered validly yet: ${last.error}`
            : 'no HLP upstream snapshot has been stored yet',
        );
      }
      const found = await requireSnapshot();
      const built = await as('HLP_UPSTREAM_FAILED', 'the HLP snapshot cannot be read', () =>
        hlpSection({
          ...ref,
          performanceFeeBps: Number(found.state.performanceFeeBps),
          managementFeeBps: Number(found.state.managementFeeBps),
          maxSeriesPoints: opts.maxSeriesPoints,
        }),
      );
      const ageMs = Date.now() - ref.fetchedAt.getTime();
      return {
        ...built,
        updatedAt: ref.fetchedAt,
        meta: { ageSec: Math.max(0, Math.floor(ageMs / 1000)), stale: ageMs > thresholds.hlpSnapshotStaleMs },
      };
    },

    async position(wallet) {
      const [read, redeems] = await Promise.all([
        readPosition(wallet),
        redeemPage(wallet, null, PAGE_LIMIT.default).catch(() => null),
      ]);
      // Records that cannot be valued leave the position served, with its redemptions marked unavailable.
      const records = redeems ? await redeemsJson(redeems.page.items, read.tokens).catch(() => null) : null;
      const data = buildPosition(wallet, read.state, read.tokens, {
        available: records !== null && redeems!.store.available,
        records: records ?? [],
      });
      return { data, updatedAt: read.updatedAt, meta: read.meta };
    },

    async gas(wallet) {
      const read = await readPosition(wallet);
      return { data: buildGas(read.state, product.gas), updatedAt: read.updatedAt, meta: read.meta };
    },

    async activity(wallet, page) {
      const after = page.cursor === null ? null : parseActivityCursor(page.cursor);
      const [store, meta] = await Promise.all([
        indexed(),
        as('INDEXER_UNAVAILABLE', 'token metadata cannot be read from the chain', tokens),
      ]);
      const events: Page<ActivityEventRow> = await as('INDEXER_UNAVAILABLE', 'activity cannot be read', () =>
        fetchPage(page.limit, (count) =>
          activityRows({
            wallet: storedAddress(wallet),
            after,
            limit: count,
            cursorBlock: store.cursorBlock,
          }),
        ),
      );
      return {
        data: {
          wallet,
          available: store.available,
          events: events.items.map((row) => activityOf(row, meta)),
        },
        updatedAt: store.updatedAt,
        nextCursor: events.last ? activityCursor(events.last) : null,
      };
    },

    async redeems(wallet, page) {
      const afterId = page.cursor === null ? null : parseRedeemsCursor(page.cursor);
      const [{ store, page: rows }, meta] = await Promise.all([
        redeemPage(wallet, afterId, page.limit),
        as('INDEXER_UNAVAILABLE', 'token metadata cannot be read from the chain', tokens),
      ]);
      const redeems = await redeemsJson(rows.items, meta);
      return {
        data: { wallet, available: store.available, redeems },
        updatedAt: store.updatedAt,
        nextCursor: rows.last ? redeemsCursor(rows.last.redeemId) : null,
      };
    },
  };
}
