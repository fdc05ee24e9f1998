import { Router, type Request } from 'express';
import type { Pool } from '@yv/db';
import { ApiError, NotFoundError, parseEventTime, redeliverySince, validated } from '@yv/domain';
import { WEBHOOK_EVENT_TYPES } from '@yv/schemas';
import { partnerAuth, partnerIdOf } from '../auth/partner-auth';
import { sendData } from '../http/envelope';
import {
  cursorParam,
  eventsCursor,
  isActionId,
  parseEventsCursor,
  parseLimit,
  queryText,
} from '../http/paging';
import { eventDetailJson, eventJson, type PartnerEventService } from '../webhooks/events';

export const PARTNER_EVENTS_PATH = '/api/v1/partner/events';

function eventIdParam(req: Request): string {
  const id = String(req.params.id);
  // Not echoed: a partner may paste anything there, a key included.
  if (!isActionId(id)) throw new NotFoundError('no such event: event ids are uuids (the webhook-id)');
  return id;
}

function typeParam(value: unknown): string | undefined {
  const type = queryText(value, 'type');
  if (type === undefined || (WEBHOOK_EVENT_TYPES as readonly string[]).includes(type)) return type;
  throw new ApiError(
    'BAD_REQUEST',
    `query parameter \`type\` must be one of ${WEBHOOK_EVENT_TYPES.join(', ')}`,
  );
}

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
export function partnerEventsRouter(deps: { pool: Pool; events: PartnerEventService }): Router {
  const router = Router();
  router.use(PARTNER_EVENTS_PATH, partnerAuth(deps.pool));

  router.get(PARTNER_EVENTS_PATH, async (req, res) => {
    const type = typeParam(req.query.type);
    const since = queryText(req.query.since, 'since');
    const cursor = cursorParam(req.query.cursor);
    const limit = parseLimit(req.query.limit);
    const rows = await deps.events.list(partnerIdOf(res), {
      ...(type === undefined ? {} : { type }),
      ...(since === undefined ? {} : { since: parseEventTime(since, 'since') }),
      ...(cursor === null ? {} : { afterEventId: parseEventsCursor(cursor) }),
      // One more than the page: whether a next page exists, without a cursor that leads to an empty one.
      limit: limit + 1,
    });
    const page = rows.slice(0, limit);
    const last = rows.length > limit ? page[page.length - 1] : undefined;
    sendData(res, page.map(eventJson), {
      updatedAt: new Date(),
      nextCursor: last ? eventsCursor(last.eventId) : null,
    });
  });

  // Before `/:id`, which would take "redeliver" as an id.
  router.post(`${PARTNER_EVENTS_PATH}/redeliver`, async (req, res) => {
    const body = validated<{ since: string }>('EventRedeliverRequest', req.body);
    const since = redeliverySince(body.since, new Date(), deps.events.retentionMs);
    sendData(res, await deps.events.redeliverSince(partnerIdOf(res), since), { updatedAt: new Date() }, 202);
  });

  router.get(`${PARTNER_EVENTS_PATH}/:id`, async (req, res) => {
    const event = await deps.events.get(partnerIdOf(res), eventIdParam(req));
    sendData(res, eventDetailJson(event), { updatedAt: new Date() });
  });

  router.post(`${PARTNER_EVENTS_PATH}/:id/redeliver`, async (req, res) => {
    noBody(req.body);
    const delivery = await deps.events.redeliver(partnerIdOf(res), eventIdParam(req));
    sendData(res, delivery, { updatedAt: new Date() }, 202);
  });

  return router;
}
