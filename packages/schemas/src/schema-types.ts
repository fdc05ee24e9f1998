import type { ParameterObject } from './parameters';
import type { schemas, SchemaName } from './registry';

/**
 * The TypeScript type of what a schema accepts once the validator has filled its defaults, derived from the `as const`
 * schema itself, so a request type can never drift from the schema that validates it. It reads only the keywords
 * that shape a value (`$ref` to a named schema, const, enum, anyOf, type, properties, required, default, items);
 * the others (patterns, bounds, formats) narrow values, not types. Hand-rolled rather than json-schema-to-ts: the
 * schemas refer to each other as `#/components/schemas/Name`, which resolves here by name in the registry.
 */
export type FromSchema<S> = S extends { readonly $ref: `#/components/schemas/${infer N extends SchemaName}` }
  ? FromSchema<(typeof schemas)[N]>
  : S extends { readonly const: infer C }
    ? C
    : S extends { readonly enum: readonly (infer E)[] }
      ? E
      : S extends { readonly anyOf: readonly (infer B)[] }
        ? FromSchema<B>
        : S extends { readonly type: 'object' }
          ? ObjectOf<S>
          : S extends { readonly type: 'array'; readonly items: infer I }
            ? FromSchema<I>[]
            : S extends { readonly type: infer T }
              ? Primitive<T extends readonly (infer U)[] ? U : T>
              : unknown;

/** The validated value of a named schema: `SchemaValue<'DepositRequest'>`. */
export type SchemaValue<N extends SchemaName> = FromSchema<(typeof schemas)[N]>;

/**
 * The validated parameters of an operation, by name: one that is required or has a default is always there
 * (`{ cursor?: string; limit: number }`).
 */
export type ParametersValue<L extends readonly ParameterObject[]> = Flat<
  { -readonly [P in L[number] as Present<P> extends true ? P['name'] : never]: FromSchema<P['schema']> } & {
    -readonly [P in L[number] as Present<P> extends true ? never : P['name']]?: FromSchema<P['schema']>;
  }
>;

type Present<P> = P extends { readonly required: true } | { readonly schema: { readonly default: unknown } }
  ? true
  : false;

type Primitive<T> = T extends 'string'
  ? string
  : T extends 'integer' | 'number'
    ? number
    : T extends 'boolean'
      ? boolean
      : T extends 'null'
        ? null
        : never;

type PropertiesOf<S> = S extends { readonly properties: infer P } ? P : object;
type RequiredOf<S> = S extends { readonly required: readonly (infer R)[] } ? R : never;
/** A property with a default is always present after validation, required or not. */
type DefaultedOf<P> = { [K in keyof P]: P[K] extends { readonly default: unknown } ? K : never }[keyof P];

type ObjectOf<S, P = PropertiesOf<S>, R extends keyof P = (RequiredOf<S> | DefaultedOf<P>) & keyof P> = Flat<
  { -readonly [K in R]: FromSchema<P[K]> } & { -readonly [K in Exclude<keyof P, R>]?: FromSchema<P[K]> }
>;

type Flat<T> = { [K in keyof T]: T[K] };
