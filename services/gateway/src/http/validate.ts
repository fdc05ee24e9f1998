import { createValidator, type SchemaName } from '@yv/schemas';
import { ApiError } from '@yv/domain';
import type { ApiErrorCode } from '@yv/schemas';

const validator = createValidator();

/**
 * Validates (and fills defaults into) a request part against a named schema, raising `code` with every problem
 * in one message so a partner fixes them all at once.
 */
export function validated<T>(schema: SchemaName, value: unknown, code: ApiErrorCode = 'BAD_REQUEST'): T {
  const result = validator.validate(schema, value);
  if (!result.ok) throw new ApiError(code, `invalid request: ${result.errors.join('; ')}`);
  return value as T;
}
