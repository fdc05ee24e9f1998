/**
 * SQLSTATEs where the same statement can succeed on a later try: the transaction lost a race or the server
 * or connection went away. Everything else (constraint violations, syntax errors) will fail again.
 */
const RETRYABLE_SQLSTATES = new Set([
  '40001', // serialization_failure
  '40P01', // deadlock_detected
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (server starting up)
  '53300', // too_many_connections
  '08000', // connection_exception
  '08001', // sqlclient_unable_to_establish_sqlconnection
  '08003', // connection_does_not_exist
  '08006', // connection_failure
]);

const RETRYABLE_NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EAI_AGAIN']);

// node-postgres raises these without a code when a connection drops or a pool checkout times out.
const RETRYABLE_MESSAGES = /^(Connection terminated|timeout exceeded when trying to connect)/;

interface ErrorLike {
  code?: unknown;
  message?: unknown;
  cause?: unknown;
  errors?: unknown;
}

/**
 * True when retrying the same database work later may succeed. Duck-typed rather than `instanceof Error`,
 * because errors from Node's own sockets come from another realm under test runners.
 */
export function isRetryableDbError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message, cause, errors } = error as ErrorLike;
  if (typeof code === 'string' && (RETRYABLE_SQLSTATES.has(code) || RETRYABLE_NETWORK_CODES.has(code)))
    return true;
  if (typeof message === 'string' && RETRYABLE_MESSAGES.test(message)) return true;
  // Node reports a refused connection to a host with several addresses (localhost: ::1 and 127.0.0.1) as an AggregateError.
  if (Array.isArray(errors) && errors.some(isRetryableDbError)) return true;
  return cause !== undefined && isRetryableDbError(cause);
}

/** True when a statement failed on a row that a unique key already holds (SQLSTATE 23505). */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as ErrorLike).code === '23505';
}
