import {
  ApiError,
  allowanceShort,
  checkCancel,
  checkClaim,
  checkDeposit,
  checkFulfill,
  checkRedeemAsync,
  checkRedeemInstant,
  minimumOut,
  positiveAmount,
  quoteExpiresAt,
  redemptionId,
  type DepositFacts,
  type QuoteRedemption,
} from '../src';

const ready = { deposits: true, operations: true };
const OWNER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const OTHER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';

function codeOf(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    if (err instanceof ApiError) return err.code;
    throw err;
  }
  return 'passed';
}

describe('minimumOut', () => {
  it('floors expected × (10000 − bps) / 10000', () => {
    expect(minimumOut(1_000_000n, 50)).toBe(995_000n);
    expect(minimumOut(999n, 50)).toBe(994n); // 994.005 floors
    expect(minimumOut(123_456_789n, 0)).toBe(123_456_789n);
    expect(minimumOut(10n, 2000)).toBe(8n);
  });
  it('refuses a slippage outside 0..2000', () => {
    expect(codeOf(() => minimumOut(1n, 2001))).toBe('BAD_ACTION_REQUEST');
    expect(codeOf(() => minimumOut(1n, -1))).toBe('BAD_ACTION_REQUEST');
    expect(codeOf(() => minimumOut(1n, 1.5))).toBe('BAD_ACTION_REQUEST');
  });
});

it('expires a quote ttl after it was made', () => {
  expect(quoteExpiresAt(new Date('2026-01-01T00:00:00Z'), 120_000).toISOString()).toBe(
    '2026-01-01T00:02:00.000Z',
  );
});

describe('amounts', () => {
  it('accepts positive uint256 strings and refuses 0 and overflow', () => {
    expect(positiveAmount('amountRaw', '5')).toBe(5n);
    expect(positiveAmount('amountRaw', ((1n << 256n) - 1n).toString())).toBe((1n << 256n) - 1n);
    expect(codeOf(() => positiveAmount('amountRaw', '0'))).toBe('BAD_ACTION_REQUEST');
    expect(codeOf(() => positiveAmount('amountRaw', (1n << 256n).toString()))).toBe('BAD_ACTION_REQUEST');
    expect(codeOf(() => redemptionId((1n << 256n).toString()))).toBe('BAD_ACTION_REQUEST');
  });
  it('asks for an approval only when the allowance is short', () => {
    expect(allowanceShort(9n, 10n)).toBe(true);
    expect(allowanceShort(10n, 10n)).toBe(false);
  });
});

describe('checkDeposit', () => {
  const facts: DepositFacts = {
    usdcBalance: 100n,
    minimumDeposit: 10n,
    globalDepositRoom: 1_000n,
    userDepositRoom: 500n,
    depositsPaused: false,
  };
  it.each([
    ['passes', facts, 50n, ready, 'passed'],
    [
      'readiness first',
      { ...facts, depositsPaused: true },
      50n,
      { deposits: false, operations: true },
      'DEPOSITS_NOT_READY',
    ],
    ['paused', { ...facts, depositsPaused: true }, 50n, ready, 'DEPOSITS_PAUSED'],
    ['below minimum', facts, 9n, ready, 'MIN_DEPOSIT_NOT_MET'],
    ['global cap', { ...facts, globalDepositRoom: 40n }, 50n, ready, 'CAP_EXCEEDED'],
    ['user cap', { ...facts, userDepositRoom: 40n }, 50n, ready, 'CAP_EXCEEDED'],
    ['unfunded account', facts, 101n, ready, 'BAD_ACTION_REQUEST'],
  ] as const)('%s', (_name, f, assets, readiness, code) => {
    expect(codeOf(() => checkDeposit(f, assets, readiness))).toBe(code);
  });
  it('names every limit an amount breaks: both caps and the balance under CAP_EXCEEDED', () => {
    const broke = { ...facts, globalDepositRoom: 300n, userDepositRoom: 200n };
    expect(() => checkDeposit(broke, 400n, ready)).toThrow(
      "amountRaw 400 exceeds the vault's remaining deposit room of 300 (maxTvl) and the receiver's remaining deposit room of 200 (maxUserDeposit); also, the account holds 100 settlement-chain USDC, less than amountRaw 400",
    );
    expect(() => checkDeposit(broke, 250n, ready)).toThrow(
      /^amountRaw 250 exceeds the receiver's remaining deposit room of 200 \(maxUserDeposit\); also, the account holds 100/,
    );
    expect(() => checkDeposit({ ...broke, usdcBalance: 500n }, 250n, ready)).toThrow(/\(maxUserDeposit\)$/);
  });
  it('deposits do not need operations readiness', () => {
    expect(codeOf(() => checkDeposit(facts, 50n, { deposits: true, operations: false }))).toBe('passed');
  });
});

describe('redeem rules', () => {
  const facts = { shareBalance: 100n, instantRedeemCapacity: 1_000n };
  it('queued: shares held, operations ready', () => {
    expect(codeOf(() => checkRedeemAsync(facts, 100n, ready))).toBe('passed');
    expect(codeOf(() => checkRedeemAsync(facts, 101n, ready))).toBe('INSUFFICIENT_SHARES');
    expect(codeOf(() => checkRedeemAsync(facts, 1n, { deposits: true, operations: false }))).toBe(
      'OPERATIONS_NOT_READY',
    );
  });
  it('instant: slippage required, capacity covers the assets', () => {
    expect(codeOf(() => checkRedeemInstant(facts, 10n, 1_000n, 50, ready))).toBe('passed');
    expect(codeOf(() => checkRedeemInstant(facts, 10n, 1_000n, undefined, ready))).toBe(
      'INSTANT_REDEEM_NO_SLIPPAGE',
    );
    expect(codeOf(() => checkRedeemInstant(facts, 10n, 1_001n, 50, ready))).toBe('BUFFER_SHORT');
    expect(codeOf(() => checkRedeemInstant(facts, 101n, 1n, 50, ready))).toBe('INSUFFICIENT_SHARES');
  });
});

describe('redemption rules', () => {
  const r = (status: QuoteRedemption['status']): QuoteRedemption => ({
    id: 7n,
    owner: OWNER,
    shares: 10n,
    assets: 5n,
    status,
  });
  it('claim', () => {
    expect(codeOf(() => checkClaim(r('claimable'), OWNER.toLowerCase(), ready))).toBe('passed');
    expect(codeOf(() => checkClaim(r('none'), OWNER, ready))).toBe('REDEEM_NOT_FOUND');
    expect(codeOf(() => checkClaim(r('claimable'), OTHER, ready))).toBe('REDEEM_NOT_OWNER');
    expect(codeOf(() => checkClaim(r('pending'), OWNER, ready))).toBe('REDEEM_NOT_CLAIMABLE');
    expect(codeOf(() => checkClaim(r('claimed'), OWNER, ready))).toBe('REDEEM_NOT_CLAIMABLE');
  });
  it('cancel', () => {
    expect(codeOf(() => checkCancel(r('pending'), OWNER, ready))).toBe('passed');
    expect(codeOf(() => checkCancel(r('none'), OWNER, ready))).toBe('REDEEM_NOT_FOUND');
    expect(codeOf(() => checkCancel(r('pending'), OTHER, ready))).toBe('REDEEM_NOT_OWNER');
    expect(codeOf(() => checkCancel(r('claimable'), OWNER, ready))).toBe('REDEEM_NOT_CANCELABLE');
  });
  it('fulfil', () => {
    expect(codeOf(() => checkFulfill(r('pending'), 5n, 5n, ready))).toBe('passed');
    expect(codeOf(() => checkFulfill(r('none'), 5n, 5n, ready))).toBe('REDEEM_NOT_FOUND');
    expect(codeOf(() => checkFulfill(r('claimable'), 5n, 5n, ready))).toBe('REDEEM_NOT_FULFILLABLE');
    expect(codeOf(() => checkFulfill(r('pending'), 6n, 5n, ready))).toBe('REDEEM_NOT_FULFILLABLE');
    expect(codeOf(() => checkFulfill(r('pending'), 5n, 5n, { deposits: true, operations: false }))).toBe(
      'OPERATIONS_NOT_READY',
    );
  });
});
