/**
 * How long a shared cache (a CDN in front) may serve the reads that are the same for everyone, and serve them stale
 * while it revalidates: about the interval their data changes at (a vault snapshot every few seconds, the HLP
 * upstream every minute), so a client sees what it would within one refresh. Revalidation is by `ETag`, answered
 * 304 without a body while the data is unchanged. Read by the gateway and by the OpenAPI document.
 */
export const SHARED_READ_CACHE_CONTROL = {
  '/api/v1/config': 'public, max-age=30, stale-while-revalidate=30',
  '/api/v1/vault': 'public, max-age=5, stale-while-revalidate=5',
  '/api/v1/hlp': 'public, max-age=60, stale-while-revalidate=60',
} as const;

/** A request with a Bearer key is its partner's (the rate-limit headers are): no shared cache keeps its answer. */
export function privately(cacheControl: string): string {
  return cacheControl.replace(/^public\b/, 'private');
}

/** A wallet's reads and the bootstrap are one user's: no cache may keep them. */
export const PER_WALLET_CACHE_CONTROL = 'private, no-store';
