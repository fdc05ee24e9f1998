import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { ADDRESS_CASE_RULE, EVM_ADDRESS_FORMAT, isEvmAddress } from './address';
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
  /**
   * Validates `value` against a schema that has no name of its own (a query or path parameter's), whose
   * `#/components/schemas/Name` refs resolve as in the document. Compiled once per schema object; its own
   * `default` is left to the caller, which knows whether the value was absent.
   */
  validateSchema(schema: object, value: unknown): ValidationResult;
}

/**
 * The canonical 8-4-4-4-12 form only: ajv-formats' `uuid` also takes a `urn:uuid:` prefix, which names no row (ids
 * in paths are answered 404 when they are not uuids, rather than reaching the database).
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `value` is a uuid in the form the `uuid` format takes: the one check of ids for code too. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** The formats the schemas use: ajv-formats' standard ones and the API's own `evm-address`. */
export function addApiFormats(ajv: Ajv2020): Ajv2020 {
  addFormats(ajv);
  return ajv.addFormat('uuid', UUID).addFormat(EVM_ADDRESS_FORMAT, isEvmAddress);
}

/** An unnamed schema's local refs made absolute, so they resolve in the registered document. */
function inDocument(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(inDocument);
  if (typeof schema !== 'object' || schema === null) return schema;
  return Object.fromEntries(
    Object.entries(schema).map(([key, value]) => [
      key,
      key === '$ref' && typeof value === 'string' && value.startsWith('#')
        ? `${SCHEMA_DOCUMENT_ID}${value}`
        : inDocument(value),
    ]),
  );
}

export function createValidator(): Validator {
  const ajv = addApiFormats(
    new Ajv2020({ strict: true, allErrors: true, allowUnionTypes: true, useDefaults: true }),
  );
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

  const unnamed = new WeakMap<object, ValidateFunction>();
  const compileUnnamed = (schema: object): ValidateFunction => {
    let fn = unnamed.get(schema);
    if (!fn) {
      // A root `default` is the caller's to fill (ajv fills only properties'), so it is not compiled.
      const { default: _filledByCaller, ...rest } = schema as { default?: unknown };
      fn = ajv.compile(inDocument(rest) as object);
      unnamed.set(schema, fn);
    }
    return fn;
  };
  const result = (fn: ValidateFunction, value: unknown): ValidationResult =>
    fn(value) ? { ok: true } : { ok: false, errors: readableErrors(fn.errors ?? []) };

  return {
    validate: (schemaName, value) => result(compile(schemaName), value),
    validateSchema: (schema, value) => result(compileUnnamed(schema), value),
  };
}

/**
 * ajv reports every failed branch of an anyOf. When a nullable section is present but wrong, "must be null" and
 * "must match a schema in anyOf" only hide the real cause, so they are dropped whenever a more specific error exists.
 */
export function readableErrors(errors: readonly ErrorObject[]): string[] {
  const specific = errors.filter((error) => !isBranchNoise(error, errors));
  const chosen = specific.length > 0 ? specific : errors;
  return [...new Set(chosen.map(describe))];
}

/** Branch noise, and an address's format error where its pattern already failed (one cause, said once). */
function isBranchNoise(error: ErrorObject, all: readonly ErrorObject[]): boolean {
  if (error.keyword === 'anyOf' || error.keyword === 'oneOf') return true;
  if (error.keyword === 'format' && error.params.format === EVM_ADDRESS_FORMAT)
    return all.some((other) => other.keyword === 'pattern' && other.instancePath === error.instancePath);
  return error.keyword === 'type' && error.params.type === 'null';
}

function describe(error: ErrorObject): string {
  const path = error.instancePath || '/';
  if (error.keyword === 'format' && error.params.format === EVM_ADDRESS_FORMAT)
    return `${path} ${ADDRESS_CASE_RULE}`;
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
