/**
 * Batched lookups ask for many keys in one query, `unnest(...) WITH ORDINALITY AS r(..., lookup)`, and tag each
 * row with its key's 1-based position. These put the rows back in the order of the keys.
 */
export interface LookupRow {
  lookup: string;
}

/** One list per key, holding its rows in the order the query returned them. */
export function groupByLookup<Raw extends LookupRow, Row>(
  count: number,
  rows: readonly Raw[],
  toRow: (raw: Raw) => Row,
): Row[][] {
  const groups: Row[][] = Array.from({ length: count }, () => []);
  for (const raw of rows) groups[Number(raw.lookup) - 1]!.push(toRow(raw));
  return groups;
}

/** For keys matching at most one row: the row of each key, null where none matched, without its tag. */
export function oneByLookup<Raw extends LookupRow>(
  count: number,
  rows: readonly Raw[],
): (Omit<Raw, 'lookup'> | null)[] {
  return groupByLookup(count, rows, ({ lookup: _lookup, ...row }) => row).map((group) => group[0] ?? null);
}
