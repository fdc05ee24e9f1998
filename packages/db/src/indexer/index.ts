export * from './activity';
export * from './blocks';
export * from './redemptions';
export * from './state';
export * from './transfers';
