export * from './hlp';
