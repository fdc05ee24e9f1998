import { ApiError } from '@yv/domain';
import { PAGE_LIMIT } from '@yv/schemas';
import { badCursor } from './paging';
import type { Refusal } from './parameters';

/** The refusals shared by listings and filters; the route-specific ones (wallet, ids) are beside their routes. */

export const refuseLimit: Refusal = (value) =>
  new ApiError(
    'BAD_REQUEST',
    `limit must be an integer from ${PAGE_LIMIT.minimum} to ${PAGE_LIMIT.maximum}, got ${JSON.stringify(value)}`,
  );

/** A repeated or empty cursor is not one this API issued. */
export const refuseCursor: Refusal = () => badCursor();

/** A filter given twice is said so; a single wrong value is refused by `refusal`. */
export const once =
  (name: string, refusal: Refusal): Refusal =>
  (value) =>
    Array.isArray(value)
      ? new ApiError('BAD_REQUEST', `query parameter \`${name}\` must be given once`)
      : refusal(value);

/** A filter outside its enum, listing what it takes. */
export const refuseOneOf =
  (name: string, allowed: readonly string[]): Refusal =>
  () =>
    new ApiError('BAD_REQUEST', `query parameter \`${name}\` must be one of ${allowed.join(', ')}`);
