export * from './types';
export * from './partner-actions';
