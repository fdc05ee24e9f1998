export * from './deliveries';
export * from './endpoints';
