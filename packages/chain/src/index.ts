export * from './revert';
export * from './rpc';
export * from './logs';
export * from './vault-reader';
export * from './position-reader';
