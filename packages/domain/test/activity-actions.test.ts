import { nextIndexerStatus, redemptionStatusAfter, type ActionEvidence } from '../src/actions';
import { foldRedemptionUntil, redeemAssets, toRedeemJson } from '../src/activity';

const alice = '0x00000000000000000000000000000000000000a1';
const bob = '0x00000000000000000000000000000000000000b2';
const place = (tx: string, s: number) => ({ txHash: tx, blockTimestamp: new Date(s * 1000) });
const events = [
  {
    event: { name: 'RedeemRequested' as const, id: 7n, owner: alice, receiver: alice, shares: 10_000_000n },
    place: place('0x1', 1),
  },
  {
    event: {
      name: 'RedeemFulfilled' as const,
      id: 7n,
      owner: alice,
      receiver: alice,
      shares: 10_000_000n,
      assets: 9_500_000n,
    },
    place: place('0x2', 2),
  },
  {
    event: {
      name: 'RedeemClaimed' as const,
      id: 7n,
      owner: alice,
      receiver: bob,
      shares: 10_000_000n,
      assets: 9_500_000n,
    },
    place: place('0x3', 3),
  },
];

const evidence = (e: Partial<ActionEvidence>): ActionEvidence => ({
  action: 'redeem_async',
  status: 'confirmed',
  txIndexed: false,
  redemption: null,
  ...e,
});

test('a confirmed action of any kind is indexed once its transaction is, and not before', () => {
  for (const action of [
    'deposit',
    'redeem_instant',
    'claim_redeem',
    'cancel_redeem',
    'redeem_async',
  ] as const) {
    expect(nextIndexerStatus(evidence({ action }))).toBeNull();
    expect(nextIndexerStatus(evidence({ action, txIndexed: true }))).toBe('indexed');
  }
  expect(
    nextIndexerStatus(evidence({ action: 'deposit', status: 'indexed', redemption: 'pending' })),
  ).toBeNull();
  expect(nextIndexerStatus(evidence({ status: 'submitted', txIndexed: true }))).toBeNull();
});

test('a queued redemption action follows its redemption one step at a time', () => {
  const next = (status: ActionEvidence['status'], redemption: ActionEvidence['redemption']) =>
    nextIndexerStatus(evidence({ status, redemption, txIndexed: true }));
  expect(next('indexed', null)).toBeNull();
  expect(next('indexed', 'pending')).toBe('waiting_for_keeper');
  expect(next('waiting_for_keeper', 'pending')).toBeNull();
  expect(next('waiting_for_keeper', 'claimable')).toBe('claimable');
  expect(next('waiting_for_keeper', 'claimed')).toBe('claimable');
  expect(next('waiting_for_keeper', 'cancelled')).toBe('cancelled');
  expect(next('claimable', 'claimable')).toBeNull();
  expect(next('claimable', 'claimed')).toBe('claimed');
  expect(next('claimed', 'claimed')).toBeNull();
  expect(next('cancelled', 'cancelled')).toBeNull();
});

test('the latest event type gives the redemption status', () => {
  expect(
    ['redeem_requested', 'redeem_fulfilled', 'redeem_claimed', 'redeem_cancelled', 'deposit', null].map(
      redemptionStatusAfter,
    ),
  ).toEqual(['pending', 'claimable', 'claimed', 'cancelled', null, null]);
});

test('a move webhook carries the record as it first reached the status, in the spec Redeem shape', () => {
  const claimable = foldRedemptionUntil(events, 'claimable')!;
  expect([claimable.status, claimable.claimedTxHash, claimable.receiver]).toEqual(['claimable', null, alice]);
  expect(foldRedemptionUntil(events, 'cancelled')).toBeNull();
  expect(toRedeemJson(foldRedemptionUntil(events, 'claimed')!, { asset: 6, share: 12 }, null)).toEqual({
    id: '7',
    status: 'claimed',
    wallet: alice,
    owner: alice,
    receiver: bob,
    requestedTxHash: '0x1',
    fulfilledTxHash: '0x2',
    claimedTxHash: '0x3',
    cancelledTxHash: null,
    requestedAt: '1970-01-01T00:00:01.000Z',
    updatedAt: '1970-01-01T00:00:03.000Z',
    shares: { raw: '10000000', decimals: 12, formatted: '0.00001' },
    assets: { raw: '9500000', decimals: 6, formatted: '9.5' },
    assetsEstimate: false,
  });
});

test('a pending redemption shows its shares at the share price as an estimate; a cancelled one pays nothing', () => {
  // 10 shares of 6 decimals at 0.94 USDC a share.
  const pending = toRedeemJson(foldRedemptionUntil(events, 'pending')!, { asset: 6, share: 6 }, 940_000n);
  expect([pending.assets, pending.assetsEstimate]).toEqual([
    { raw: '9400000', decimals: 6, formatted: '9.4' },
    true,
  ]);
  expect(() => toRedeemJson(foldRedemptionUntil(events, 'pending')!, { asset: 6, share: 6 }, null)).toThrow(
    'a share price is needed',
  );
  const cancelled = { ...foldRedemptionUntil(events, 'pending')!, status: 'cancelled' as const };
  const price = { assetsPerShare: 5n, shareDecimals: 6 };
  expect([redeemAssets(cancelled, null), redeemAssets(cancelled, price)]).toEqual([
    { raw: 0n, estimate: false },
    { raw: 0n, estimate: false },
  ]);
});
