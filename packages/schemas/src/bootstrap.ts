import { Address, IntegerString, orNull } from './common';
import { nullable, ref } from './ref';

/** GET /api/v1/bootstrap: every read a client needs to render, in one response that survives partial failure. */

export const BOOTSTRAP_SECTIONS = [
  'config',
  'health',
  'vault',
  'hlp',
  'position',
  'activity',
  'redeems',
  'gas',
] as const;
export type BootstrapSection = (typeof BOOTSTRAP_SECTIONS)[number];

/** Sections that only exist for a wallet: without `?wallet=` they are null and carry no error. */
export const WALLET_SECTIONS = [
  'position',
  'activity',
  'redeems',
  'gas',
] as const satisfies readonly BootstrapSection[];

export const Gas = {
  type: 'object',
  description:
    'Native gas of the wallet on the settlement chain, in wei. `needsGas` is true when balance < minRequired. The faucet tops up by `faucetAmount` only where `faucetEnabled` (development networks).',
  required: ['faucetEnabled', 'balance', 'needsGas', 'minRequired', 'faucetAmount', 'error'],
  additionalProperties: false,
  properties: {
    faucetEnabled: { type: 'boolean' },
    balance: IntegerString,
    needsGas: { type: 'boolean' },
    minRequired: IntegerString,
    faucetAmount: IntegerString,
    error: {
      type: ['string', 'null'],
      description: 'Why the faucet cannot help right now; null when nothing is wrong.',
    },
  },
} as const;

export const BootstrapSectionError = {
  type: 'object',
  description: 'Why one section is null: the error that section would have had as a separate read.',
  required: ['code', 'message', 'status'],
  additionalProperties: false,
  properties: {
    code: ref('ApiErrorCode'),
    message: { type: 'string', minLength: 1 },
    status: { type: 'integer', minimum: 400, maximum: 599, description: 'The HTTP status of that code.' },
  },
} as const;

export const BootstrapErrors = {
  type: 'object',
  description:
    'One entry per failed section, keyed by section name; a section that did not fail has no key (an empty object means everything loaded).',
  additionalProperties: false,
  properties: Object.fromEntries(
    BOOTSTRAP_SECTIONS.map((section) => [section, ref('BootstrapSectionError')]),
  ),
} as const;

const section = (name: string, why: string) =>
  ({ ...nullable(name), description: `null when ${why}; see errors.` }) as const;
const walletSection = (name: string) =>
  ({
    ...nullable(name),
    description: 'null without `?wallet=` (no error entry), or when its read failed (an entry in errors).',
  }) as const;

export const Bootstrap = {
  type: 'object',
  description:
    'The aggregate read. Every section is read independently: a failed section is null with a typed entry in `errors`, the rest still render, and the response is 200. Wallet sections need `?wallet=`. The first page of activity and redeems is included; page on with the separate reads.',
  required: [
    'wallet',
    'config',
    'health',
    'vault',
    'hlp',
    'position',
    'activity',
    'redeems',
    'gas',
    'errors',
  ],
  additionalProperties: false,
  properties: {
    wallet: orNull(Address, 'The wallet of `?wallet=`, as sent; null when none was asked for.'),
    config: section('Config', 'the config read failed'),
    health: section('Health', 'the health read failed'),
    vault: section('Vault', 'the vault read failed'),
    hlp: section('Hlp', 'the HLP upstream failed and no snapshot exists'),
    position: walletSection('Position'),
    activity: walletSection('Activity'),
    redeems: walletSection('Redeems'),
    gas: walletSection('Gas'),
    errors: ref('BootstrapErrors'),
  },
} as const;

export const bootstrapSchemas = { Gas, BootstrapSectionError, BootstrapErrors, Bootstrap } as const;
