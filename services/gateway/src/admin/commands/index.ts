/**
 * Operator commands behind `pnpm admin`, one per file. Each returns the JSON the CLI prints; a key or secret appears
 * only there, once. The rotations are the partner API's own services, their refusals worded for the operator.
 */
export const DEFAULT_GRACE_HOURS = 24;

export { createPartner } from './partner-create';
export { rotateKey } from './key-rotate';
export { revokeKey } from './key-revoke';
export { setWebhook } from './webhook-set';
export { rotateWebhookSecret } from './webhook-rotate-secret';
export { setRateLimit } from './limits-set';
export { clearRateLimit } from './limits-clear';
