import { ApiError } from '../errors';

/**
 * The partner's event log: the `since` of a listing or a bulk redelivery. Only full ISO 8601 date-times with a
 * zone are taken, so a time never depends on the server's own zone.
 */
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

/** The one refusal of a time that is not one, wherever `name` arrives (a body field or a query parameter). */
export const eventTimeError = (name: string): ApiError =>
  new ApiError(
    'BAD_REQUEST',
    `\`${name}\` must be an ISO 8601 date-time with a zone, e.g. 2026-11-24T09:00:00Z`,
  );

export function parseEventTime(value: unknown, name: string): Date {
  const at = typeof value === 'string' && ISO_DATE_TIME.test(value) ? new Date(value) : null;
  if (!at || Number.isNaN(at.getTime())) throw eventTimeError(name);
  return at;
}

/**
 * A bulk redelivery's `since`: no earlier than the retention window back (older events are pruned, and the bound
 * keeps one call from replaying the whole log), and not in the future.
 */
export function redeliverySince(value: unknown, now: Date, retentionMs: number): Date {
  const since = parseEventTime(value, 'since');
  const earliest = new Date(now.getTime() - retentionMs);
  if (since < earliest)
    throw new ApiError(
      'BAD_REQUEST',
      `\`since\` may go back at most the event retention, to ${earliest.toISOString()}; events before are not kept`,
    );
  if (since > now)
    throw new ApiError('BAD_REQUEST', '`since` is in the future: there is nothing to redeliver');
  return since;
}
