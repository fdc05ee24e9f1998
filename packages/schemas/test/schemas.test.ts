import {
  ADDRESS_CASE_RULE,
  API_ERROR_CODES,
  API_ERROR_STATUS,
  SCHEMA_NAMES,
  actionRequestSchemas,
  actionSchemas,
  apiKeySchemas,
  bootstrapSchemas,
  commonSchemas,
  createValidator,
  errorSchemas,
  fundingSchemas,
  isEvmAddress,
  readSchemas,
  responseSchemas,
  schemas,
  webhookEndpointSchemas,
  webhookEventSchemas,
  webhookSchemas,
  type SchemaName,
} from '../src';
import {
  bootstrapExample,
  depositActionExample,
  depositQuoteExample,
  hlpExample,
  pendingRedeemExample,
  validExamples,
  vaultExample,
  WALLET,
} from '../src/examples';

const validator = createValidator();
const copy = <T>(value: T): T => structuredClone(value) as T;

function errorsOf(name: SchemaName, value: unknown): string[] {
  const result = validator.validate(name, value);
  return result.ok ? [] : result.errors;
}

describe('schema registry', () => {
  it('defines each name in exactly one area', () => {
    const names = [
      commonSchemas,
      errorSchemas,
      fundingSchemas,
      actionSchemas,
      actionRequestSchemas,
      apiKeySchemas,
      readSchemas,
      bootstrapSchemas,
      webhookSchemas,
      webhookEventSchemas,
      webhookEndpointSchemas,
      responseSchemas,
    ].flatMap((area) => Object.keys(area));
    expect(names.length).toBe(new Set(names).size);
    expect(names.sort()).toEqual([...SCHEMA_NAMES].sort());
  });

  it.each(SCHEMA_NAMES)('compiles %s', (name) => {
    expect(() => validator.validate(name, null)).not.toThrow();
  });

  it('gives every named schema a description', () => {
    for (const [name, schema] of Object.entries(schemas)) {
      expect({ name, description: typeof (schema as { description?: unknown }).description }).toEqual({
        name,
        description: 'string',
      });
    }
  });
});

describe('ApiErrorCode', () => {
  it("holds exactly the spec's codes", () => {
    expect([...API_ERROR_CODES].sort()).toEqual(
      [
        'ACTION_BUILD_FAILED',
        'ACTION_QUOTE_FAILED',
        'BAD_ACTION_REQUEST',
        'BAD_REQUEST',
        'BAD_WALLET',
        'BUFFER_SHORT',
        'CAP_EXCEEDED',
        'DEPOSITS_NOT_READY',
        'DEPOSITS_PAUSED',
        'BAD_IDEMPOTENCY_KEY',
        'HLP_UPSTREAM_FAILED',
        'IDEMPOTENCY_CONFLICT',
        'IDEMPOTENCY_KEY_REQUIRED',
        'INDEXER_UNAVAILABLE',
        'INSUFFICIENT_SHARES',
        'INSTANT_REDEEM_NO_SLIPPAGE',
        'OPERATIONS_NOT_READY',
        'MIN_DEPOSIT_NOT_MET',
        'PARTNER_ACTION_FAILED',
        'PARTNER_ACTION_NOT_FOUND',
        'PARTNER_UNAUTHORIZED',
        'PARTNER_WEBHOOK_FAILED',
        'PARTNER_WEBHOOK_RETRY_FAILED',
        'POSITION_READ_FAILED',
        'REDEEM_NOT_CANCELABLE',
        'REDEEM_NOT_CLAIMABLE',
        'REDEEM_NOT_FOUND',
        'REDEEM_NOT_FULFILLABLE',
        'REDEEM_NOT_OWNER',
        'SLIPPAGE_EXCEEDED',
        'VAULT_READ_FAILED',
        // The partner's webhook event log (not in the spec, which has no event endpoints).
      ].sort(),
    );
    expect(Object.keys(API_ERROR_STATUS).sort()).toEqual([...API_ERROR_CODES].sort());
  });

  it('validates the failure envelope', () => {
    for (const code of API_ERROR_CODES) {
      expect(errorsOf('ErrorResponse', { success: false, error: { code, message: 'why' } })).toEqual([]);
    }
    expect(errorsOf('ErrorResponse', { success: false, error: { code: 'NOPE', message: 'why' } })).toEqual([
      expect.stringMatching(/^\/error\/code must be one of "ACTION_BUILD_FAILED", /),
    ]);
    expect(errorsOf('ErrorResponse', { success: false, error: { code: 'BAD_REQUEST' } })).toEqual([
      "/error must have required property 'message'",
    ]);
  });
});

describe('valid examples', () => {
  const cases = Object.entries(validExamples).flatMap(([name, list]) =>
    list.map((example, index) => [`${name} #${index}`, name as SchemaName, example] as const),
  );

  it.each(cases)('%s validates', (_label, name, example) => {
    expect(errorsOf(name, copy(example))).toEqual([]);
  });

  it('validates whole response bodies through the envelope', () => {
    const meta = { updatedAt: '2025-06-01T12:00:00.000Z', requestId: 'extra keys are allowed in meta' };
    expect(errorsOf('BootstrapResponse', { success: true, data: copy(bootstrapExample), meta })).toEqual([]);
    expect(
      errorsOf('PartnerActionResponse', { success: true, data: copy(depositActionExample), meta }),
    ).toEqual([]);
    expect(
      errorsOf('ActivityResponse', {
        success: true,
        data: copy(validExamples.Activity[0]),
        meta: { ...meta, nextCursor: null },
      }),
    ).toEqual([]);
  });
});

describe('invalid payloads fail with readable messages', () => {
  const required = (name: SchemaName) => (schemas[name] as unknown as { required: string[] }).required;
  const dropCases = (
    [
      ['PartnerAction', depositActionExample],
      ['ActionQuote', depositQuoteExample],
      ['Bootstrap', bootstrapExample],
      ['Config', validExamples.Config[0]],
      ['Health', validExamples.Health[0]],
      ['Vault', vaultExample],
      ['Hlp', hlpExample],
      ['Position', validExamples.Position[0]],
      ['Redeem', pendingRedeemExample],
      ['Activity', validExamples.Activity[0]],
    ] as const
  ).flatMap(([name, example]) => required(name).map((field) => [name, field, example] as const));

  it.each(dropCases)('%s without %s', (name, field, example) => {
    const value = copy(example) as Record<string, unknown>;
    delete value[field];
    expect(errorsOf(name, value)).toEqual([`/ must have required property '${field}'`]);
  });

  it('points at the exact nested field', () => {
    const body = { success: true, data: copy(bootstrapExample), meta: { updatedAt: '2025-06-01T12:00:00Z' } };
    body.data.vault.caps.maxTvl.raw = '5e12';
    expect(errorsOf('BootstrapResponse', body)).toEqual([
      '/data/vault/caps/maxTvl/raw must match pattern "^(0|[1-9][0-9]{0,77})$"',
    ]);
  });

  it('rejects a number where an integer string is due', () => {
    const vault = copy(vaultExample) as unknown as { analytics: { tvl: { raw: unknown } } };
    vault.analytics.tvl.raw = 1050000000000;
    expect(errorsOf('Vault', vault)).toEqual(['/analytics/tvl/raw must be string']);
  });

  it('rejects integers beyond the uint256 digit count and leading zeros', () => {
    expect(errorsOf('IntegerString', '1'.repeat(78))).toEqual([]);
    expect(errorsOf('IntegerString', '1'.repeat(79))).toHaveLength(1);
    expect(errorsOf('IntegerString', '007')).toHaveLength(1);
    expect(errorsOf('IntegerString', '-1')).toHaveLength(1);
  });

  it('rejects a bad address and a bad hash', () => {
    expect(errorsOf('PartnerAction', { ...copy(depositActionExample), wallet: '0x1234' })).toEqual([
      '/wallet must match pattern "^0x[a-fA-F0-9]{40}$"',
    ]);
    expect(errorsOf('Redeem', { ...copy(pendingRedeemExample), fulfilledTxHash: '0xabc' })).toEqual([
      '/fulfilledTxHash must match pattern "^0x[a-fA-F0-9]{64}$"',
    ]);
  });

  it('rejects unknown fields in closed shapes, and accepts them where the spec is free-form', () => {
    expect(errorsOf('Vault', { ...copy(vaultExample), tvl: '1' })).toEqual([
      "/ must NOT have additional property 'tvl'",
    ]);
    const action = copy(depositActionExample);
    expect(
      errorsOf('PartnerAction', {
        ...action,
        request: { anything: 1 },
        lastError: { reason: 'receipt status 0' },
        quote: { ...action.quote, metadata: { anything: true } },
      }),
    ).toEqual([]);
  });

  it('names the allowed values of an enum', () => {
    expect(errorsOf('Redeem', { ...copy(pendingRedeemExample), status: 'done' })).toEqual([
      '/status must be one of "pending", "claimable", "claimed", "cancelled"',
    ]);
    expect(errorsOf('PartnerAction', { ...copy(depositActionExample), status: 'pending' })).toEqual([
      expect.stringMatching(/^\/status must be one of "created", "requires_signature", /),
    ]);
  });

  it('reports the real cause inside a nullable section, not the null branch', () => {
    const bootstrap = copy(bootstrapExample) as unknown as {
      config: unknown;
      hlp: { vault: { apyPct: unknown } };
    };
    bootstrap.config = 5;
    bootstrap.hlp.vault.apyPct = '10.2';
    expect(errorsOf('Bootstrap', bootstrap)).toEqual([
      '/config must be object',
      '/hlp/vault/apyPct must be number,null',
    ]);
  });

  it('accepts null only where a value can be absent', () => {
    const hlp = copy(hlpExample) as unknown as { returns: { windows: Record<string, unknown> } };
    hlp.returns.windows['365d'] = null;
    expect(errorsOf('Hlp', hlp)).toEqual([]);
    expect(errorsOf('Redeem', { ...copy(pendingRedeemExample), assets: null })).toEqual([
      '/assets must be object',
    ]);
    expect(errorsOf('Redeem', { ...copy(pendingRedeemExample), requestedTxHash: null })).toEqual([
      '/requestedTxHash must be string',
    ]);
    expect(errorsOf('PartnerAction', { ...copy(depositActionExample), quote: null })).toEqual([
      '/quote must be object',
    ]);
  });

  it('requires every field of metadata.funding when it is present', () => {
    const action = copy(depositActionExample) as unknown as {
      metadata: { funding: Record<string, unknown> };
    };
    delete action.metadata.funding.submitRule;
    expect(errorsOf('PartnerAction', action)).toEqual([
      "/metadata/funding must have required property 'submitRule'",
    ]);
  });

  it('checks date-times', () => {
    expect(errorsOf('Redeem', { ...copy(pendingRedeemExample), requestedAt: '2025-06-01 11:00' })).toEqual([
      '/requestedAt must match format "date-time"',
    ]);
  });

  it('requires nextCursor in the meta of a page', () => {
    const body = {
      success: true,
      data: copy(validExamples.Redeems[0]),
      meta: { updatedAt: '2025-06-01T12:00:00Z' },
    };
    expect(errorsOf('RedeemsResponse', body)).toEqual(["/meta must have required property 'nextCursor'"]);
  });
});

describe('request bodies', () => {
  it('applies the documented defaults in place', () => {
    const deposit: Record<string, unknown> = { amountRaw: '2000000000', account: WALLET };
    expect(errorsOf('DepositRequest', deposit)).toEqual([]);
    expect(deposit).toEqual({ amountRaw: '2000000000', account: WALLET, slippageBps: 50 });

    const redeem: Record<string, unknown> = { sharesRaw: '1', account: WALLET };
    expect(errorsOf('RedeemAsyncRequest', redeem)).toEqual([]);
    expect(redeem).toEqual({ sharesRaw: '1', account: WALLET, slippageBps: 50, receiveChainId: 999 });
  });

  it('leaves instant-redeem slippage unset so the edge can answer INSTANT_REDEEM_NO_SLIPPAGE', () => {
    const body: Record<string, unknown> = { sharesRaw: '1', account: WALLET };
    expect(errorsOf('RedeemInstantRequest', body)).toEqual([]);
    expect(body.slippageBps).toBeUndefined();
    expect(body.receiveChainId).toBe(999);
  });

  it('rejects unknown fields, so typos are not silently defaulted', () => {
    expect(errorsOf('DepositRequest', { amountRaw: '1', account: WALLET, slipageBps: 10 })).toEqual([
      "/ must NOT have additional property 'slipageBps'",
    ]);
  });

  it('enforces ranges and required fields', () => {
    expect(errorsOf('RedeemAsyncRequest', { sharesRaw: '1', account: WALLET, slippageBps: 2001 })).toEqual([
      '/slippageBps must be <= 2000',
    ]);
    expect(errorsOf('RedeemAsyncRequest', { sharesRaw: 1, account: WALLET })).toEqual([
      '/sharesRaw must be string',
    ]);
    expect(errorsOf('ClaimRequest', { id: '6', account: WALLET })).toEqual([
      "/ must have required property 'receiver'",
    ]);
    expect(errorsOf('CancelRequest', { id: 'abc', account: WALLET })).toEqual([
      '/id must match pattern "^(0|[1-9][0-9]{0,77})$"',
    ]);
    expect(errorsOf('FulfillRequest', { id: '7', account: WALLET })).toEqual([
      "/ must NOT have additional property 'account'",
    ]);
    expect(errorsOf('SubmitRequest', { txHash: '0x12' })).toEqual([
      '/txHash must match pattern "^0x[a-fA-F0-9]{64}$"',
    ]);
    expect(errorsOf('IdempotencyKey', 'short')).toEqual(['/ must NOT have fewer than 8 characters']);
    expect(errorsOf('IdempotencyKey', 'k'.repeat(161))).toEqual(['/ must NOT have more than 160 characters']);
  });
});

describe('addresses', () => {
  // WALLET with its first letter's case flipped: still 40 hex digits, but the EIP-55 checksum no longer holds.
  const flipped = `0x3c${WALLET.slice(4)}`;

  it('accepts one case or a valid checksum, and refuses a wrong checksum', () => {
    for (const accepted of [WALLET, WALLET.toLowerCase(), `0x${WALLET.slice(2).toUpperCase()}`])
      expect({ accepted, ok: isEvmAddress(accepted) }).toEqual({ accepted, ok: true });
    for (const refused of [flipped, '0x12', `${WALLET}0`, 42])
      expect({ refused, ok: isEvmAddress(refused) }).toEqual({ refused, ok: false });
  });

  it('names the field of a wrong checksum once, and a malformed address by its pattern only', () => {
    expect(errorsOf('DepositRequest', { amountRaw: '1', account: WALLET, receiver: flipped })).toEqual([
      `/receiver ${ADDRESS_CASE_RULE}`,
    ]);
    expect(errorsOf('DepositRequest', { amountRaw: '1', account: '0x12' })).toEqual([
      '/account must match pattern "^0x[a-fA-F0-9]{40}$"',
    ]);
  });
});
