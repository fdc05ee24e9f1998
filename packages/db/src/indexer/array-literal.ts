import type { CopyValue } from '../copy-in';

// Elements made only of these characters need no quotes in a Postgres array literal (hex hashes and addresses,
// decimal amounts, ISO timestamps, activity types): the bulk of an indexed range.
const BARE = /^[0-9A-Za-z_.:+-]+$/;

const element = (value: CopyValue): string => {
  if (value === null) return 'NULL';
  const text = String(value);
  if (BARE.test(text) && !(text.length === 4 && text.toUpperCase() === 'NULL')) return text;
  return `"${text.replace(/[\\"]/g, '\\$&')}"`;
};

/**
 * A Postgres array literal (`{a,b,NULL}`) of the values, to bind as one text parameter and cast (`$1::text[]`).
 * node-postgres would escape and quote every element of a JS array; on the thousands of rows of one indexed
 * range that escaping costs more than the insert's own parameter parsing.
 */
export function arrayLiteral(values: readonly CopyValue[]): string {
  return `{${values.map(element).join(',')}}`;
}

/**
 * One array literal per column of the rows (each row a value per column, as `copyIn` takes them): the parameters of
 * an INSERT of unnested arrays, so it and a COPY of the same table take their rows from one function.
 */
export function columnLiterals(rows: readonly (readonly CopyValue[])[], columns: number): string[] {
  return Array.from({ length: columns }, (_, i) => arrayLiteral(rows.map((row) => row[i] as CopyValue)));
}
