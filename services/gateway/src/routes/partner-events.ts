import { Router } from 'express';
import { ApiError, eventTimeError, NotFoundError, parseEventTime, validated } from '@yv/domain';
import {
  CursorParameter,
  EventIdParameter,
  EventSinceParameter,
  EventTypeParameter,
  LimitParameter,
  WEBHOOK_EVENT_TYPES,
} from '@yv/schemas';
import { partnerIdOf } from '../auth/partner-auth';
import { sendData } from '../http/envelope';
import { parameters } from '../http/parameters';
import { parseEventsCursor } from '../http/paging';
import { once, refuseCursor, refuseLimit, refuseOneOf } from '../http/refusals';
import { listEventsPage } from '../partners/events/list-events';
import { readEvent } from '../partners/events/read-event';
import { redeliverEventsSince } from '../partners/events/redeliver-since';
import type { PartnerEventService } from '../webhooks/events';

export const PARTNER_EVENTS_PATH = '/api/v1/partner/events';

const eventId = parameters([EventIdParameter], {
  // Not echoed: a partner may paste anything there, a key included.
  id: () => new NotFoundError('no such event: event ids are uuids (the webhook-id)'),
});

const listParameters = parameters(
  [EventTypeParameter, EventSinceParameter, CursorParameter, LimitParameter],
  {
    type: once('type', refuseOneOf('type', WEBHOOK_EVENT_TYPES)),
    since: once('since', () => eventTimeError('since')),
    cursor: refuseCursor,
    limit: refuseLimit,
  },
);

/** A call without a body: nothing, or an empty object; anything else is a mistake worth saying so. */
function noBody(body: unknown): void {
  const empty =
    body === undefined ||
    (typeof body === 'object' && body !== null && !Array.isArray(body) && Object.keys(body).length === 0);
  if (!empty) throw new ApiError('BAD_REQUEST', 'this call takes no body');
}

/**
 * The partner's webhook event log: list and read (with every delivery attempt), redeliver one event or every event
 * since a time. Behind a partner key; another partner's event is 404, like no event.
 */
export function partnerEventsRouter(deps: { events: PartnerEventService }): Router {
  const router = Router();

  router.get(PARTNER_EVENTS_PATH, async (req, res) => {
    const { type, since, cursor, limit } = listParameters(req);
    const page = await listEventsPage(deps.events, partnerIdOf(res), {
      ...(type === undefined ? {} : { type }),
      ...(since === undefined ? {} : { since: parseEventTime(since, 'since') }),
      ...(cursor === undefined ? {} : { afterEventId: parseEventsCursor(cursor) }),
      limit,
    });
    sendData(res, page.data, { updatedAt: new Date(), nextCursor: page.nextCursor });
  });

  // Before `/:id`, which would take "redeliver" as an id.
  router.post(`${PARTNER_EVENTS_PATH}/redeliver`, async (req, res) => {
    const body = validated('EventRedeliverRequest', req.body);
    const result = await redeliverEventsSince(deps.events, partnerIdOf(res), body.since);
    sendData(res, result, { updatedAt: new Date() }, 202);
  });

  router.get(`${PARTNER_EVENTS_PATH}/:id`, async (req, res) => {
    const event = await readEvent(deps.events, partnerIdOf(res), eventId(req).id);
    sendData(res, event, { updatedAt: new Date() });
  });

  router.post(`${PARTNER_EVENTS_PATH}/:id/redeliver`, async (req, res) => {
    noBody(req.body);
    const delivery = await deps.events.redeliver(partnerIdOf(res), eventId(req).id);
    sendData(res, delivery, { updatedAt: new Date() }, 202);
  });

  return router;
}
