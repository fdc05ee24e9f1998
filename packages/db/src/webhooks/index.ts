export * from './deliveries';
export * from './lifecycle';
export * from './statement-moves';
export * from './endpoints';
export * from './partner-endpoint';
export * from './events';
export * from './retention';
