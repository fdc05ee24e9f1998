import type { Response } from 'express';
import type { ApiErrorCode } from '@yv/schemas';

export interface SuccessMeta {
  /** When the data was true (a snapshot's time), not when it was served. */
  updatedAt: Date;
  [extra: string]: unknown;
}

export function sendData(res: Response, data: unknown, meta: SuccessMeta, status = 200): void {
  res
    .status(status)
    .json({ success: true, data, meta: { ...meta, updatedAt: meta.updatedAt.toISOString() } });
}

export function sendError(res: Response, status: number, code: ApiErrorCode, message: string): void {
  res.status(status).json({ success: false, error: { code, message } });
}
