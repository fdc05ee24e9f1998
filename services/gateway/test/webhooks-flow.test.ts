// layouts: both
import type { HDNodeWallet } from 'ethers';
import { Webhook } from 'standardwebhooks';
import { listWebhookDeliveries } from '@yv/db';
import { createKeeperSimulator } from '@yv/devnet';
import type { Indexer } from '../../indexer/src/indexer';
import { syncTo, testIndexer } from '../../indexer/test/helpers';
import type { WebhookWorker } from '../../webhook-worker/src';
import { startReceiver, waitFor, type Receiver } from '../../webhook-worker/test/support/receiver';
import { testWorker } from '../../webhook-worker/test/support/worker';
import { createPartner } from '../src/admin/commands';
import { useTestGateway } from './support/gateway';
import { depositThroughGateway, redeemAsyncThroughGateway, signSubmitAndSettle } from './support/flows';
import { partnerClient, type PartnerClient } from './support/partner';

/**
 * What a partner's receiver gets over a whole withdrawal lifecycle: the gateway takes and confirms the actions, the
 * indexer moves them on from the chain, the keeper simulator fulfils the redemption, and the webhook worker relays
 * every outbox row to a real HTTP receiver. Each message is checked with standardwebhooks on the raw body.
 */
const gw = useTestGateway();
const USDC = 10n ** 6n;
let hooks: Receiver;
let worker: WebhookWorker;
let indexer: Indexer;
let partner: PartnerClient;
let partnerId: string;
let webhookSecret: string;
let owner: HDNodeWallet;

beforeAll(async () => {
  hooks = await startReceiver();
  const created = await createPartner(gw.pool, { name: 'webhook flow', webhookUrl: hooks.url });
  ({ partnerId, webhookSecret } = created);
  partner = partnerClient(gw.app, created.apiKey);
  owner = gw.vault.wallets[0]!;
  worker = testWorker(
    { pool: gw.pool, url: gw.config.DATABASE_URL },
    { url: gw.config.REDIS_URL, bullmqPrefix: gw.config.QUEUE_PREFIX },
  );
  worker.start();
  indexer = testIndexer(gw.vault, { pool: gw.pool, url: gw.config.DATABASE_URL });
});
afterAll(async () => {
  await worker?.stop();
  await hooks?.close();
});

interface Message {
  webhookId: string;
  type: 'action.updated' | 'redeem.updated';
  timestamp: string;
  sequence: number;
  data: {
    id: string;
    status: string;
    action?: string;
    redeemId?: string | null;
    claimedTxHash?: string | null;
  };
}

/** Every message received so far, verified by standardwebhooks (which throws on a bad signature). */
function verifiedMessages(): Message[] {
  const wh = new Webhook(webhookSecret);
  return hooks.received.map((received) => {
    const headers = Object.fromEntries(
      Object.entries(received.headers).map(([name, value]) => [name, String(value)]),
    );
    const message = wh.verify(received.rawBody, headers) as Omit<Message, 'webhookId'>;
    return { ...message, webhookId: headers['webhook-id']! };
  });
}

async function partnerEventIds(): Promise<string[]> {
  const { rows } = await gw.pool.query<{ eventId: string }>(
    `SELECT event_id AS "eventId" FROM outbox_events WHERE partner_id = $1 ORDER BY id`,
    [partnerId],
  );
  return rows.map((row) => row.eventId);
}

/** Lets the indexer catch up with the chain, then waits until every event of the partner was delivered. */
async function indexAndDeliver(): Promise<void> {
  await syncTo(indexer, gw.pool, gw.vault.deployment.chainId, await gw.vault.provider.getBlockNumber());
  await waitFor('every event delivered', async () => {
    const events = await partnerEventIds();
    const deliveries = await listWebhookDeliveries(gw.pool, partnerId);
    return (
      deliveries.length === events.length &&
      deliveries.every((delivery) => delivery.status === 'delivered') &&
      hooks.received.length >= deliveries.length
    );
  });
}

/**
 * The resources the partner heard of, each with the statuses it went through as a receiver applies them: by
 * `sequence`, which must run 1, 2, 3 … without a gap or a repeat, with the change times in the same order.
 */
function lifecycles(messages: Message[]) {
  const byResource = new Map<string, Message[]>();
  for (const message of messages) {
    const key = `${message.type} ${message.data.id}`;
    byResource.set(key, [...(byResource.get(key) ?? []), message]);
  }
  return [...byResource.values()].map((group) => {
    const ordered = [...group].sort((a, b) => a.sequence - b.sequence);
    expect(ordered.map((message) => message.sequence)).toEqual(ordered.map((_, index) => index + 1));
    const times = ordered.map((message) => Date.parse(message.timestamp));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    const last = ordered[ordered.length - 1]!;
    return {
      kind: last.type === 'redeem.updated' ? 'redemption' : last.data.action!,
      id: last.data.id,
      statuses: ordered.map((message) => message.data.status),
      last: last.data,
    };
  });
}

it('deposit → redeem-async → keeper fulfils → claim reaches the partner as the expected signed events', async () => {
  const shares = await depositThroughGateway(partner, gw.vault.deployment, owner, 5_000n * USDC);
  await indexAndDeliver();
  const redeemId = await redeemAsyncThroughGateway(partner, gw.vault.deployment, owner, shares / 2n);
  await indexAndDeliver();

  const keeper = createKeeperSimulator({ keeper: gw.vault.keeper, deployment: gw.vault.deployment });
  expect((await keeper.tick()).actions.fulfilled).toContain(redeemId);
  await indexAndDeliver();

  const claim = await partner.created('claim', {
    id: redeemId,
    account: owner.address,
    receiver: owner.address,
  });
  const { receipt } = await signSubmitAndSettle(
    partner,
    owner,
    claim,
    claim.metadata.addresses.redemptionPipe,
  );
  await indexAndDeliver();

  // Every delivery is verified by an implementation that is not ours, and each event arrived exactly once.
  const messages = verifiedMessages();
  const ids = messages.map((message) => message.webhookId);
  expect(new Set(ids).size).toBe(ids.length);
  expect([...ids].sort()).toEqual([...(await partnerEventIds())].sort());
  expect((await listWebhookDeliveries(gw.pool, partnerId)).map((delivery) => delivery.attempts)).toEqual(
    ids.map(() => 1),
  );

  const heard = lifecycles(messages);
  const byKind = (kind: string) => heard.filter((resource) => resource.kind === kind);
  // The first deposit action carried the approval step: the helper signs only that, then makes a new action, which
  // supersedes the first (cancelled, never failed).
  expect(byKind('deposit').map((resource) => resource.statuses)).toEqual([
    ['created', 'cancelled'],
    ['created', 'submitted', 'confirmed', 'indexed'],
  ]);
  expect(byKind('redeem_async').map((resource) => [resource.last.redeemId, resource.statuses])).toEqual([
    [
      redeemId,
      ['created', 'submitted', 'confirmed', 'indexed', 'waiting_for_keeper', 'claimable', 'claimed'],
    ],
  ]);
  expect(byKind('claim_redeem').map((resource) => [resource.id, resource.statuses])).toEqual([
    [claim.id, ['created', 'submitted', 'confirmed', 'indexed']],
  ]);
  expect(byKind('redemption').map((resource) => [resource.id, resource.statuses])).toEqual([
    [redeemId, ['pending', 'claimable', 'claimed']],
  ]);
  expect(byKind('redemption')[0]!.last.claimedTxHash).toBe(receipt.hash);
  expect(heard).toHaveLength(5);
});
