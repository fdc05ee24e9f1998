export * from './options';
export * from './services';
export * from './bootstrap';
export { readsRouter, type ReadsDeps } from '../routes/reads';
