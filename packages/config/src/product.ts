import { readFileSync } from 'node:fs';
import Ajv, { type ErrorObject } from 'ajv';
import { ConfigError, type ConfigProblem } from './errors';

/**
 * The product configuration file (PRODUCT_CONFIG_FILE, `config/product.devnet.json` for local work): what the
 * spec's `config` read shows about the product that the chain cannot tell, namely names, funding and withdrawal
 * networks, deposit routes and gas faucet settings. Contract addresses never live here: they come from the
 * deployment manifest, and the settlement chain's USDC always is the deployment's `usdc`.
 */

export interface TokenRef {
  symbol: string;
  decimals: number;
  /** EVM hex, or base58 on an `svm` network. */
  address: string;
}

export interface FundingNetworkConfig {
  vm: 'evm' | 'svm';
  chainId: number;
  chainName: string;
  token: TokenRef;
  bridgeWalletAdapter?: string;
}

export interface DepositRouteConfig {
  kind: string;
  chainId: number;
  chainName: string;
  enabled: boolean;
  sdkSupported: boolean;
  actionEndpoint: string;
  status: string;
  requiresReadiness: boolean;
  readinessEndpoint: string;
  readinessFlag: string;
}

export interface WithdrawDestinationConfig {
  chainId: number;
  chainName: string;
  usdcAddress: string;
  chainIcon: string;
  enabled: boolean;
}

export interface ProductConfig {
  product: { slug: string; name: string; description: string };
  chain: { id: number; name: string; rpcUrl: string; explorerUrl: string | null };
  deposit: {
    supportedRoutes: DepositRouteConfig[];
    funding: {
      mode: string;
      destination: FundingNetworkConfig;
      sourceNetworks: FundingNetworkConfig[];
      sequence: string[];
      notes: string[];
      /** What a deposit action's `metadata.funding.submitRule` tells the partner. */
      submitRule: string;
    };
  };
  withdraw: { supportedDestinations: WithdrawDestinationConfig[] };
  gas: { faucetEnabled: boolean; minRequiredWei: string; faucetAmountWei: string };
}

const text = { type: 'string', minLength: 1 } as const;
const chainId = { type: 'integer', minimum: 1 } as const;
const evmAddress = { type: 'string', pattern: '^0x[a-fA-F0-9]{40}$' } as const;
const anyAddress = { type: 'string', pattern: '^(0x[a-fA-F0-9]{40}|[1-9A-HJ-NP-Za-km-z]{32,44})$' } as const;
const wei = { type: 'string', pattern: '^(0|[1-9][0-9]{0,77})$' } as const;

const closed = (required: readonly string[], properties: Record<string, unknown>) => ({
  type: 'object',
  required,
  additionalProperties: false,
  properties,
});

const fundingNetwork = closed(['vm', 'chainId', 'chainName', 'token'], {
  vm: { enum: ['evm', 'svm'] },
  chainId,
  chainName: text,
  token: closed(['symbol', 'decimals', 'address'], {
    symbol: text,
    decimals: { type: 'integer', minimum: 0, maximum: 77 },
    address: anyAddress,
  }),
  bridgeWalletAdapter: text,
});

const schema = closed(['product', 'chain', 'deposit', 'withdraw', 'gas'], {
  product: closed(['slug', 'name', 'description'], { slug: text, name: text, description: text }),
  chain: closed(['id', 'name', 'rpcUrl', 'explorerUrl'], {
    id: chainId,
    name: text,
    rpcUrl: text,
    explorerUrl: { type: ['string', 'null'], minLength: 1 },
  }),
  deposit: closed(['supportedRoutes', 'funding'], {
    supportedRoutes: {
      type: 'array',
      items: closed(
        [
          'kind',
          'chainId',
          'chainName',
          'enabled',
          'sdkSupported',
          'actionEndpoint',
          'status',
          'requiresReadiness',
          'readinessEndpoint',
          'readinessFlag',
        ],
        {
          kind: text,
          chainId,
          chainName: text,
          enabled: { type: 'boolean' },
          sdkSupported: { type: 'boolean' },
          actionEndpoint: text,
          status: text,
          requiresReadiness: { type: 'boolean' },
          readinessEndpoint: text,
          readinessFlag: text,
        },
      ),
    },
    funding: closed(['mode', 'destination', 'sourceNetworks', 'sequence', 'notes', 'submitRule'], {
      mode: text,
      destination: fundingNetwork,
      sourceNetworks: { type: 'array', items: fundingNetwork },
      sequence: { type: 'array', items: text },
      notes: { type: 'array', items: text },
      submitRule: text,
    }),
  }),
  withdraw: closed(['supportedDestinations'], {
    supportedDestinations: {
      type: 'array',
      minItems: 1,
      items: closed(['chainId', 'chainName', 'usdcAddress', 'chainIcon', 'enabled'], {
        chainId,
        chainName: text,
        usdcAddress: evmAddress,
        chainIcon: text,
        enabled: { type: 'boolean' },
      }),
    },
  }),
  gas: closed(['faucetEnabled', 'minRequiredWei', 'faucetAmountWei'], {
    faucetEnabled: { type: 'boolean' },
    minRequiredWei: wei,
    faucetAmountWei: wei,
  }),
});

const validate = new Ajv({ allErrors: true }).compile<ProductConfig>(schema);

/** Validates an already parsed product configuration; `source` names it in the error. */
export function parseProductConfig(data: unknown, source: string): ProductConfig {
  if (!validate(data)) throw new ConfigError(source, (validate.errors ?? []).map(describe));
  const destinations = data.withdraw.supportedDestinations.map((d) => d.chainId);
  const duplicate = destinations.find((id, i) => destinations.indexOf(id) !== i);
  if (duplicate !== undefined) {
    throw new ConfigError(source, [
      { name: 'withdraw.supportedDestinations', problem: `lists chain ${duplicate} twice` },
    ]);
  }
  return data;
}

/**
 * Reads and validates the product configuration file.
 * @throws ConfigError naming the file and every bad field.
 */
export function readProductConfig(path: string): ProductConfig {
  const source = `product config file ${path}`;
  let raw: string;
  try {
    raw = readFileSync(path, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? String(error);
    throw new ConfigError(source, [
      { name: '(file)', problem: `cannot be read (${reason})`, allowed: 'a readable JSON file' },
    ]);
  }
  try {
    return parseProductConfig(JSON.parse(raw), source);
  } catch (error) {
    if (error instanceof SyntaxError)
      throw new ConfigError(source, [{ name: '(file)', problem: `is not JSON (${error.message})` }]);
    throw error;
  }
}

/** The withdrawal destination for `chainId`, or null when the product does not list it. */
export function withdrawDestination(
  config: ProductConfig,
  chainId: number,
): WithdrawDestinationConfig | null {
  return config.withdraw.supportedDestinations.find((d) => d.chainId === chainId) ?? null;
}

function describe(error: ErrorObject): ConfigProblem {
  const path = error.instancePath.slice(1).replaceAll('/', '.') || '(root)';
  if (error.keyword === 'required') {
    const at = path === '(root)' ? '' : `${path}.`;
    return { name: `${at}${String(error.params.missingProperty)}`, problem: 'is missing' };
  }
  if (error.keyword === 'additionalProperties')
    return { name: path, problem: `has unknown field ${String(error.params.additionalProperty)}` };
  return { name: path, problem: error.message ?? `fails ${error.keyword}` };
}
