import { createValidator } from '@yv/schemas';
import {
  canonicalJson,
  finalStep,
  idempotencyFingerprintInput,
  toActionSteps,
  toPartnerActionJson,
  withFinalStepStatus,
  sentTxMismatch,
  type StoredPartnerAction,
} from '../src/actions';

const deployment = {
  contractVersion: 'svc-pipe-v2' as const,
  chainId: 999,
  contracts: {
    share: '0x1111111111111111111111111111111111111111',
    core: '0x2222222222222222222222222222222222222222',
    depositPipe: '0x3333333333333333333333333333333333333333',
    redemptionPipe: '0x4444444444444444444444444444444444444444',
    usdc: '0x5555555555555555555555555555555555555555',
  },
};
const wallet = '0x6666666666666666666666666666666666666666';
const tx = (to: string) => ({ to, data: '0x095ea7b3', value: '0', chainId: 999 });

function stored(overrides: Partial<StoredPartnerAction> = {}): StoredPartnerAction {
  const steps = toActionSteps([
    {
      kind: 'approval',
      title: 'Approve USDC',
      tx: tx(deployment.contracts.usdc),
      refreshQuoteAfterConfirm: true,
    },
    {
      kind: 'deposit',
      title: 'Deposit USDC',
      tx: tx(deployment.contracts.depositPipe),
      refreshQuoteAfterConfirm: false,
    },
  ]);
  return {
    id: '5b7a3f0e-9a53-4c8e-8a7d-0d3c1b2a4e5f',
    action: 'deposit',
    status: 'created',
    wallet,
    receiver: wallet,
    redeemId: null,
    txHash: null,
    request: { amountRaw: '1000000', account: wallet, slippageBps: 50 },
    quote: { action: 'deposit', tx: tx(deployment.contracts.depositPipe) },
    steps,
    funding: null,
    lastError: null,
    indexingPending: false,
    indexedAt: null,
    receiptBlockNumber: null,
    createdAt: new Date('2026-01-02T03:04:05.678Z'),
    updatedAt: new Date('2026-01-02T03:04:06.000Z'),
    ...overrides,
  };
}

describe('toPartnerActionJson', () => {
  const validator = createValidator();

  it('serves a PartnerAction that passes the spec schema, addresses in metadata and at the top', () => {
    const json = toPartnerActionJson(stored(), deployment);
    expect(validator.validate('PartnerAction', json)).toEqual({ ok: true });
    expect(json.metadata.addresses).toEqual(json.addresses);
    expect(json.addresses.asset).toBe(deployment.contracts.usdc);
    expect(json.contractVersion).toBe('svc-pipe-v2');
    expect(json.metadata).not.toHaveProperty('funding');
    expect(json.timestamps).toEqual({
      createdAt: '2026-01-02T03:04:05.678Z',
      updatedAt: '2026-01-02T03:04:06.000Z',
    });
    expect(json.idempotentReplay).toBe(false);
  });

  it('carries funding, replay flag, confirmation and indexing fields', () => {
    const funding = {
      requiredBeforeAction: true,
      destination: {
        vm: 'evm',
        chainId: 999,
        chainName: 'Settlement',
        token: { symbol: 'USDC', decimals: 6, address: deployment.contracts.usdc },
      },
      submitRule: 'Hold USDC on chain 999 first.',
    };
    const json = toPartnerActionJson(
      stored({
        funding,
        status: 'indexed',
        txHash: `0x${'ab'.repeat(32)}`,
        receiptBlockNumber: '42',
        indexedAt: new Date('2026-01-02T03:05:00.000Z'),
      }),
      deployment,
      true,
    );
    expect(json.metadata.funding).toEqual(funding);
    expect(json.idempotentReplay).toBe(true);
    expect(json.receiptBlockNumber).toBe('42');
    expect(json.indexedAt).toBe('2026-01-02T03:05:00.000Z');
    expect(validator.validate('PartnerAction', json)).toEqual({ ok: true });
  });
});

describe('steps', () => {
  it('numbers steps in order and changes only the final one', () => {
    const steps = toActionSteps([
      { kind: 'approval', title: 'a', tx: tx(wallet), refreshQuoteAfterConfirm: true },
      { kind: 'deposit', title: 'd', tx: tx(wallet), refreshQuoteAfterConfirm: false },
    ]);
    expect(steps.map((s) => [s.id, s.status])).toEqual([
      ['step-1', 'requires_signature'],
      ['step-2', 'requires_signature'],
    ]);
    const submitted = withFinalStepStatus(steps, 'submitted');
    expect(submitted.map((s) => s.status)).toEqual(['requires_signature', 'submitted']);
    expect(finalStep(submitted).kind).toBe('deposit');
    expect(() => toActionSteps([])).toThrow('at least one step');
  });
});

describe('idempotency fingerprint input', () => {
  it('ignores key order and whitespace, not values, method or path', () => {
    const a = idempotencyFingerprintInput('post', '/p', { b: 1, a: { y: [1, { d: 2, c: 3 }], x: null } });
    const b = idempotencyFingerprintInput(
      'POST',
      '/p',
      JSON.parse('{ "a": {"x": null, "y": [1, {"c":3,"d":2}]}, "b": 1 }'),
    );
    expect(a).toBe(b);
    expect(idempotencyFingerprintInput('POST', '/p', { a: 1 })).not.toBe(
      idempotencyFingerprintInput('POST', '/p', { a: 2 }),
    );
    expect(idempotencyFingerprintInput('POST', '/p', { a: 1 })).not.toBe(
      idempotencyFingerprintInput('POST', '/q', { a: 1 }),
    );
    expect(canonicalJson({ a: [1, '2'] })).toBe('{"a":[1,"2"]}');
  });
});

describe('sentTxMismatch', () => {
  const step = { to: deployment.contracts.depositPipe, data: '0xAbCd', value: '0', chainId: 999 };
  const sent = {
    from: wallet.toUpperCase().replace('0X', '0x'),
    to: step.to.toLowerCase(),
    data: '0xabcd',
    value: 0n,
    chainId: 999n,
  };

  it('accepts the exact step, ignoring case', () => {
    expect(sentTxMismatch(sent, wallet, step)).toBeNull();
  });

  it.each([
    [{ from: deployment.contracts.core }, 'sent from'],
    [{ to: deployment.contracts.core }, 'sent to'],
    [{ to: null }, 'contract creation'],
    [{ data: '0xabce' }, 'calldata differs'],
    [{ value: 1n }, 'sends value 1'],
    [{ chainId: 1n }, 'for chain 1'],
  ])('names what differs (%#)', (change, message) => {
    expect(sentTxMismatch({ ...sent, ...change }, wallet, step)).toContain(message);
  });
});
