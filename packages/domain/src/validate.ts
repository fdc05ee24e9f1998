import {
  createValidator,
  type ApiErrorCode,
  type SchemaName,
  type SchemaValue,
  type Validator,
} from '@yv/schemas';
import { ApiError } from './errors';

// Compiled on first use: services that never validate a request never pay for ajv.
let validator: Validator | undefined;

/**
 * Validates (and fills defaults into) a request part against a named schema of the OpenAPI document, raising
 * `code` with every problem in one message so a partner fixes them all at once. The value comes back typed by that
 * schema, so no request type is written by hand beside it.
 */
export function validated<N extends SchemaName>(
  schema: N,
  value: unknown,
  code: ApiErrorCode = 'BAD_REQUEST',
): SchemaValue<N> {
  validator ??= createValidator();
  const result = validator.validate(schema, value);
  if (!result.ok) throw new ApiError(code, `invalid request: ${result.errors.join('; ')}`);
  return value as SchemaValue<N>;
}
