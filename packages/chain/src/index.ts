export * from './revert';
