import { configSchemas } from './config';
import { healthSchemas } from './health';
import { hlpSchemas } from './hlp';
import { vaultSchemas } from './vault';
import { walletSchemas } from './wallet';

export * from './config';
export * from './health';
export * from './hlp';
export * from './vault';
export * from './wallet';

export const readSchemas = {
  ...configSchemas,
  ...healthSchemas,
  ...vaultSchemas,
  ...hlpSchemas,
  ...walletSchemas,
} as const;
