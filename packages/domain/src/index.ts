export * from './hlp';
export * from './errors';
export * from './activity';
export * from './readiness';
export * from './amount';
