export * from './signature';
export * from './retry';
export * from './message';
