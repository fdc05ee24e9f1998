export * from './signature';
export * from './retry';
export * from './message';
export * from './url-policy';
export * from './events';
export * from './endpoint';
export * from './delivery-states';
