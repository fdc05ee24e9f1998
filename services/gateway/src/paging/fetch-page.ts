/** A page of a listing, and its last item when a next page exists (which the next cursor names), else null. */
export interface Page<T> {
  items: T[];
  last: T | null;
}

/**
 * The one "limit + 1" read of every listing: one more row than the page is fetched, so whether a next page exists is
 * known without a cursor that leads to an empty one.
 */
export async function fetchPage<T>(limit: number, fetch: (count: number) => Promise<T[]>): Promise<Page<T>> {
  const rows = await fetch(limit + 1);
  const items = rows.slice(0, limit);
  return { items, last: rows.length > limit ? (items.at(-1) ?? null) : null };
}
