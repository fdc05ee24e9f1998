import { eventDetailJson, type PartnerEventService } from '../../webhooks/events';

/** One of the partner's events with every delivery and attempt (PartnerEventDetail). */
export async function readEvent(events: PartnerEventService, partnerId: string, eventId: string) {
  return eventDetailJson(await events.get(partnerId, eventId));
}
