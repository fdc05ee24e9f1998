import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { Logger } from 'pino';
import { isRetryableDbError } from '@yv/db';
import { ApiError, isApiError, NotFoundError } from '@yv/domain';
import { API_ERROR_STATUS } from '@yv/schemas';
import { sendError } from './envelope';
import { requestIdOf } from './request-id';

/** Unknown routes: the envelope, never Express's HTML page. */
export const notFound: RequestHandler = (req, res) => {
  sendError(res, 404, 'BAD_REQUEST', `no route ${req.method} ${req.path}; see /api/v1/openapi.json`);
};

interface BodyParserError {
  type?: string;
  status?: number;
  limit?: number;
}

/**
 * PostgreSQL that cannot be reached (stopped, restarting, refusing connections), on any route: the partner's
 * request may succeed unchanged later. The spec's enum has no code for the database itself; INDEXER_UNAVAILABLE is
 * the one the reads already answer when the indexed data cannot be read, and the driver's text (which names the
 * server's address) stays in the log.
 */
function databaseUnavailable(cause: unknown): ApiError {
  return new ApiError(
    'INDEXER_UNAVAILABLE',
    'the database is unavailable or busy; retry later (a create retried with the same Idempotency-Key is made at most once)',
    { cause },
  );
}

/**
 * The one place where an error becomes a status and an envelope: typed ApiErrors by the code table (a 5xx one's
 * cause logged), an unreachable database as 503, body-parser failures as 400/413, anything else as a logged 500
 * whose message carries only the request id.
 */
export function errorHandler(log: Logger): ErrorRequestHandler {
  return (thrown, _req, res, _next) => {
    const err: unknown =
      !isApiError(thrown) && isRetryableDbError(thrown) ? databaseUnavailable(thrown) : thrown;
    if (isApiError(err)) {
      const status = err instanceof NotFoundError ? 404 : API_ERROR_STATUS[err.code];
      // A dependency's fault is answered by its code alone; its own text is for the operator.
      if (status >= 500 && err.cause !== undefined)
        log.warn({ err: err.cause, code: err.code, requestId: requestIdOf(res) }, err.message);
      sendError(res, status, err.code, err.message);
      return;
    }
    const parserError = err as BodyParserError;
    if (parserError.type === 'entity.parse.failed') {
      sendError(res, 400, 'BAD_REQUEST', 'the request body is not valid JSON');
      return;
    }
    if (parserError.type === 'entity.shape.refused') {
      sendError(res, 400, 'BAD_REQUEST', (err as Error).message);
      return;
    }
    if (parserError.type === 'entity.too.large') {
      sendError(res, 413, 'BAD_REQUEST', `the request body is larger than ${parserError.limit} bytes`);
      return;
    }
    if (parserError.status && parserError.status >= 400 && parserError.status < 500) {
      sendError(res, 400, 'BAD_REQUEST', 'the request could not be read (check Content-Type and encoding)');
      return;
    }
    const requestId = requestIdOf(res);
    log.error({ err, requestId }, 'unexpected fault');
    sendError(
      res,
      500,
      'PARTNER_ACTION_FAILED',
      `unexpected server fault; quote request id ${requestId} to support`,
    );
  };
}
