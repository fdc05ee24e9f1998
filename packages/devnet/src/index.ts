export * from './accounts';
export * from './chain';
export * from './deploy';
export * from './keeper';
export * from './heartbeat';
export * from './fixtures';
export * from './testing';
