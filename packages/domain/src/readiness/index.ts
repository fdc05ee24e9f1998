export * from './reason-codes';
export * from './types';
export * from './evaluate';
export * from './keeper-heartbeat';
export * from './current';
