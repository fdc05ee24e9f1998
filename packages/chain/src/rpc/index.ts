export * from './client';
export * from './errors';
export * from './retry';
export * from './types';
