export * from './state-machine';
export * from './indexer-moves';
export * from './plan';
export * from './steps';
export * from './to-json';
export * from './idempotency';
export * from './verify-tx';
export * from './unsigned';
