export * from './types';
export * from './read-vault-state';
export * from './serialize';
