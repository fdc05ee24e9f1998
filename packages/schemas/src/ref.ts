/**
 * Schemas reference each other the way the OpenAPI document does (`#/components/schemas/Name`), so the very same
 * objects serve ajv and the document without rewriting refs.
 */
export const COMPONENTS_PREFIX = '#/components/schemas/';

export function ref<N extends string>(name: N): { readonly $ref: `#/components/schemas/${N}` } {
  return { $ref: `${COMPONENTS_PREFIX}${name}` as `#/components/schemas/${N}` };
}

/** A referenced schema or `null`: `$ref` cannot sit beside `type: 'null'`, so nullability of a ref is an anyOf. */
export function nullable<N extends string>(name: N) {
  return { anyOf: [ref(name), { type: 'null' }] } as const;
}
