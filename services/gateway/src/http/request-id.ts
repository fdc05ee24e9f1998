import { randomUUID } from 'node:crypto';
import type { RequestHandler, Response } from 'express';

const ACCEPTED_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/** Takes the caller's X-Request-Id when it is sane (so partners can correlate), else makes one; echoes it back. */
export const requestId: RequestHandler = (req, res, next) => {
  const given = req.get('x-request-id');
  const id = given && ACCEPTED_ID.test(given) ? given : randomUUID();
  res.locals.requestId = id;
  res.setHeader('x-request-id', id);
  next();
};

/** The request's id, set by `requestId`, the app's first middleware (empty only outside an app's request). */
export function requestIdOf(res: Response): string {
  return String(res.locals.requestId ?? '');
}
