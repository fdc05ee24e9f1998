// Elements made only of these characters need no quotes in a Postgres array literal (hex hashes and addresses,
// decimal amounts, ISO timestamps, activity types): the bulk of an indexed range.
const BARE = /^[0-9A-Za-z_.:+-]+$/;

const element = (value: string | number | null): string => {
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
export function arrayLiteral(values: readonly (string | number | null)[]): string {
  return `{${values.map(element).join(',')}}`;
}
