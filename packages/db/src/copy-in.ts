import type { ClientBase, Connection } from 'pg';

/** One column's value in a COPY row: null is SQL NULL, anything else its text. */
export type CopyValue = string | number | bigint | null;

const ESCAPES: Readonly<Record<string, string>> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };
const SPECIAL = /[\\\t\n\r]/;
const EVERY_SPECIAL = new RegExp(SPECIAL.source, 'g');

/**
 * COPY's text format ends a column at a tab and a row at a newline; a backslash escapes, `\N` is NULL. Numbers and
 * the hex, decimal and ISO texts of a range hold none of them, and are only tested: escaping every column of
 * thousands of rows took the indexer more CPU than the copy saved Postgres.
 */
function field(value: CopyValue): string {
  if (value === null) return '\\N';
  if (typeof value !== 'string') return String(value);
  return SPECIAL.test(value) ? value.replace(EVERY_SPECIAL, (c) => ESCAPES[c]!) : value;
}

/** What the COPY sub-protocol uses of pg's connection; its types leave the copy messages out. */
interface CopyConnection {
  query(text: string): void;
  sendCopyFromChunk(chunk: Buffer): void;
  endCopyFrom(): void;
}

/**
 * The COPY sub-protocol as a pg Submittable (pg itself only sends queries): the statement, then the rows as one
 * CopyData message once the server asks for them, settled by the server's ReadyForQuery.
 */
class CopyFromText {
  readonly done: Promise<number>;
  private settle!: { resolve: (rows: number) => void; reject: (error: Error) => void };
  private copied = 0;
  private failed = false;

  constructor(
    private readonly statement: string,
    private readonly data: Buffer,
  ) {
    this.done = new Promise((resolve, reject) => (this.settle = { resolve, reject }));
  }

  submit(connection: Connection): void {
    connection.query(this.statement);
  }

  handleCopyInResponse(connection: Connection): void {
    const copying = connection as unknown as CopyConnection;
    copying.sendCopyFromChunk(this.data);
    copying.endCopyFrom();
  }

  handleCommandComplete(message: { text: string }): void {
    this.copied = Number(message.text.split(' ')[1]);
  }

  handleError(error: Error): void {
    this.failed = true;
    this.settle.reject(error);
  }

  handleReadyForQuery(): void {
    if (!this.failed) this.settle.resolve(this.copied);
  }

  // Messages a COPY FROM never gets; pg calls them on whatever query is active.
  handleEmptyQuery(): void {}
  handleRowDescription(): void {}
  handleDataRow(): void {}
  handlePortalSuspended(): void {}
  handleCopyData(): void {}
}

/**
 * Streams rows into a table with `COPY ... FROM STDIN`: on the thousands of rows of an indexed range, Postgres takes
 * less CPU for them than for an INSERT of unnested array parameters (docs/performance.md#copyin). There is no
 * ON CONFLICT: a row already stored fails the whole COPY with 23505.
 * `table` and `columns` are the caller's own identifiers, never input.
 * @returns how many rows were copied.
 */
export async function copyIn(
  client: ClientBase,
  table: string,
  columns: readonly string[],
  rows: readonly (readonly CopyValue[])[],
): Promise<number> {
  if (rows.length === 0) return 0;
  let text = '';
  for (const row of rows) text += row.map(field).join('\t') + '\n';
  const copy = new CopyFromText(
    `COPY ${table} (${columns.join(', ')}) FROM STDIN`,
    Buffer.from(text, 'utf8'),
  );
  client.query(copy);
  return copy.done;
}
