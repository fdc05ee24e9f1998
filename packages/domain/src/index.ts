export * from './hlp';
export * from './errors';
export * from './activity';
export * from './readiness';
export * from './amount';
export * from './quotes';
export * from './actions';
export * from './webhooks';
