import type { Request, Response } from 'express';

/**
 * Conditional GETs are ours, not Express's: Express would answer 304 to `If-None-Match: *` on any route, so the app
 * keeps the header aside (`keepIfNoneMatch`) and only a read that set a validator compares it (`notModified`).
 */
export function keepIfNoneMatch(req: Request, res: Response): void {
  res.locals.ifNoneMatch = req.headers['if-none-match'];
  delete req.headers['if-none-match'];
}

const opaque = (tag: string): string => tag.trim().replace(/^W\//, '');

/** True when the request's If-None-Match names `etag`: `*`, or one of its tags by weak comparison (RFC 9110). */
export function notModified(res: Response, etag: string): boolean {
  const header = res.locals.ifNoneMatch as string | undefined;
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => opaque(tag) === opaque(etag));
}
