/**
 * Reading a receiver's answer off a keep-alive connection. Only the status and Retry-After matter to an attempt,
 * but the answer's framing decides whether the connection can carry the next request: anything ambiguous (both
 * Content-Length and Transfer-Encoding, differing lengths, a folded header, bytes past the answer) ends the
 * connection, so one answer can never be read as another's.
 */

/** A head longer than this is not a webhook receiver's answer. */
export const MAX_HEAD_BYTES = 16 * 1024;
/** A body is read to its end, to reuse the connection, only up to this size; a longer one ends the connection. */
export const MAX_BODY_BYTES = 64 * 1024;

export type ResponseRead =
  /** The answer is not complete in these bytes. */
  | { readonly kind: 'more' }
  /** Not an HTTP/1.x answer a connection could go on after. */
  | { readonly kind: 'malformed'; readonly reason: string }
  | {
      readonly kind: 'done';
      readonly statusCode: number;
      readonly retryAfter: string | null;
      /** The connection may carry the next request: framed, kept alive, nothing after the answer. */
      readonly reusable: boolean;
    };

const MORE: ResponseRead = { kind: 'more' };
const CRLF = Buffer.from('\r\n');
const HEAD_END = Buffer.from('\r\n\r\n');
const STATUS_LINE = /^HTTP\/1\.([01]) ([1-9]\d\d)(?: [^\r\n]*)?$/;
const HEADER_LINE = /^([!#$%&'*+\-.^_`|~0-9A-Za-z]+):[ \t]*(.*?)[ \t]*$/;
const CHUNK_SIZE = /^([0-9A-Fa-f]{1,8})[ \t]*(?:;.*)?$/;

interface Head {
  statusCode: number;
  /** HTTP/1.1 without `Connection: close`. */
  keepAlive: boolean;
  retryAfter: string | null;
  /** Content-Length, or null. */
  length: number | null;
  chunked: boolean;
  /** A Transfer-Encoding that is not chunked: the body runs to the end of the connection. */
  untilClose: boolean;
}

function malformed(reason: string): ResponseRead {
  return { kind: 'malformed', reason };
}

/** The head's fields, or why it is refused. */
function parseHead(text: string): Head | string {
  const [statusLine = '', ...lines] = text.split('\r\n');
  const status = STATUS_LINE.exec(statusLine);
  if (!status) return 'not an HTTP/1.x status line';
  let keepAlive = status[1] === '1';
  let retryAfter: string | null = null;
  let length: number | null = null;
  let encodings: string[] | null = null;
  for (const line of lines) {
    const field = HEADER_LINE.exec(line);
    if (!field) return 'a malformed header line';
    const name = field[1]!.toLowerCase();
    const value = field[2]!;
    if (name === 'content-length') {
      if (!/^\d{1,15}$/.test(value)) return 'an invalid Content-Length';
      if (length !== null && length !== Number(value)) return 'two different Content-Lengths';
      length = Number(value);
    } else if (name === 'transfer-encoding') {
      encodings = [
        ...(encodings ?? []),
        ...value
          .toLowerCase()
          .split(',')
          .map((each) => each.trim()),
      ];
    } else if (name === 'connection') {
      if (
        value
          .toLowerCase()
          .split(',')
          .some((token) => token.trim() === 'close')
      )
        keepAlive = false;
    } else if (name === 'retry-after') {
      retryAfter ??= value;
    }
  }
  if (encodings && length !== null) return 'both Transfer-Encoding and Content-Length';
  const chunked = encodings !== null && encodings.at(-1) === 'chunked';
  return {
    statusCode: Number(status[2]),
    keepAlive,
    retryAfter,
    length,
    chunked,
    untilClose: encodings !== null && !chunked,
  };
}

/**
 * Where a chunked body starting at `from` ends (past its trailers), 'more', or why it is refused. Past
 * MAX_BODY_BYTES it ends where the bytes do: what is left of it is never read, so never held either.
 */
function chunkedEnd(bytes: Buffer, from: number): number | 'more' | string {
  const more = (): number | 'more' => (bytes.length - from > MAX_BODY_BYTES ? bytes.length : 'more');
  let at = from;
  for (;;) {
    const lineEnd = bytes.indexOf(CRLF, at);
    if (lineEnd < 0) return more();
    const size = CHUNK_SIZE.exec(bytes.toString('latin1', at, lineEnd));
    if (!size) return 'an invalid chunk size';
    const length = parseInt(size[1]!, 16);
    if (length === 0) {
      // Trailer fields, if any, end with an empty line.
      if (bytes.length < lineEnd + 4) return 'more';
      if (bytes[lineEnd + 2] === 0x0d && bytes[lineEnd + 3] === 0x0a) return lineEnd + 4;
      const trailersEnd = bytes.indexOf(HEAD_END, lineEnd);
      return trailersEnd < 0 ? more() : trailersEnd + 4;
    }
    const dataEnd = lineEnd + 2 + length;
    if (dataEnd - from > MAX_BODY_BYTES) return dataEnd;
    if (bytes.length < dataEnd + 2) return 'more';
    if (bytes[dataEnd] !== 0x0d || bytes[dataEnd + 1] !== 0x0a) return 'a chunk not followed by CRLF';
    at = dataEnd + 2;
  }
}

/**
 * Reads the answer at the start of `bytes` (everything received on the connection since the request went out):
 * informational (1xx) answers are skipped; a body is read to its end when it is framed and short enough, else the
 * answer is done at its head and the connection ends with it.
 */
export function readResponse(bytes: Buffer): ResponseRead {
  let start = 0;
  for (;;) {
    const headEnd = bytes.indexOf(HEAD_END, start);
    if (headEnd < 0) return bytes.length - start > MAX_HEAD_BYTES ? malformed('a head over 16 KiB') : MORE;
    if (headEnd - start > MAX_HEAD_BYTES) return malformed('a head over 16 KiB');
    const head = parseHead(bytes.toString('latin1', start, headEnd));
    if (typeof head === 'string') return malformed(head);
    const bodyStart = headEnd + 4;
    if (head.statusCode === 101) return malformed('a protocol switch');
    if (head.statusCode < 200) {
      // Informational answers are held until the final one: their bytes are bounded like a head's.
      if (bodyStart > MAX_HEAD_BYTES) return malformed('informational answers over 16 KiB');
      start = bodyStart;
      continue;
    }
    const done = (end: number | null): ResponseRead => ({
      kind: 'done',
      statusCode: head.statusCode,
      retryAfter: head.retryAfter,
      reusable: end !== null && head.keepAlive && bytes.length === end,
    });
    if (head.statusCode === 204 || head.statusCode === 304) return done(bodyStart);
    if (head.chunked) {
      const end = chunkedEnd(bytes, bodyStart);
      if (end === 'more') return MORE;
      if (typeof end === 'string') return malformed(end);
      return done(end - bodyStart > MAX_BODY_BYTES ? null : end);
    }
    if (head.untilClose || head.length === null || head.length > MAX_BODY_BYTES) return done(null);
    const end = bodyStart + head.length;
    return bytes.length < end ? MORE : done(end);
  }
}
