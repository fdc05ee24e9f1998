export { createPartnerClient } from './client';
export type {
  ActionRequest,
  ActionRoute,
  CreateActionOptions,
  ListActionsQuery,
  PartnerClient,
  PartnerClientOptions,
} from './client';
export { PartnerApiError, REQUEST_ID_HEADER, unwrap, type ApiErrorCode } from './errors';
export type { RetryOptions } from './retry';
export type { components, operations, paths } from './generated/openapi';
export {
  verifyWebhook,
  WebhookVerificationError,
  type VerifyWebhookOptions,
  type WebhookEvent,
  type WebhookEventType,
  type WebhookHeaders,
  type WebhookVerificationReason,
} from './webhooks';
export * from './flows';
