export { parseWebhookWorkerConfig, webhookWorkerEnv, type WebhookWorkerConfig } from './config';
export { createWebhookWorkerMetrics, type DeliveryOutcome, type WebhookWorkerMetrics } from './metrics';
export { createWebhookWorker, type WebhookWorker, type WebhookWorkerOptions } from './worker';
