import type { Pool } from '@yv/db';
import { rotateApiKey, type RotatedKey } from '../../partners/api-keys/rotate-key';
import { asOperator } from '../errors';

/** `key rotate`: the partner API's rotation; the current keys stay valid for `graceHours` more (0 ends them now). */
export function rotateKey(
  pool: Pool,
  input: { partnerId: string; graceHours: number; now?: Date },
): Promise<RotatedKey> {
  return asOperator(() => rotateApiKey(pool, input));
}
