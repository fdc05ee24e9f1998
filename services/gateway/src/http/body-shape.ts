import type { IncomingMessage } from 'node:http';
import { MAX_BODY_DEPTH } from '@yv/schemas';

const OPEN_ARRAY = 0x5b;
const OPEN_OBJECT = 0x7b;
const CLOSE_ARRAY = 0x5d;
const CLOSE_OBJECT = 0x7d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** A body refused for its shape, answered 400 by the error handler with this message. */
export class BodyShapeError extends Error {
  readonly type = 'entity.shape.refused';
  readonly status = 400;
}

/** The deepest nesting in JSON text, counted in one pass without recursion; brackets inside strings do not count. */
export function jsonDepth(bytes: Uint8Array): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i];
    if (inString) {
      if (byte === BACKSLASH) i++;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) inString = true;
    else if (byte === OPEN_ARRAY || byte === OPEN_OBJECT) deepest = Math.max(deepest, ++depth);
    else if (byte === CLOSE_ARRAY || byte === CLOSE_OBJECT) depth--;
  }
  return deepest;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * body-parser's `verify` hook: refuses bytes that are not UTF-8 and bodies nested deeper than MAX_BODY_DEPTH, on the
 * raw bytes, before anything parses, clones, validates or fingerprints the body recursively (each of which would
 * overflow the stack on a body thousands of levels deep).
 */
export function checkBodyShape(_req: IncomingMessage, _res: unknown, bytes: Buffer, encoding: string): void {
  if (encoding.toLowerCase() === 'utf-8') {
    try {
      utf8.decode(bytes);
    } catch {
      throw new BodyShapeError('the request body is not valid UTF-8');
    }
  }
  if (jsonDepth(bytes) > MAX_BODY_DEPTH)
    throw new BodyShapeError(
      `the request body nests arrays and objects deeper than ${MAX_BODY_DEPTH} levels`,
    );
}
