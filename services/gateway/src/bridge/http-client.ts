import { isHexAddress, type BridgeQuoteRequest } from '@yv/schemas';
import type { BridgeAdapter, BridgeQuote } from './types';
import { BridgeError } from './types';

export interface HttpBridgeOptions {
  /** BRIDGE_API_URL: the provider's base, e.g. `http://127.0.0.1:8546/bridge`, without a trailing slash. */
  baseUrl: string;
  /** Name written into `bridge.provider`. Default `relay`. */
  provider?: string;
  /** Per-request timeout in milliseconds. Default 5000. */
  timeoutMs?: number;
}

const REQUEST_ID = /^0x[a-fA-F0-9]{64}$/;

/** Checks the fields we hand on to partners: a malformed provider answer is a provider fault, never shown. */
function parseQuote(body: unknown, request: BridgeQuoteRequest, provider: string): BridgeQuote {
  const b = (body ?? {}) as Record<string, unknown>;
  const problems: string[] = [];
  if (typeof b.requestId !== 'string' || !REQUEST_ID.test(b.requestId)) problems.push('requestId');
  if (!isHexAddress(b.depositAddress)) problems.push('depositAddress');
  if (typeof b.statusUrl !== 'string' || !URL.canParse(b.statusUrl)) problems.push('statusUrl');
  if (typeof b.expiresAt !== 'string' || Number.isNaN(Date.parse(b.expiresAt))) problems.push('expiresAt');
  if (b.amountRaw !== request.amountRaw) problems.push('amountRaw (not the amount asked for)');
  if (problems.length > 0)
    throw new BridgeError(`bridge provider answered a malformed quote: ${problems.join(', ')}`, false);
  return {
    ...request,
    provider,
    requestId: b.requestId as string,
    depositAddress: b.depositAddress as string,
    statusUrl: b.statusUrl as string,
    expiresAt: b.expiresAt as string,
  };
}

/** The real HTTP client of the bridge protocol (POST `<base>/quote`). */
export function createHttpBridgeAdapter(options: HttpBridgeOptions): BridgeAdapter {
  const provider = options.provider ?? 'relay';
  const timeoutMs = options.timeoutMs ?? 5_000;
  const url = `${options.baseUrl.replace(/\/+$/, '')}/quote`;
  return {
    provider,
    async quote(request) {
      let res: Response;
      try {
        res = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(request),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (err) {
        throw new BridgeError('the bridge provider is unreachable', false, { cause: err });
      }
      const body: unknown = await res.json().catch(() => undefined);
      if (!res.ok) {
        const message = (body as { error?: unknown } | undefined)?.error;
        throw new BridgeError(
          `bridge provider answered ${res.status}: ${typeof message === 'string' ? message : 'no message'}`,
          res.status >= 400 && res.status < 500,
        );
      }
      return parseQuote(body, request, provider);
    },
  };
}
