export * from './types';
export * from './math';
export * from './rules';
export * from './refusals';
