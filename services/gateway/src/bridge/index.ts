export * from './types';
export { createHttpBridgeAdapter, type HttpBridgeOptions } from './http-client';
