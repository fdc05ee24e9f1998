export * from './types';
export * from './normalize-vault-details';
export * from './returns';
export * from './sampling';
export * from './fees';
export * from './section';
