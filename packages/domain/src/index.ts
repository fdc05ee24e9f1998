export * from './hlp';
export * from './errors';
export * from './amount';
