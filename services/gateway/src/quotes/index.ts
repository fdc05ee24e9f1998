export * from './types';
export { createQuoteService } from './service';
export { bridgedDestination } from './withdrawal';
