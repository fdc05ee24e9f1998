export * from './config';
export * from './watcher';
export * from './metrics';
export { readinessThresholds } from './readiness';
