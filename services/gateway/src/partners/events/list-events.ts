import type { PartnerEventQuery } from '@yv/db';
import { eventsCursor } from '../../http/paging';
import { fetchPage } from '../../paging/fetch-page';
import { eventJson, type PartnerEventService } from '../../webhooks/events';

/** A page of the partner's events, newest first, with the cursor of the next page (null on the last). */
export async function listEventsPage(
  events: PartnerEventService,
  partnerId: string,
  /** `limit`: the page size. */
  query: PartnerEventQuery,
) {
  const page = await fetchPage(query.limit, (count) => events.list(partnerId, { ...query, limit: count }));
  return {
    data: page.items.map(eventJson),
    nextCursor: page.last ? eventsCursor(page.last.eventId) : null,
  };
}
