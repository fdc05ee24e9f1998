export * from './types';
export * from './partner-actions';
export * from './indexer-moves';
