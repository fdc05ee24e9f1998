export * from './state-machine';
export * from './steps';
export * from './to-json';
export * from './fingerprint';
export * from './verify-tx';
