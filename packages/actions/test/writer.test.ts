import { randomBytes, randomUUID } from 'node:crypto';
import {
  findActivePartnerApiKeys,
  findPartnerActionByKey,
  findPartnerActionsByKeys,
  insertPartnerApiKey,
  listOutboxEvents,
  newPartnerActionRow,
  revokePartnerApiKey,
  type PartnerActionChanges,
} from '@yv/db';
import { IllegalTransitionError, toPartnerActionJson } from '@yv/domain';
import type { PartnerActionStatus } from '@yv/schemas';
import { useTestDatabase } from '@yv/testkit';
import { createActionWriter } from '../src';
import { deployment, newAction, newPartner } from './support';

const db = useTestDatabase();

function writer() {
  const entered: PartnerActionStatus[] = [];
  const created: string[] = [];
  const w = createActionWriter({
    pool: db.pool,
    deployment,
    onCreated: (row) => created.push(row.id),
    onTransition: (to) => entered.push(to),
  });
  return { w, entered, created };
}

/** A legal first move of a new action (the submit's). */
const submitted = (): PartnerActionChanges => ({
  status: 'submitted',
  txHash: `0x${randomBytes(32).toString('hex')}`,
  submittedAt: new Date(),
});

const statuses = async (id: string) =>
  (await listOutboxEvents(db.pool, 'action.updated', id)).map(
    (e) => (e.payload as { status: string }).status,
  );

describe('the action writer', () => {
  it('records each creation and change with its action.updated event, and counts them', async () => {
    const { w, entered, created } = writer();
    const action = newAction(await newPartner(db.pool), 'deposit');
    const written = (await w.create(action))!;
    expect(written.json).toMatchObject({ id: action.id, status: 'created', action: 'deposit' });
    const changed = await w.change(action.id, submitted);
    expect(changed).toMatchObject({ changed: true, row: { status: 'submitted' } });
    expect(await statuses(action.id)).toEqual(['created', 'submitted']);
    expect(created).toEqual([action.id]);
    expect(entered).toEqual(['submitted']);
  });

  it("creates the action and an event carrying exactly the stored resource, stamped by the writer's clock", async () => {
    const createdAt = new Date('2026-01-02T03:04:05.678Z');
    const w = createActionWriter({ pool: db.pool, deployment, clock: () => createdAt });
    const action = newAction(await newPartner(db.pool), 'deposit');
    const written = (await w.create(action))!;
    const stored = (await findPartnerActionByKey(db.pool, action.partnerId, action.idempotencyKey))!;
    expect(written.row).toEqual(stored);
    expect(stored).toEqual(newPartnerActionRow(action, createdAt));
    const [event, ...more] = await listOutboxEvents(db.pool, 'action.updated', action.id);
    expect(more).toEqual([]);
    expect(event).toMatchObject({ sequence: 1, partnerId: action.partnerId, relayed: false });
    expect(event!.payload).toEqual(toPartnerActionJson(stored, deployment));
    expect(written.json).toEqual(event!.payload);
  });

  it('never moves updatedAt back when the creating clock ran ahead of the database', async () => {
    const ahead = new Date(Date.now() + 60_000);
    const w = createActionWriter({ pool: db.pool, deployment, clock: () => ahead });
    const action = newAction(await newPartner(db.pool), 'deposit');
    await w.create(action);
    const changed = await w.change(action.id, submitted);
    expect(changed!.row.updatedAt.getTime()).toBeGreaterThanOrEqual(ahead.getTime());
  });

  it('answers null for a key already used, and writes no second event', async () => {
    const { w } = writer();
    const action = newAction(await newPartner(db.pool), 'deposit');
    await w.create(action);
    expect(await w.create({ ...action, id: newAction(action.partnerId, 'deposit').id })).toBeNull();
    expect(await statuses(action.id)).toEqual(['created']);
  });

  it('writes creations that arrive together in one statement, each answered as if alone', async () => {
    const { w, created } = writer();
    const partner = await newPartner(db.pool);
    const taken = newAction(partner, 'deposit');
    await w.create(taken);
    const fresh = [newAction(partner, 'deposit'), newAction(partner, 'redeem_async', 7n)];
    // The same key twice in one batch, and a key used before it: the constraint picks one, the others answer null.
    const twin = { ...newAction(partner, 'deposit'), idempotencyKey: fresh[0]!.idempotencyKey };
    const reused = { ...newAction(partner, 'deposit'), idempotencyKey: taken.idempotencyKey };
    // Counted, not replaced: every statement still runs against the database.
    const queries = jest.spyOn(db.pool, 'query');
    const answers = await Promise.all([...fresh, twin, reused].map((action) => w.create(action)));
    expect(queries).toHaveBeenCalledTimes(1);
    queries.mockRestore();
    expect(answers.map((a) => a?.row.id ?? null)).toEqual([fresh[0]!.id, fresh[1]!.id, null, null]);
    expect(answers[1]!.row).toMatchObject({ action: 'redeem_async', redeemId: '7' });
    for (const action of fresh) {
      expect(await findPartnerActionByKey(db.pool, partner, action.idempotencyKey)).toMatchObject({
        id: action.id,
      });
      expect(await statuses(action.id)).toEqual(['created']);
    }
    expect(await statuses(twin.id)).toEqual([]);
    expect(await statuses(reused.id)).toEqual([]);
    expect(created).toEqual([taken.id, fresh[0]!.id, fresh[1]!.id]);
  });

  it('leaves the action and its events alone when the decision is null', async () => {
    const { w, entered } = writer();
    const action = newAction(await newPartner(db.pool), 'deposit');
    await w.create(action);
    const outcome = await w.change(action.id, () => null);
    expect(outcome).toMatchObject({ changed: false, row: { status: 'created' } });
    expect(await statuses(action.id)).toEqual(['created']);
    expect(entered).toEqual([]);
  });

  it('refuses a move the state machine has no edge for, and writes nothing', async () => {
    const { w, entered } = writer();
    const action = newAction(await newPartner(db.pool), 'deposit');
    await w.create(action);
    await expect(w.change(action.id, () => ({ status: 'waiting_for_keeper' }))).rejects.toBeInstanceOf(
      IllegalTransitionError,
    );
    expect(await statuses(action.id)).toEqual(['created']);
    expect(entered).toEqual([]);
  });

  it('appends related events in the same transaction, and none when they fail', async () => {
    const { w } = writer();
    const action = newAction(await newPartner(db.pool), 'redeem_async', 7n);
    await w.create(action);
    const related = async () => [
      {
        type: 'redeem.updated' as const,
        aggregateId: '7',
        partnerId: action.partnerId,
        payload: { id: '7' },
      },
    ];
    await w.change(action.id, submitted, related);
    expect(await listOutboxEvents(db.pool, 'redeem.updated', '7')).toHaveLength(1);

    const failing = async (): Promise<never> => {
      throw new Error('the redemption could not be read');
    };
    await expect(
      w.change(action.id, () => ({ status: 'failed', lastError: { code: 'X' } }), failing),
    ).rejects.toThrow('could not be read');
    expect(await statuses(action.id)).toEqual(['created', 'submitted']);
  });

  it('answers null for an unknown id', async () => {
    const { w } = writer();
    expect(await w.change('00000000-0000-4000-8000-000000000000', () => ({ status: 'failed' }))).toBeNull();
  });
});

describe('the lookups the gateway batches', () => {
  it('finds each (partner, key) its action, null for an unused key, in the keys order', async () => {
    const w = createActionWriter({ pool: db.pool, deployment });
    const [p1, p2] = [await newPartner(db.pool), await newPartner(db.pool)];
    const [a1, a2] = [newAction(p1, 'deposit'), newAction(p2, 'deposit')];
    await w.create(a1);
    await w.create(a2);
    const found = await findPartnerActionsByKeys(db.pool, [
      { partnerId: p2, idempotencyKey: a2.idempotencyKey },
      { partnerId: p2, idempotencyKey: a1.idempotencyKey },
      { partnerId: p1, idempotencyKey: a1.idempotencyKey },
      { partnerId: p1, idempotencyKey: a1.idempotencyKey },
    ]);
    expect(found.map((row) => row?.id ?? null)).toEqual([a2.id, null, a1.id, a1.id]);
    expect(found[0]).toEqual(await findPartnerActionByKey(db.pool, p2, a2.idempotencyKey));
  });

  it('finds each prefix its active key, null when revoked, expired, unknown or its partner disabled', async () => {
    const partner = await newPartner(db.pool);
    const key = async (prefix: string) => {
      const id = randomUUID();
      await insertPartnerApiKey(db.pool, { id, partnerId: partner, prefix, keyHash: Buffer.alloc(32, 7) });
      return id;
    };
    const suffix = randomUUID().slice(0, 8);
    const active = await key(`act_${suffix}`);
    await key(`rev_${suffix}`);
    await revokePartnerApiKey(db.pool, partner, `rev_${suffix}`);
    await key(`exp_${suffix}`);
    await db.pool.query(
      `UPDATE partner_api_keys SET expires_at = now() - interval '1 second' WHERE prefix = $1`,
      [`exp_${suffix}`],
    );
    const prefixes = [`rev_${suffix}`, `act_${suffix}`, `none_${suffix}`, `exp_${suffix}`, `act_${suffix}`];
    const found = await findActivePartnerApiKeys(db.pool, prefixes);
    expect(found.map((k) => k?.keyId ?? null)).toEqual([null, active, null, null, active]);
    expect(found[1]).toEqual({ keyId: active, partnerId: partner, keyHash: Buffer.alloc(32, 7) });
    await db.pool.query(`UPDATE partners SET disabled_at = now() WHERE id = $1`, [partner]);
    expect(await findActivePartnerApiKeys(db.pool, [`act_${suffix}`])).toEqual([null]);
  });
});
