import type { Request } from 'express';
import type { ApiError } from '@yv/domain';
import { createValidator, type ParameterObject, type ParametersValue, type Validator } from '@yv/schemas';

/**
 * The API's error for a value its parameter's schema refused. Each parameter keeps the code and the words it had
 * before the schemas checked it (BAD_WALLET for an address, BAD_REQUEST for paging, 404 for an id).
 */
export type Refusal = (value: unknown) => ApiError;

// Compiled on first use, like the body validator.
let validator: Validator | undefined;

/** Query text is text: an integer parameter's digits become its number; anything else stays text and fails. */
function typed(schema: object, raw: unknown): unknown {
  const integer = (schema as { type?: unknown }).type === 'integer';
  return integer && typeof raw === 'string' && /^[0-9]+$/.test(raw) ? Number(raw) : raw;
}

/**
 * The edge of every query and path parameter: each declared parameter (the very objects the OpenAPI document shows)
 * is validated by its schema, its default filled, and the result typed from the declarations. Unknown query
 * parameters are ignored.
 */
export function parameters<const L extends readonly ParameterObject[]>(
  declared: L,
  refusals: { readonly [P in L[number] as P['name']]: Refusal },
): (req: Request) => ParametersValue<L> {
  const refuse = refusals as Readonly<Record<string, Refusal>>;
  return (req) => {
    validator ??= createValidator();
    const values: Record<string, unknown> = {};
    for (const parameter of declared) {
      const source: Record<string, unknown> = parameter.in === 'path' ? req.params : req.query;
      const raw = source[parameter.name];
      if (raw === undefined) {
        const fallback = (parameter.schema as { default?: unknown }).default;
        if (fallback !== undefined) values[parameter.name] = fallback;
        continue;
      }
      const value = typed(parameter.schema, raw);
      if (!validator.validateSchema(parameter.schema, value).ok) throw refuse[parameter.name]!(raw);
      values[parameter.name] = value;
    }
    return values as ParametersValue<L>;
  };
}
