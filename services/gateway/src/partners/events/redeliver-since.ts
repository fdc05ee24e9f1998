import { redeliverySince } from '@yv/domain';
import type { BulkRedelivery, PartnerEventService } from '../../webhooks/events';

/** Every event since `since` again, `since` bounded to the retention window back and to now. */
export function redeliverEventsSince(
  events: PartnerEventService,
  partnerId: string,
  since: string,
): Promise<BulkRedelivery> {
  return events.redeliverSince(partnerId, redeliverySince(since, new Date(), events.retentionMs));
}
