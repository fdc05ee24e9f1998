export * from './partners';
export * from './api-keys';
export * from './webhook-secrets';
export * from './rate-limits';
