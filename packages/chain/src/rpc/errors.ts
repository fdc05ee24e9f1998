/**
 * Why an RPC call failed, which decides what the caller does next:
 * - `timeout`, `network`, `http` (429 / 5xx), `limit` (rate or resource limit), `response` (an answer that is not
 *   JSON-RPC, as a truncated one): retrying the same call can help.
 * - `range`: the node refused the block range or the answer was too large; the same call fails again, a smaller
 *   range may not (the fetch stage halves it).
 * - `rpc` (any other JSON-RPC error), `http` 4xx: retrying cannot help.
 */
export type RpcErrorKind = 'timeout' | 'network' | 'http' | 'limit' | 'range' | 'rpc' | 'response';

export class RpcError extends Error {
  override readonly name = 'RpcError';

  constructor(
    readonly kind: RpcErrorKind,
    message: string,
    readonly details: {
      readonly method?: string;
      readonly status?: number;
      readonly code?: number;
      readonly cause?: unknown;
    } = {},
  ) {
    super(message, { cause: details.cause });
  }
}

// Messages nodes use when a getLogs range or its answer is too big: geth, erigon, reth, alchemy, infura, quicknode,
// blockpi, thirdweb, free tiers (infra/test/providers.test.ts answers with each).
const RANGE_MESSAGE =
  /block range|range (is )?too (large|wide)|too many (results|logs|blocks)|query returned more than|response (size|is too large)|limit exceeded.*(logs|results)|exceed(s|ed)? (max(imum)?|the) .*(range|results|logs)|ranges? over \d+ blocks|number of (requested )?blocks/i;

/** Classifies a JSON-RPC error object `{code, message}` from a response. */
export function classifyRpcError(method: string, code: number, message: string): RpcError {
  if (method === 'eth_getLogs' && RANGE_MESSAGE.test(message))
    return new RpcError('range', `${method}: ${message}`, { method, code });
  // -32005 is EIP-1474's "limit exceeded"; -32603 internal errors are what overloaded nodes answer.
  if (code === -32005 || code === 429 || /rate limit|too many requests|overloaded|busy/i.test(message))
    return new RpcError('limit', `${method}: ${message}`, { method, code });
  if (code === -32603 || code === -32000)
    return new RpcError('limit', `${method}: ${message}`, { method, code });
  return new RpcError('rpc', `${method}: ${message}`, { method, code });
}

/** The one place that decides whether an RPC failure is worth another try of the same call. */
export function shouldRetry(error: unknown): boolean {
  if (!(error instanceof RpcError)) return false;
  switch (error.kind) {
    // `response`: an answer cut short or garbled on its way; the same call asked again usually comes back whole.
    case 'timeout':
    case 'network':
    case 'limit':
    case 'response':
      return true;
    case 'http':
      return error.details.status === 429 || (error.details.status ?? 0) >= 500;
    default:
      return false;
  }
}
