import { applyRedemptionEvent, foldRedemption, RedemptionTransitionError, toActivity } from '../src/activity';

const pipe = '0x00000000000000000000000000000000000000aa';
const alice = '0x00000000000000000000000000000000000000a1';
const bob = '0x00000000000000000000000000000000000000b2';
const zero = '0x0000000000000000000000000000000000000000';
const place = (tx: string, s: number) => ({ txHash: tx, blockTimestamp: new Date(s * 1000) });

test('share transfers that book mints, burns or escrow are not activity; holder transfers are', () => {
  const ctx = { redemptionPipe: pipe };
  expect(toActivity({ name: 'Transfer', from: zero, to: alice, value: 1n }, ctx)).toBeNull();
  expect(toActivity({ name: 'Transfer', from: alice, to: zero, value: 1n }, ctx)).toBeNull();
  expect(toActivity({ name: 'Transfer', from: alice, to: pipe, value: 1n }, ctx)).toBeNull();
  expect(toActivity({ name: 'Transfer', from: alice, to: bob, value: 5n }, ctx)).toMatchObject({
    type: 'transfer',
    wallet: alice,
    receiver: bob,
    sharesRaw: 5n,
  });
  expect(
    toActivity({ name: 'Deposit', sender: bob, receiver: alice, assets: 2n, shares: 3n }, ctx),
  ).toMatchObject({
    type: 'deposit',
    wallet: alice,
    owner: bob,
  });
});

test('a redemption folds request → fulfil → claim, taking the claim receiver', () => {
  const r = foldRedemption([
    {
      event: { name: 'RedeemRequested', id: 7n, owner: alice, receiver: alice, shares: 10n },
      place: place('0x1', 1),
    },
    {
      event: { name: 'RedeemFulfilled', id: 7n, owner: alice, receiver: alice, shares: 10n, assets: 9n },
      place: place('0x2', 2),
    },
    {
      event: { name: 'RedeemClaimed', id: 7n, owner: alice, receiver: bob, shares: 10n, assets: 9n },
      place: place('0x3', 3),
    },
  ]);
  expect(r).toMatchObject({
    status: 'claimed',
    assetsRaw: 9n,
    receiver: bob,
    fulfilledTxHash: '0x2',
    claimedTxHash: '0x3',
  });
  expect(r!.requestedAt.getTime()).toBe(1000);
  expect(r!.updatedAt.getTime()).toBe(3000);
});

test('transitions the chain forbids are refused', () => {
  const pending = applyRedemptionEvent(
    null,
    { name: 'RedeemRequested', id: 1n, owner: alice, receiver: alice, shares: 1n },
    place('0x1', 1),
  );
  const cancelled = applyRedemptionEvent(
    pending,
    { name: 'RedeemCancelled', id: 1n, owner: alice, receiver: alice, shares: 1n },
    place('0x2', 2),
  );
  expect(cancelled.status).toBe('cancelled');
  expect(() =>
    applyRedemptionEvent(
      cancelled,
      { name: 'RedeemFulfilled', id: 1n, owner: alice, receiver: alice, shares: 1n, assets: 1n },
      place('0x3', 3),
    ),
  ).toThrow(RedemptionTransitionError);
  expect(() =>
    applyRedemptionEvent(
      null,
      { name: 'RedeemClaimed', id: 1n, owner: alice, receiver: alice, shares: 1n, assets: 1n },
      place('0x3', 3),
    ),
  ).toThrow(/needs claimable/);
});
