import { readFileSync } from 'node:fs';
import Ajv, { type ErrorObject } from 'ajv';
import { ConfigError, type ConfigProblem } from './errors';
import { productFileSchema } from './product-schema';

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

const validate = new Ajv({ allErrors: true })
  // The container of the shared schemas the file's pieces refer to, not a validation keyword.
  .addKeyword('components')
  .compile<ProductConfig>(productFileSchema);

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
