export * from './types';
export * from './partner-actions';
export * from './insert';
export * from './indexer-moves';
