export * from './revert';
export * from './position-reader';
