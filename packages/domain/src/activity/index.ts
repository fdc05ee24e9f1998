export * from './address';
export * from './redemption';
export * from './to-activity';
export * from './types';
export * from './redeem-json';
