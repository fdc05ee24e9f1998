/**
 * Deepest nesting of arrays and objects a request body may have. Every request body of this API is at most three
 * levels deep; the gateway checks the bound on the raw bytes before anything walks the body recursively.
 */
export const MAX_BODY_DEPTH = 32;

/** Page size bounds of every listing: the `Limit` parameter's schema, which the gateway validates `limit` with. */
export const PAGE_LIMIT = { minimum: 1, maximum: 100, default: 25 } as const;
