import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { COMPONENTS_PREFIX } from './ref';
import { schemas, type SchemaName } from './registry';

/**
 * The schemas are registered as one document shaped like the OpenAPI document (`{components: {schemas}}`), so the
 * `#/components/schemas/Name` refs they contain resolve in ajv exactly as they do in the OpenAPI document.
 */
export const SCHEMA_DOCUMENT_ID = 'https://yield-vault.invalid/partner-api/schemas.json';

export type ValidationResult = { ok: true } | { ok: false; errors: string[] };

export interface Validator {
  /**
   * Validates `value` against the named schema. Request-body `default`s (slippageBps, receiveChainId) are written
   * into `value` in place, so the HTTP edge sees the effective request; response schemas declare no defaults, so
   * validating a response never changes it.
   */
  validate(schemaName: SchemaName, value: unknown): ValidationResult;
}

export function createValidator(): Validator {
  const ajv = new Ajv2020({ strict: true, allErrors: true, allowUnionTypes: true, useDefaults: true });
  addFormats(ajv);
  // `components` is the container of the named schemas, not a validation keyword.
  ajv.addKeyword('components');
  ajv.addSchema({ $id: SCHEMA_DOCUMENT_ID, components: { schemas } });

  const compiled = new Map<SchemaName, ValidateFunction>();
  const compile = (name: SchemaName): ValidateFunction => {
    const cached = compiled.get(name);
    if (cached) return cached;
    const fn = ajv.getSchema(`${SCHEMA_DOCUMENT_ID}${COMPONENTS_PREFIX}${name}`);
    if (!fn) throw new Error(`unknown schema ${name}`);
    compiled.set(name, fn);
    return fn;
  };

  return {
    validate(schemaName, value) {
      const fn = compile(schemaName);
      return fn(value) ? { ok: true } : { ok: false, errors: readableErrors(fn.errors ?? []) };
    },
  };
}

/**
 * ajv reports every failed branch of an anyOf. When a nullable section is present but wrong, "must be null" and
 * "must match a schema in anyOf" only hide the real cause, so they are dropped whenever a more specific error exists.
 */
export function readableErrors(errors: readonly ErrorObject[]): string[] {
  const specific = errors.filter((error) => !isBranchNoise(error));
  const chosen = specific.length > 0 ? specific : errors;
  return [...new Set(chosen.map(describe))];
}

function isBranchNoise(error: ErrorObject): boolean {
  if (error.keyword === 'anyOf' || error.keyword === 'oneOf') return true;
  return error.keyword === 'type' && error.params.type === 'null';
}

function describe(error: ErrorObject): string {
  const path = error.instancePath || '/';
  switch (error.keyword) {
    case 'additionalProperties':
      return `${path} must NOT have additional property '${String(error.params.additionalProperty)}'`;
    case 'enum':
      return `${path} must be one of ${(error.params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
    case 'const':
      return `${path} must be ${JSON.stringify(error.params.allowedValue)}`;
    default:
      return `${path} ${error.message ?? `fails ${error.keyword}`}`;
  }
}
