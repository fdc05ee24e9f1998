export * from './decode';
export * from './events';
