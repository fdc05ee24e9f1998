export * from './writer';
