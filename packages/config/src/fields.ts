/**
 * Declarative field kinds for environment variables. Each kind knows how to parse a raw string, how to say
 * what it accepts, and how to show a parsed value in a log line (secrets never are).
 */

export type Check<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly problem: string };

export interface Field<T> {
  readonly kind: string;
  /** What the variable accepts, written for the operator reading a ConfigError. */
  readonly allowed: string;
  /** Secrets are never echoed: not in errors, not in describeConfig(). */
  readonly secret: boolean;
  /** Used when the variable is unset or blank; absent means the variable is required. */
  readonly fallback?: { readonly value: T };
  parse(raw: string): Check<T>;
  show(value: T): string;
}

/** A variable either has a default, is optional (undefined when unset), or is required: never two at once. */
export type Presence<T> =
  { readonly default?: T; readonly optional?: false } | { readonly optional: true; readonly default?: never };

/** Optional fields yield `T | undefined`; required and defaulted ones yield `T`. */
export type Out<T, O> = O extends { readonly optional: true } ? T | undefined : T;

type NoOptions = Record<never, never>;

interface Kind<T> {
  kind: string;
  allowed: string;
  secret?: boolean;
  parse(raw: string): Check<T>;
  show?(value: T): string;
}

const ok = <T>(value: T): Check<T> => ({ ok: true, value });
const bad = (problem: string): Check<never> => ({ ok: false, problem });

function field<T, O>(kind: Kind<T>, options: O | undefined): Field<Out<T, O>> {
  const presence = options as Presence<T> | undefined;
  const fallback =
    presence?.optional === true
      ? { value: undefined }
      : presence?.default !== undefined
        ? { value: presence.default }
        : undefined;
  const show = kind.show ?? String;
  const built: Field<T | undefined> = {
    kind: kind.kind,
    allowed: kind.allowed,
    secret: kind.secret ?? false,
    ...(fallback ? { fallback } : {}),
    parse: kind.parse,
    show: (value) => (value === undefined ? '(not set)' : kind.secret ? '***' : show(value)),
  };
  // Out<T, O> is T or T | undefined depending on O, which TypeScript cannot follow through the runtime branch above.
  return built as Field<Out<T, O>>;
}

/** Quotes a user-supplied value for an error message, hiding URL credentials and cutting very long values. */
function quote(raw: string): string {
  const hidden = raw.replace(/\/\/([^/@]*)@/, '//***@');
  return JSON.stringify(hidden.length > 80 ? `${hidden.slice(0, 77)}...` : hidden);
}

function rangeText(unit: string, min: number | bigint | undefined, max: number | bigint | undefined): string {
  if (min !== undefined && max !== undefined) return `${unit} from ${min} to ${max}`;
  if (min !== undefined) return `${unit} >= ${min}`;
  if (max !== undefined) return `${unit} <= ${max}`;
  return unit;
}

function inRange<N extends number | bigint>(value: N, min: N | undefined, max: N | undefined): boolean {
  return (min === undefined || value >= min) && (max === undefined || value <= max);
}

const INTEGER = /^[+-]?\d+$/;

export function string<O extends Presence<string> = NoOptions>(options?: O): Field<Out<string, O>> {
  return field({ kind: 'string', allowed: 'a non-empty string', parse: ok }, options);
}

export type UrlOptions = { readonly protocols?: readonly string[] } & Presence<string>;

/** A URL whose protocol is one of `protocols` (default http and https). The raw string is kept as given. */
export function url<O extends UrlOptions = NoOptions>(options?: O): Field<Out<string, O>> {
  const protocols = (options?.protocols ?? ['http', 'https']).map((p) => (p.endsWith(':') ? p : `${p}:`));
  const allowed = `a URL with protocol ${protocols.map((p) => `${p}//`).join(' or ')}`;
  const parse = (raw: string): Check<string> => {
    let parsed: URL;
    try {
      parsed = new URL(raw);
    } catch {
      return bad(`got ${quote(raw)}, which is not a URL`);
    }
    if (!protocols.includes(parsed.protocol))
      return bad(`got ${quote(raw)}, whose protocol is ${parsed.protocol}`);
    return ok(raw);
  };
  const show = (value: string): string => {
    const parsed = new URL(value);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  };
  return field({ kind: 'url', allowed, parse, show }, options);
}

export type IntOptions = { readonly min?: number; readonly max?: number } & Presence<number>;

export function int<O extends IntOptions = NoOptions>(options?: O): Field<Out<number, O>> {
  return field(
    intKind('int', rangeText('an integer', options?.min, options?.max), options?.min, options?.max),
    options,
  );
}

function intKind(
  kind: string,
  allowed: string,
  min: number | undefined,
  max: number | undefined,
): Kind<number> {
  return {
    kind,
    allowed,
    parse: (raw) => {
      if (!INTEGER.test(raw)) return bad(`got ${quote(raw)}, which is not an integer`);
      const value = Number(raw);
      if (!Number.isSafeInteger(value)) return bad(`got ${quote(raw)}, which is too large to be exact`);
      if (!inRange(value, min, max)) return bad(`got ${value}, which is out of range`);
      return ok(value);
    },
  };
}

/** A TCP port; 0 asks the OS for a free one, which tests use to run several servers side by side. */
export function port<O extends Presence<number> = NoOptions>(options?: O): Field<Out<number, O>> {
  return field(intKind('port', 'a TCP port from 0 to 65535 (0 picks a free port)', 0, 65535), options);
}

const TRUE = new Set(['1', 'true']);
const FALSE = new Set(['0', 'false']);

export function bool<O extends Presence<boolean> = NoOptions>(options?: O): Field<Out<boolean, O>> {
  const parse = (raw: string): Check<boolean> => {
    const lower = raw.toLowerCase();
    if (TRUE.has(lower)) return ok(true);
    if (FALSE.has(lower)) return ok(false);
    return bad(`got ${quote(raw)}, which is not a boolean`);
  };
  return field({ kind: 'bool', allowed: '1, 0, true or false', parse }, options);
}

export function oneOf<
  const V extends readonly [string, ...string[]],
  O extends Presence<V[number]> = NoOptions,
>(values: V, options?: O): Field<Out<V[number], O>> {
  const isValue = (raw: string): raw is V[number] => values.includes(raw);
  const parse = (raw: string): Check<V[number]> => (isValue(raw) ? ok(raw) : bad(`got ${quote(raw)}`));
  return field({ kind: 'oneOf', allowed: `one of ${values.join(', ')}`, parse }, options);
}

export type SecretOptions = { readonly minLength?: number } & Presence<string>;

/** A credential. Its value never appears in an error or a config summary; only its length is judged. */
export function secret<O extends SecretOptions = NoOptions>(options?: O): Field<Out<string, O>> {
  const minLength = options?.minLength ?? 1;
  const allowed = minLength === 1 ? 'a non-empty secret' : `a secret of at least ${minLength} characters`;
  const parse = (raw: string): Check<string> =>
    raw.length >= minLength ? ok(raw) : bad(`got a value (hidden) shorter than ${minLength} characters`);
  return field({ kind: 'secret', allowed, secret: true, parse }, options);
}

const DURATION = /^(\d+)\s*(ms|s|m|h)?$/;
const MS_PER_UNIT: Readonly<Record<string, number>> = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000 };

export type DurationOptions = { readonly minMs?: number; readonly maxMs?: number } & Presence<number>;

/** A duration, returned in milliseconds. A bare number is milliseconds; `ms`, `s`, `m`, `h` suffixes are accepted. */
export function duration<O extends DurationOptions = NoOptions>(options?: O): Field<Out<number, O>> {
  const { minMs, maxMs } = options ?? {};
  const allowed = `${rangeText('a duration', minMs, maxMs)} (ms), written as 1500, 1500ms, 30s, 5m or 2h`;
  const parse = (raw: string): Check<number> => {
    const match = DURATION.exec(raw);
    if (!match) return bad(`got ${quote(raw)}, which is not a duration`);
    const ms = Number(match[1]) * (MS_PER_UNIT[match[2] ?? 'ms'] ?? 1);
    if (!Number.isSafeInteger(ms)) return bad(`got ${quote(raw)}, which is too large`);
    if (!inRange(ms, minMs, maxMs)) return bad(`got ${quote(raw)} = ${ms}ms, which is out of range`);
    return ok(ms);
  };
  return field({ kind: 'duration', allowed, parse, show: (ms: number) => `${ms}ms` }, options);
}

export type BigintOptions = { readonly min?: bigint; readonly max?: bigint } & Presence<bigint>;

/** An integer of any size, e.g. a raw token amount or a block number. */
export function bigint<O extends BigintOptions = NoOptions>(options?: O): Field<Out<bigint, O>> {
  const { min, max } = options ?? {};
  const parse = (raw: string): Check<bigint> => {
    if (!INTEGER.test(raw)) return bad(`got ${quote(raw)}, which is not an integer`);
    const value = BigInt(raw);
    if (!inRange(value, min, max)) return bad(`got ${value}, which is out of range`);
    return ok(value);
  };
  return field({ kind: 'bigint', allowed: rangeText('an integer', min, max), parse }, options);
}

export type ListOptions = { readonly separator?: string } & Presence<readonly string[]>;

/** A separated list of strings; items are trimmed and empty items dropped. */
export function list<O extends ListOptions = NoOptions>(options?: O): Field<Out<readonly string[], O>> {
  const separator = options?.separator ?? ',';
  const parse = (raw: string): Check<readonly string[]> =>
    ok(
      raw
        .split(separator)
        .map((item) => item.trim())
        .filter((item) => item !== ''),
    );
  const show = (items: readonly string[]): string => items.join(separator);
  return field(
    { kind: 'list', allowed: `a list of strings separated by "${separator}"`, parse, show },
    options,
  );
}

export type DurationListOptions = {
  readonly minItems?: number;
  readonly maxItems?: number;
  /** The longest one item may be. */
  readonly maxMs?: number;
  /** The first item must be 0 (a schedule whose first entry is "at once"). */
  readonly firstZero?: boolean;
} & Presence<readonly number[]>;

/** A comma-separated list of durations (each as `duration` reads one), returned in milliseconds. */
export function durationList<O extends DurationListOptions = NoOptions>(
  options?: O,
): Field<Out<readonly number[], O>> {
  const { minItems = 1, maxItems, maxMs, firstZero = false } = options ?? {};
  const item = duration({ minMs: 0, ...(maxMs === undefined ? {} : { maxMs }) });
  const allowed =
    `${rangeText('a comma-separated list of', minItems, maxItems)} durations, each ${item.allowed}` +
    (firstZero ? ', the first 0' : '');
  const parse = (raw: string): Check<readonly number[]> => {
    const items = raw.split(',').map((text) => text.trim());
    if (items.length < minItems || (maxItems !== undefined && items.length > maxItems))
      return bad(`got ${items.length} items, which is out of range`);
    const values: number[] = [];
    for (const [index, text] of items.entries()) {
      const check = item.parse(text);
      if (!check.ok) return bad(`item ${index + 1}: ${check.problem}`);
      values.push(check.value as number);
    }
    if (firstZero && values[0] !== 0) return bad(`the first item is ${quote(items[0] ?? '')}, not 0`);
    return ok(values);
  };
  // As written in the variable, in its largest exact unit: 0s,5s,5m,30m,2h reads better than milliseconds.
  const unit = (ms: number) =>
    ms === 0
      ? '0s'
      : ((
          [
            ['h', 3_600_000],
            ['m', 60_000],
            ['s', 1_000],
          ] as const
        )
          .filter(([, size]) => ms % size === 0)
          .map(([name, size]) => `${ms / size}${name}`)[0] ?? `${ms}ms`);
  const show = (values: readonly number[]) => values.map(unit).join(',');
  return field({ kind: 'duration list', allowed, parse, show }, options);
}

/** One JSON-RPC endpoint of RPC_URLS, with the limits its `#fragment` set (a fragment is never sent). */
export interface RpcEndpoint {
  /** As written, without the fragment. */
  readonly url: string;
  /** This endpoint's own request timeout (within the service's RPC timeout). */
  readonly timeoutMs?: number;
  /** Requests per second past which the next endpoint is asked instead (a provider plan's rate). */
  readonly maxRps?: number;
}

const ENDPOINT_LIMITS = { timeoutMs: intKind('', '', 1, 600_000), maxRps: intKind('', '', 1, 100_000) };

function rpcEndpoint(raw: string): Check<RpcEndpoint> {
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    return bad(`got ${quote(raw)}, which is not a URL`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    return bad(`got ${quote(raw)}, whose protocol is ${parsed.protocol}`);
  // Providers put their keys in the path: messages name the endpoint by its label only.
  const label = JSON.stringify(endpointLabel(raw));
  const limits: Record<string, number> = {};
  for (const [key, value] of new URLSearchParams(parsed.hash.slice(1))) {
    const kind = ENDPOINT_LIMITS[key as keyof typeof ENDPOINT_LIMITS];
    if (!kind) return bad(`${label} sets ${quote(key)}, which is not timeoutMs or maxRps`);
    const check = kind.parse(value);
    if (!check.ok) return bad(`${label}, ${key}: ${check.problem}`);
    limits[key] = check.value;
  }
  return ok({ url: raw.split('#')[0]!, ...limits });
}

/** Where an endpoint is, without what may be a key: its origin, and `/…` when it has a path. */
export function endpointLabel(url: string): string {
  const parsed = new URL(url);
  return `${parsed.origin}${parsed.pathname.length > 1 || parsed.search ? '/…' : ''}`;
}

/**
 * Ordered JSON-RPC endpoints, comma-separated, each an http(s) URL whose fragment may set its limits:
 * `https://rpc.example/KEY#timeoutMs=3000&maxRps=25,http://node:8545`.
 */
export function rpcEndpointList<O extends Presence<readonly RpcEndpoint[]> = NoOptions>(
  options?: O,
): Field<Out<readonly RpcEndpoint[], O>> {
  const parse = (raw: string): Check<readonly RpcEndpoint[]> => {
    const endpoints: RpcEndpoint[] = [];
    for (const [index, text] of raw
      .split(',')
      .map((item) => item.trim())
      .entries()) {
      const check = rpcEndpoint(text);
      if (!check.ok) return bad(`endpoint ${index + 1}: ${check.problem}`);
      endpoints.push(check.value);
    }
    return ok(endpoints);
  };
  const show = (endpoints: readonly RpcEndpoint[]): string =>
    endpoints.map((endpoint) => endpointLabel(endpoint.url)).join(',');
  const allowed =
    'comma-separated http(s) URLs, each with optional limits in its fragment (#timeoutMs=3000&maxRps=25)';
  return field({ kind: 'rpcEndpoints', allowed, parse, show }, options);
}
