import { ApiError } from '@yv/domain';
import { withTimeout } from '@yv/runtime';
import { API_ERROR_STATUS, PAGE_LIMIT, type ApiErrorCode, type BootstrapSection } from '@yv/schemas';
import type { ReadResult, ReadServices } from './services';

/** A section already serialized: `bootstrapJson` writes it as is instead of serializing it again. */
export class RawJson {
  constructor(readonly json: string) {}
}

/**
 * The body of a bootstrap response in the envelope, splicing pre-serialized sections in: the HLP series make up
 * most of the payload and are the same for every wallet, so they are serialized once per snapshot, not per request.
 */
export function bootstrapJson(result: Awaited<ReturnType<typeof readBootstrap>>): string {
  const parts = Object.entries(result.data).map(
    ([key, value]) =>
      `${JSON.stringify(key)}:${value instanceof RawJson ? value.json : JSON.stringify(value)}`,
  );
  const meta = JSON.stringify({ ...result.meta, updatedAt: result.meta.updatedAt.toISOString() });
  return `{"success":true,"data":{${parts.join(',')}},"meta":${meta}}`;
}

/** The code a section reports when it fails without a typed error of its own (a timeout, a fault). */
export const SECTION_FAILURE_CODE: Record<BootstrapSection, ApiErrorCode> = {
  config: 'VAULT_READ_FAILED',
  health: 'VAULT_READ_FAILED',
  vault: 'VAULT_READ_FAILED',
  hlp: 'HLP_UPSTREAM_FAILED',
  position: 'POSITION_READ_FAILED',
  activity: 'INDEXER_UNAVAILABLE',
  redeems: 'INDEXER_UNAVAILABLE',
  gas: 'POSITION_READ_FAILED',
};

export interface SectionError {
  code: ApiErrorCode;
  message: string;
  status: number;
}

export interface BootstrapOptions {
  timeoutMs: number;
  /** Points per HLP series in bootstrap: the first screen needs a sparkline, charts read /hlp's daily series. */
  hlpSeriesPoints: number;
  onFailure?: (section: BootstrapSection, code: ApiErrorCode) => void;
}

function sectionError(section: BootstrapSection, error: unknown): SectionError {
  const typed =
    error instanceof ApiError
      ? error
      : new ApiError(SECTION_FAILURE_CODE[section], `the ${section} read failed unexpectedly`);
  return { code: typed.code, message: typed.message, status: API_ERROR_STATUS[typed.code] };
}

/**
 * Every section read at once and independently, each under its own timeout: a failed one is null with an entry
 * in `errors`, the rest render. Without a wallet the wallet sections are null with no entry.
 * meta.updatedAt is the oldest time among the sections served (the payload is true at least as of then);
 * meta.sections holds each section's own time and extra meta.
 */
export async function readBootstrap(services: ReadServices, wallet: string | null, opts: BootstrapOptions) {
  const page = { cursor: null, limit: PAGE_LIMIT.default };
  const reads: Partial<Record<BootstrapSection, () => Promise<ReadResult<unknown>>>> = {
    config: services.config,
    health: services.health,
    vault: services.vault,
    hlp: () => services.hlp({ maxSeriesPoints: opts.hlpSeriesPoints }),
    ...(wallet === null
      ? {}
      : {
          position: () => services.position(wallet),
          activity: () => services.activity(wallet, page),
          redeems: () => services.redeems(wallet, page),
          gas: () => services.gas(wallet),
        }),
  };
  const entries = await Promise.all(
    Object.entries(reads).map(async ([name, read]) => {
      const section = name as BootstrapSection;
      try {
        const timeout = () =>
          new ApiError(
            SECTION_FAILURE_CODE[section],
            `the ${section} read did not finish within ${opts.timeoutMs} ms`,
          );
        return { section, result: await withTimeout(read(), opts.timeoutMs, timeout) };
      } catch (error) {
        const failure = sectionError(section, error);
        opts.onFailure?.(section, failure.code);
        return { section, error: failure };
      }
    }),
  );
  const data: Record<string, unknown> = {
    wallet,
    config: null,
    health: null,
    vault: null,
    hlp: null,
    position: null,
    activity: null,
    redeems: null,
    gas: null,
  };
  const errors: Partial<Record<BootstrapSection, SectionError>> = {};
  const sections: Record<string, unknown> = {};
  let oldest: Date | null = null;
  for (const entry of entries) {
    if (entry.error) {
      errors[entry.section] = entry.error;
      continue;
    }
    const { data: value, updatedAt, meta, json } = entry.result!;
    data[entry.section] = json === undefined ? value : new RawJson(json);
    sections[entry.section] = { updatedAt: updatedAt.toISOString(), ...meta };
    if (oldest === null || updatedAt < oldest) oldest = updatedAt;
  }
  return { data: { ...data, errors }, meta: { updatedAt: oldest ?? new Date(), sections } };
}
