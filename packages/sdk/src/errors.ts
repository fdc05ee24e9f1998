import { apiErrorCodeValues, type components } from './generated/openapi';

export type ApiErrorCode = components['schemas']['ApiErrorCode'];

/** The header the gateway answers every request with; quote it when asking the vault's operators about a failure. */
export const REQUEST_ID_HEADER = 'x-request-id';

/** Every non-2xx answer of the API: branch on `code` (each code has one fixed HTTP status). */
export class PartnerApiError extends Error {
  override readonly name = 'PartnerApiError';

  constructor(
    readonly code: ApiErrorCode,
    readonly status: number,
    message: string,
    /** Null only when the answer did not come from the gateway (a proxy in between). */
    readonly requestId: string | null,
  ) {
    super(message);
  }
}

const KNOWN_CODES: ReadonlySet<string> = new Set(apiErrorCodeValues);

/**
 * The error of an answer. Our envelope gives code and message; anything else (a proxy's HTML page, a truncated
 * body, a code this SDK does not know) is PARTNER_ACTION_FAILED with the status, so callers handle one type.
 */
export function toPartnerApiError(response: Response, body: unknown): PartnerApiError {
  const requestId = response.headers.get(REQUEST_ID_HEADER);
  const error = (body as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  if (typeof error?.code === 'string' && KNOWN_CODES.has(error.code) && typeof error.message === 'string') {
    return new PartnerApiError(error.code as ApiErrorCode, response.status, error.message, requestId);
  }
  const text = typeof body === 'string' ? body : JSON.stringify(body ?? null);
  return new PartnerApiError(
    'PARTNER_ACTION_FAILED',
    response.status,
    `unexpected answer, HTTP ${response.status}: ${text.slice(0, 200)}`,
    requestId,
  );
}

/** The result of an openapi-fetch call. */
interface FetchResult<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/** The data of a 2xx answer; a PartnerApiError for anything else. */
export function unwrap<T>(result: FetchResult<T>): NonNullable<T> {
  if (!result.response.ok || result.data === undefined || result.data === null) {
    throw toPartnerApiError(result.response, result.error ?? result.data);
  }
  return result.data as NonNullable<T>;
}
