import { expiredSteps, supersededChanges, type ActionStep, type UnsignedActionView } from '../src/actions';

const steps: ActionStep[] = [
  {
    id: 'step-1',
    kind: 'approval',
    status: 'requires_signature',
    title: 'Approve',
    refreshQuoteAfterConfirm: true,
  },
  {
    id: 'step-2',
    kind: 'deposit',
    status: 'requires_signature',
    title: 'Deposit',
    refreshQuoteAfterConfirm: false,
  },
];
const first: UnsignedActionView = {
  action: 'deposit',
  status: 'created',
  txHash: null,
  request: { amountRaw: '1000' },
  quote: { requirements: [{ type: 'approval', token: '0xt', spender: '0xs', amount: { raw: '1000' } }] },
  steps,
};
const fresh = { id: 'fresh-id', request: { amountRaw: '1000' } };

describe('superseding an unsigned deposit', () => {
  it('cancels it with its approval confirmed and the deposit unsigned once the allowance covers it', () => {
    expect(supersededChanges(first, fresh, 1000n)).toEqual({
      status: 'cancelled',
      steps: [{ ...steps[0], status: 'confirmed' }, steps[1]],
      lastError: {
        code: 'SUPERSEDED',
        message:
          'superseded by action fresh-id: the approval was confirmed on chain and the deposit moved to that action',
        supersededBy: 'fresh-id',
      },
    });
  });

  it.each<[string, UnsignedActionView, bigint]>([
    ['the allowance is short', first, 999n],
    ['it was submitted meanwhile', { ...first, status: 'submitted', txHash: '0xh' }, 1000n],
    ['it is another amount', { ...first, request: { amountRaw: '500' } }, 1000n],
    ['it has no approval', { ...first, steps: [steps[1]!] }, 1000n],
    ['it is not a deposit', { ...first, action: 'redeem_async' }, 1000n],
  ])('leaves it when %s', (_, action, allowance) => {
    expect(supersededChanges(action, fresh, allowance)).toBeNull();
  });
});

describe('the steps of an expired action', () => {
  it('confirms an approval the chain covers and fails the rest', () => {
    expect(expiredSteps(steps, true).map((s) => s.status)).toEqual(['confirmed', 'failed']);
    expect(expiredSteps(steps, false).map((s) => s.status)).toEqual(['failed', 'failed']);
  });
});
