export * from './types';
export * from './read-quote-state';
