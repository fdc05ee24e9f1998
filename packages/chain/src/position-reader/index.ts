export * from './latest-block';
export * from './position-reader';
