import type { ApiErrorCode } from '@yv/schemas';

/**
 * The one error type rules raise: a code from the spec's ApiErrorCode enum and a message a partner's engineer can
 * act on (what was wrong, with which field, what is allowed). Only the HTTP edge turns the code into a status.
 * The fault behind it travels as `cause` (for logs), never inside the message: a partner never reads a driver's
 * or a node's error text.
 */
export class ApiError extends Error {
  constructor(
    readonly code: ApiErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'ApiError';
  }
}

/**
 * A path id naming nothing the caller may see (no such webhook event, or another partner's): answered as an unknown
 * route is, 404 `BAD_REQUEST`, so the spec's error codes stay the ones partners switch on.
 */
export class NotFoundError extends ApiError {
  constructor(message: string) {
    super('BAD_REQUEST', message);
    this.name = 'NotFoundError';
  }
}

export function isApiError(err: unknown): err is ApiError {
  return err instanceof ApiError;
}
