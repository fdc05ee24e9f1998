import {
  ADDRESS_PATTERN,
  Config,
  DepositFunding,
  DepositRoute,
  ref,
  schemas,
  WithdrawDestination,
} from '@yv/schemas';

/**
 * The product file's JSON Schema, made of the pieces of `GET /api/v1/config` the file feeds (@yv/schemas): a field
 * added to the published product, chain, deposit route, funding or withdrawal destination is required of the file
 * too, with the published rule. Only what the file holds differently is written here.
 */

interface ObjectPiece {
  readonly required: readonly string[];
  readonly properties: Readonly<Record<string, unknown>>;
}

interface FileRules {
  /** The file's own rule for a published field. */
  own?: Readonly<Record<string, unknown>>;
  /** Published fields the gateway fills in, absent from the file. */
  omit?: readonly string[];
  /** Fields only the file holds, all required. */
  extra?: Readonly<Record<string, unknown>>;
}

const closed = (required: readonly string[], properties: Record<string, unknown>) => ({
  type: 'object',
  required,
  additionalProperties: false,
  properties,
});

function filePiece(piece: ObjectPiece, rules: FileRules = {}) {
  const kept = (field: string) => !rules.omit?.includes(field);
  const published = Object.entries(piece.properties)
    .filter(([field]) => kept(field))
    .map(([field, rule]) => [field, rules.own?.[field] ?? rule]);
  return closed([...piece.required.filter(kept), ...Object.keys(rules.extra ?? {})], {
    ...Object.fromEntries(published),
    ...rules.extra,
  });
}

const text = { type: 'string', minLength: 1 } as const;

// Where the file has always been checked otherwise than the read publishes: text where the read promises a URI,
// a path or a flag name, and only EVM addresses for a destination's USDC. Aligning them would refuse files that
// start today.
const product = filePiece(Config.properties.product, { own: { slug: text } });
const chain = filePiece(Config.properties.chain, {
  own: { rpcUrl: text, explorerUrl: { type: ['string', 'null'], minLength: 1 } },
});
const route = filePiece(DepositRoute, {
  own: { actionEndpoint: text, readinessEndpoint: text, readinessFlag: text },
  omit: ['asset'],
});
const funding = filePiece(DepositFunding, { extra: { submitRule: text } });
const destination = filePiece(WithdrawDestination, {
  own: { usdcAddress: { type: 'string', pattern: ADDRESS_PATTERN }, chainIcon: text },
});

export const productFileSchema = {
  ...closed(['product', 'chain', 'deposit', 'withdraw', 'gas'], {
    product,
    chain,
    deposit: closed(['supportedRoutes', 'funding'], {
      supportedRoutes: { type: 'array', items: route },
      funding,
    }),
    withdraw: closed(['supportedDestinations'], {
      supportedDestinations: { type: 'array', minItems: 1, items: destination },
    }),
    gas: closed(['faucetEnabled', 'minRequiredWei', 'faucetAmountWei'], {
      faucetEnabled: { type: 'boolean' },
      minRequiredWei: ref('IntegerString'),
      faucetAmountWei: ref('IntegerString'),
    }),
  }),
  // The pieces refer to shared schemas (`#/components/schemas/ChainId`) as the OpenAPI document does.
  components: { schemas },
};
