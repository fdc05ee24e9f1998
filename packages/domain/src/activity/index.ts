export * from './address';
export * from './redemption';
export * from './to-activity';
export * from './types';
export * from './action-progress';
export * from './redeem-json';
