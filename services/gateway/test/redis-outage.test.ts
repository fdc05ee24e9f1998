// layouts: both
import { startTcpProxy, testRedisUrl, type TcpProxy } from '@yv/testkit';
import { startTestGateway, type TestGateway } from './support/gateway';
import { createTestPartner, expectAction, partnerClient, type PartnerClient } from './support/partner';
import { depositAllowance, signAndSend, verifiedHash } from './support/signer';

/**
 * Postgres is the truth and Redis a helper: with Redis unreachable (a proxy in front of it, cut), creating,
 * submitting and reading actions still answer, and the receipt follow-up Redis could not take is handed to BullMQ
 * once it is back, so the action still settles.
 */
const USDC = 10n ** 6n;
// A submit that waited for Redis would hang until it returned; this bound is far above a normal answer.
const ANSWER_BOUND_MS = 5_000;
let proxy: TcpProxy;
let gw: TestGateway;
let partner: PartnerClient;

beforeAll(async () => {
  proxy = await startTcpProxy(testRedisUrl());
  gw = await startTestGateway({ env: { REDIS_URL: proxy.url } });
  partner = partnerClient(gw.app, (await createTestPartner(gw.pool)).apiKey);
}, 120_000);
afterAll(async () => {
  await proxy?.start().catch(() => undefined);
  await gw?.close();
  await proxy?.stop();
});

test('submits and reads while Redis is down; the action settles once Redis is back', async () => {
  const wallet = gw.vault.wallets[0]!;
  const amountRaw = 100n * USDC;
  const body = { amountRaw: amountRaw.toString(), account: wallet.address, slippageBps: 50 };
  let action = await partner.created('deposit', body);
  const approval = action.steps.find((step) => step.kind === 'approval');
  if (approval) {
    verifiedHash(await signAndSend(wallet, approval.tx), gw.vault.deployment.contracts.usdc);
    expect((await depositAllowance(gw.vault.deployment, wallet)) >= amountRaw).toBe(true);
    action = await partner.created('deposit', body);
  }
  const receipt = await signAndSend(wallet, action.steps.at(-1)!.tx);
  const hash = verifiedHash(receipt, action.metadata.addresses.depositPipe);

  await proxy.stop();
  try {
    const submitted = expectAction(await partner.submit(action.id, hash).timeout(ANSWER_BOUND_MS), 200);
    expect(submitted.status).toBe('submitted');
    expect(expectAction(await partner.get(action.id).timeout(ANSWER_BOUND_MS), 200).status).toBe('submitted');
    expectAction(await partner.create('deposit', body).timeout(ANSWER_BOUND_MS), 201);
  } finally {
    await proxy.start();
  }
  const settled = await partner.pollUntil(action.id, (status) => status !== 'submitted', 30_000);
  expect(settled.status).toBe('confirmed');
});
