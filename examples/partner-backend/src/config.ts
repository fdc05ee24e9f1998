/**
 * The backend's environment, read and checked once at start: a bad value stops the process with every problem
 * listed, before any request is served. Secret values (API key, webhook secrets, private key) are never echoed in a
 * message: the spec keeps the API key out of logs.
 */
export interface BackendConfig {
  /** The vault API's origin, e.g. http://127.0.0.1:3000 (the SDK adds /api/v1). */
  apiUrl: string;
  /** The partner's API key: server-side only. */
  apiKey: string;
  /** Every `whsec_` secret a delivery may be signed with: old and new during a rotation. */
  webhookSecrets: string[];
  /** The devnet wallet that signs the flows' transactions (0x + 64 hex). */
  walletPrivateKey: string;
  /** The settlement chain's JSON-RPC (chain 999 on the devnet). */
  rpcUrl: string;
  port: number;
}

export class ConfigError extends Error {
  override readonly name = 'ConfigError';

  constructor(readonly problems: string[]) {
    super(`invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  }
}

const DEFAULT_PORT = 4000;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): BackendConfig {
  const problems: string[] = [];
  const value = (name: string) => env[name]?.trim() || undefined;
  const required = (name: string, meaning: string): string => {
    const given = value(name);
    if (given === undefined) problems.push(`${name} is not set: ${meaning}`);
    return given ?? '';
  };
  const httpUrl = (name: string, meaning: string): string => {
    const given = required(name, meaning);
    if (given && !isHttpUrl(given)) problems.push(`${name} is not an http(s) URL: ${meaning}`);
    return given;
  };

  const apiUrl = httpUrl('YV_API_URL', 'the vault API origin, e.g. http://127.0.0.1:3000');
  const apiKey = required('YV_API_KEY', 'the partner API key (`pnpm admin partner create` prints it)');
  const secrets = required('YV_WEBHOOK_SECRETS', 'comma-separated whsec_ webhook secrets')
    .split(',')
    .map((secret) => secret.trim())
    .filter((secret) => secret !== '');
  if (value('YV_WEBHOOK_SECRETS') !== undefined && secrets.length === 0)
    problems.push('YV_WEBHOOK_SECRETS holds no secret');
  // Checked here rather than at the first delivery: verifyWebhook throws TypeError for a malformed secret, which
  // would turn every delivery into a 500 long after the process started.
  secrets.forEach((secret, index) => {
    if (!/^whsec_[A-Za-z0-9+/]+={0,2}$/.test(secret))
      problems.push(`YV_WEBHOOK_SECRETS entry ${index + 1} is not "whsec_" followed by base64`);
  });
  const walletPrivateKey = required('WALLET_PRIVATE_KEY', 'the signing wallet key, 0x + 64 hex digits');
  if (walletPrivateKey && !/^0x[0-9a-fA-F]{64}$/.test(walletPrivateKey))
    problems.push('WALLET_PRIVATE_KEY is not 0x followed by 64 hex digits');
  const rpcUrl = httpUrl('RPC_URL', 'the settlement chain JSON-RPC, e.g. http://127.0.0.1:8545');
  const portText = value('PORT') ?? String(DEFAULT_PORT);
  const port = Number(portText);
  if (!/^[0-9]+$/.test(portText) || port > 65535) problems.push('PORT is not a port number (0 to 65535)');

  if (problems.length > 0) throw new ConfigError(problems);
  return { apiUrl, apiKey, webhookSecrets: secrets, walletPrivateKey, rpcUrl, port };
}

function isHttpUrl(text: string): boolean {
  try {
    const { protocol } = new URL(text);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}
