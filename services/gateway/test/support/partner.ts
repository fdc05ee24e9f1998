import { randomBytes } from 'node:crypto';
import type { Express } from 'express';
import request from 'supertest';
import { findPartnerActionByKey, type Pool } from '@yv/db';
import { createValidator } from '@yv/schemas';
import { createPartner } from '../../src/admin/commands';

const validator = createValidator();

export interface TxJson {
  to: string;
  data: string;
  value: string;
  chainId: number;
}

/** The PartnerAction fields the tests read; every response is first validated against the full schema. */
export interface ActionJson {
  id: string;
  action: string;
  status: string;
  wallet: string;
  receiver: string | null;
  redeemId: string | null;
  txHash: string | null;
  steps: { id: string; kind: string; status: string; tx: TxJson; refreshQuoteAfterConfirm: boolean }[];
  quote: {
    tx: TxJson;
    expiresAt: string;
    requirements?: { spender: string; amount: { raw: string } }[];
    expected: Record<string, { raw: string }>;
  };
  lastError: { code: string; message: string } | null;
  indexingPending: boolean;
  receiptBlockNumber: string | null;
  idempotentReplay: boolean;
  metadata: { addresses: Record<'share' | 'core' | 'depositPipe' | 'redemptionPipe' | 'asset', string> };
}

export const newIdempotencyKey = () => `key-${randomBytes(8).toString('hex')}`;

/** A partner made with the admin command (the repository functions behind `pnpm admin partner create`). */
export async function createTestPartner(pool: Pool, name = 'partner') {
  return createPartner(pool, { name });
}

/** Asserts a 2xx PartnerActionResponse with `status` and returns its action. */
export function expectAction(res: request.Response, status: number): ActionJson {
  expect({ status: res.status, body: res.body as unknown }).toMatchObject({ status });
  expect(validator.validate('PartnerActionResponse', res.body)).toEqual({ ok: true });
  return res.body.data as ActionJson;
}

/** Asserts an ErrorResponse with `status` and `code` and returns its message. */
export function expectError(res: request.Response, status: number, code: string): string {
  expect({ status: res.status, code: res.body?.error?.code }).toEqual({ status, code });
  expect(validator.validate('ErrorResponse', res.body)).toEqual({ ok: true });
  return res.body.error.message as string;
}

/** The partner-action endpoints as a partner backend calls them, with its key. */
export function partnerClient(app: Express, apiKey: string) {
  const auth = (req: request.Test) => req.set('authorization', `Bearer ${apiKey}`);
  const client = {
    create(route: string, body: unknown, key: string | null = newIdempotencyKey()) {
      const req = auth(request(app).post(`/api/v1/partner/actions/${route}`));
      return (key === null ? req : req.set('idempotency-key', key)).send(body as object);
    },
    get: (id: string) => auth(request(app).get(`/api/v1/partner/actions/${id}`)),
    submit: (id: string, txHash: string) =>
      auth(request(app).post(`/api/v1/partner/actions/${id}/submit`)).send({ txHash }),
    /** Creates and asserts 201. */
    async created(route: string, body: unknown, key?: string): Promise<ActionJson> {
      return expectAction(await client.create(route, body, key), 201);
    },
    /** Polls GET until `done` holds for the status (the spec's rule 6), validating every answer. */
    async pollUntil(id: string, done: (status: string) => boolean, timeoutMs = 30_000): Promise<ActionJson> {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const action = expectAction(await client.get(id), 200);
        if (done(action.status)) return action;
        if (Date.now() > until)
          throw new Error(`action ${id} is still ${action.status} after ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
  };
  return client;
}

export type PartnerClient = ReturnType<typeof partnerClient>;

/** The action a partner stored under an idempotency key, or null: a refused create must leave none. */
export function storedAction(pool: Pool, partnerId: string, key: string) {
  return findPartnerActionByKey(pool, partnerId, key);
}
