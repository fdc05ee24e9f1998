import type { Pool } from '@yv/db';
import { listApiKeys } from './list-keys';
import { rotateApiKey } from './rotate-key';

/** The partner-api-keys route group's service: its use cases bound to the pool, answering the API's shapes. */
export function createApiKeyService(pool: Pool) {
  return {
    /** The new key as the API shows it once (ApiKeyCreated). */
    async rotate(partnerId: string, graceHours: number) {
      const rotated = await rotateApiKey(pool, { partnerId, graceHours });
      return {
        apiKey: rotated.apiKey,
        prefix: rotated.keyPrefix,
        createdAt: rotated.createdAt,
        previousKeysExpireAt: rotated.previousKeysExpireAt,
      };
    },
    list: (partnerId: string) => listApiKeys(pool, partnerId),
  };
}

export type ApiKeyService = ReturnType<typeof createApiKeyService>;
