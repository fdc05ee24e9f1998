import { readFileSync } from 'node:fs';
import Ajv, { type ErrorObject, type JSONSchemaType } from 'ajv';
import { ADDRESS_PATTERN, CONTRACT_VERSIONS, PUBLISHED_CONTRACTS } from '@yv/schemas';
import { toChecksumAddress, type Address } from './address';
import { ConfigError, type ConfigProblem } from './errors';

export type ContractVersion = (typeof CONTRACT_VERSIONS)[number];

/** The contracts `GET /api/v1/config` publishes, and those only the services use. */
export const DEPLOYMENT_CONTRACTS = [...PUBLISHED_CONTRACTS, 'strategy', 'treasury', 'multicall3'] as const;
export type DeploymentContract = (typeof DEPLOYMENT_CONTRACTS)[number];

/** The deployment manifest every service reads through DEPLOYMENT_FILE (written by the devnet for local work). */
export interface Deployment {
  readonly contractVersion: ContractVersion;
  readonly chainId: number;
  /** First block to index: the block the vault was deployed in. */
  readonly startBlock: number;
  readonly rpcUrl?: string;
  readonly contracts: Readonly<Record<DeploymentContract, Address>>;
}

interface RawDeployment {
  contractVersion: ContractVersion;
  chainId: number;
  startBlock: number;
  rpcUrl?: string;
  contracts: Record<DeploymentContract, string>;
}

const addressSchema = { type: 'string', pattern: ADDRESS_PATTERN } as const;

const schema: JSONSchemaType<RawDeployment> = {
  type: 'object',
  required: ['contractVersion', 'chainId', 'startBlock', 'contracts'],
  properties: {
    contractVersion: { type: 'string', enum: [...CONTRACT_VERSIONS] },
    chainId: { type: 'integer', minimum: 1 },
    startBlock: { type: 'integer', minimum: 0 },
    rpcUrl: { type: 'string', nullable: true, minLength: 1 },
    contracts: {
      type: 'object',
      required: [...DEPLOYMENT_CONTRACTS],
      properties: Object.fromEntries(DEPLOYMENT_CONTRACTS.map((name) => [name, addressSchema])) as Record<
        DeploymentContract,
        typeof addressSchema
      >,
    },
  },
};

const validate = new Ajv({ allErrors: true, verbose: true }).compile(schema);

/**
 * Reads and validates a deployment manifest; addresses come back in checksum form.
 * @throws ConfigError naming the file and every bad field.
 */
export function readDeployment(path: string): Deployment {
  const source = `deployment file ${path}`;
  const data = readJson(path, source);
  if (!validate(data)) throw new ConfigError(source, (validate.errors ?? []).map(describeSchemaError));
  const problems: ConfigProblem[] = [];
  const contracts: Partial<Record<DeploymentContract, Address>> = {};
  for (const name of DEPLOYMENT_CONTRACTS) {
    try {
      contracts[name] = toChecksumAddress(data.contracts[name]);
    } catch {
      problems.push({
        name: `contracts.${name}`,
        problem: `got "${data.contracts[name]}", whose mixed-case checksum is wrong`,
        allowed: 'an EIP-55 checksummed or single-case address',
      });
    }
  }
  if (problems.length > 0) throw new ConfigError(source, problems);
  return {
    contractVersion: data.contractVersion,
    chainId: data.chainId,
    startBlock: data.startBlock,
    ...(data.rpcUrl === undefined ? {} : { rpcUrl: data.rpcUrl }),
    // Filled for every name of DEPLOYMENT_CONTRACTS above, or we threw.
    contracts: contracts as Record<DeploymentContract, Address>,
  };
}

function readJson(path: string, source: string): unknown {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? String(error);
    throw new ConfigError(source, [
      {
        name: '(file)',
        problem: `cannot be read (${reason})`,
        allowed: 'a readable JSON file: run `pnpm devnet` or set DEPLOYMENT_FILE',
      },
    ]);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ConfigError(source, [{ name: '(file)', problem: `is not JSON (${(error as Error).message})` }]);
  }
}

function describeSchemaError(error: ErrorObject): ConfigProblem {
  const path = error.instancePath.slice(1).replaceAll('/', '.');
  const at = (child: string): string => (path ? `${path}.${child}` : child);
  switch (error.keyword) {
    case 'required':
      return { name: at(String(error.params.missingProperty)), problem: 'is missing' };
    case 'pattern':
      return {
        name: path,
        problem: `got ${brief(error.data)}`,
        allowed: 'a 0x-prefixed 20-byte hex address',
      };
    case 'enum':
      return {
        name: path,
        problem: `got ${brief(error.data)}`,
        allowed: `one of ${error.params.allowedValues.join(', ')}`,
      };
    default:
      return {
        name: path || '(root)',
        problem: `got ${brief(error.data)}, which ${error.message ?? 'is invalid'}`,
      };
  }
}

function brief(data: unknown): string {
  const text = JSON.stringify(data) ?? String(data);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}
