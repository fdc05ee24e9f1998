import type { PathsObject, Tag } from '../paths/operations';
import { errorsGuide } from './errors';
import { idempotencyGuide } from './idempotency';
import { DEPOSIT_GUIDE, WITHDRAWAL_GUIDE } from './integration';
import { RATE_LIMITS_GUIDE } from './rate-limits';
import { WEBHOOKS_GUIDE } from './webhooks';

/**
 * Guides of the reference: Redoc renders a tag with `x-traitTag` as a section of prose (its description) without
 * operations, and `x-tagGroups` sorts the sidebar into the guides and the operations.
 */
export interface GuideTag extends Tag {
  'x-traitTag': true;
  'x-displayName': string;
}

export interface TagGroup {
  name: string;
  tags: string[];
}

const guide = (name: string, displayName: string, description: string): GuideTag => ({
  name,
  'x-displayName': displayName,
  'x-traitTag': true,
  description,
});

/** In reading order. `paths` are the document's: the guides that list operations read them from there. */
export function guideTags(paths: PathsObject): GuideTag[] {
  return [
    guide('guide-deposit', 'Deposit sequence', DEPOSIT_GUIDE),
    guide('guide-withdrawal', 'Withdrawal lifecycle', WITHDRAWAL_GUIDE),
    guide('guide-idempotency', 'Idempotency', idempotencyGuide(paths)),
    guide('guide-rate-limits', 'Rate limits', RATE_LIMITS_GUIDE),
    guide('guide-errors', 'Errors', errorsGuide()),
    guide('guide-webhooks', 'Webhook events', WEBHOOKS_GUIDE),
  ];
}

/** The sidebar: the guides first, then every operation tag; Redoc hides a tag that is in no group. */
export function tagGroups(guides: readonly Tag[], operationTags: readonly Tag[]): TagGroup[] {
  return [
    { name: 'Guides', tags: guides.map((tag) => tag.name) },
    { name: 'API reference', tags: operationTags.map((tag) => tag.name) },
  ];
}
