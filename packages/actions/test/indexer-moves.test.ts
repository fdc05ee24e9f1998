import {
  insertActivityEvents,
  insertPartnerActions,
  listActionProgress,
  updatePartnerAction,
  type ActivityEventRow,
  type PartnerActionChanges,
} from '@yv/db';
import { nextIndexerStatus, redemptionStatusAfter } from '@yv/domain';
import {
  ACTION_KINDS,
  PARTNER_ACTION_STATUSES,
  type ActionKind,
  type PartnerActionStatus,
} from '@yv/schemas';
import { useTestDatabase } from '@yv/testkit';
import { newAction, newPartner } from './support';

/**
 * The indexer's work list is SQL (listActionProgress, kept short by a partial index) and its moves are the
 * domain's nextIndexerStatus. This holds them together: over every kind, status, state of the action's own
 * transaction and history of its redemption, the SQL returns exactly the actions the rule would move.
 */
const db = useTestDatabase();
const CHAIN_ID = 999;
const FINAL_BLOCK = 100n;

/** The action's own transaction: none, not indexed, indexed at the final depth, or only above it. */
const TX_STATES = ['none', 'unindexed', 'final', 'unfinal'] as const;
/** Its redemption's final events, oldest first. */
const HISTORIES: readonly (readonly string[])[] = [
  [],
  ['redeem_requested'],
  ['redeem_requested', 'redeem_fulfilled'],
  ['redeem_requested', 'redeem_fulfilled', 'redeem_claimed'],
  ['redeem_requested', 'redeem_cancelled'],
];

interface Case {
  action: ActionKind;
  status: PartnerActionStatus;
  tx: (typeof TX_STATES)[number];
  history: readonly string[];
}

const cases: Case[] = ACTION_KINDS.flatMap((action) =>
  PARTNER_ACTION_STATUSES.flatMap((status) =>
    TX_STATES.flatMap((tx) => HISTORIES.map((history) => ({ action, status, tx, history }))),
  ),
);

const hex = (n: number, width: number) => `0x${n.toString(16).padStart(width, '0')}`;

function event(
  txHash: string,
  logIndex: number,
  block: bigint,
  type: string,
  redeemId: bigint | null,
): ActivityEventRow {
  const wallet = hex(0xb1, 40);
  return {
    chainId: CHAIN_ID,
    txHash,
    logIndex,
    blockNumber: block,
    blockHash: hex(Number(block), 64),
    blockTimestamp: new Date(Number(block) * 1000),
    type,
    eventName: type,
    wallet,
    owner: wallet,
    receiver: wallet,
    assetsRaw: 1n,
    sharesRaw: 1n,
    redeemId,
  };
}

/** Stores the case's action and events; returns the action id. */
async function store(partnerId: string, c: Case, n: number): Promise<string> {
  const redeemId = c.history.length > 0 ? BigInt(n) : null;
  const action = newAction(partnerId, c.action, redeemId);
  await insertPartnerActions(db.pool, [
    { action, createdAt: new Date(), event: { type: 'action.updated', payload: { id: action.id } } },
  ]);
  const txHash = c.tx === 'none' ? null : hex(n, 64);
  const changes: PartnerActionChanges = {
    status: c.status,
    ...(txHash ? { txHash, submittedAt: new Date() } : {}),
    ...(c.status === 'failed' ? { lastError: { code: 'TX_REVERTED' } } : {}),
  };
  await updatePartnerAction(db.pool, action.id, changes);
  const events: ActivityEventRow[] = [];
  // Every case's events share a few blocks, so each gets log indexes of its own: a log is named by its position.
  const logIndex = (i: number) => n * 8 + i;
  if (txHash && c.tx !== 'unindexed')
    events.push(
      event(txHash, logIndex(0), c.tx === 'final' ? FINAL_BLOCK : FINAL_BLOCK + 1n, 'deposit', null),
    );
  c.history.forEach((type, i) =>
    events.push(event(hex(n + 1_000_000 * (i + 1), 64), logIndex(1 + i), 10n + BigInt(i), type, redeemId)),
  );
  await insertActivityEvents(db.pool, events);
  return action.id;
}

it('lists exactly the actions nextIndexerStatus would move', async () => {
  const partnerId = await newPartner(db.pool);
  const ids = new Map<string, Case>();
  for (let i = 0; i < cases.length; i += 50) {
    const batch = cases.slice(i, i + 50);
    const stored = await Promise.all(batch.map((c, j) => store(partnerId, c, i + j + 1)));
    stored.forEach((id, j) => ids.set(id, batch[j]!));
  }
  const listed = await listActionProgress(db.pool, {
    chainId: CHAIN_ID,
    finalBlock: FINAL_BLOCK,
    limit: 10_000,
  });

  const expected = [...ids]
    .filter(([, c]) =>
      nextIndexerStatus({
        action: c.action,
        status: c.status,
        txIndexed: c.tx === 'final',
        redemption: redemptionStatusAfter(c.history.at(-1) ?? null),
      }),
    )
    .map(([id]) => id)
    .sort();
  const listedIds = new Set(listed.map((row) => row.id));
  const describe = (id: string) => JSON.stringify(ids.get(id));
  expect(expected.filter((id) => !listedIds.has(id)).map(describe)).toEqual([]);
  expect([...listedIds].filter((id) => !expected.includes(id)).map(describe)).toEqual([]);
  // Not a vacuous match: every move the rule knows is among the cases.
  expect(new Set(expected.map((id) => ids.get(id)!.status))).toEqual(
    new Set(['confirmed', 'indexed', 'waiting_for_keeper', 'claimable']),
  );
});
