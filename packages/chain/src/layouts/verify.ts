import type { Provider } from 'ethers';
import { ConfigError, type ConfigProblem, type RpcEndpoint } from '@yv/config';
import { sleep, type Log } from '@yv/runtime';
import { createRpcEndpoints } from '../endpoints';
import { createChainProvider } from '../provider';
import { probeViews } from '../multicall';
import type { VaultLayout } from './types';

/** The manifest's addresses do not hold the contracts of its contractVersion: a configuration the service stops on. */
export class LayoutMismatchError extends ConfigError {}

const shown = (value: unknown): string => String(value).toLowerCase();

function mismatch(layout: VaultLayout, problems: ConfigProblem[]): LayoutMismatchError {
  const d = layout.deployment;
  return new LayoutMismatchError(
    `the deployment manifest: its contracts on chain ${d.chainId} do not answer as ${layout.version}`,
    problems,
  );
}

/**
 * Asks the manifest's contracts what a contract of its version must answer (who they are wired to, which ERC-165
 * ids they support) in one eth_call, and throws LayoutMismatchError naming every answer that is wrong or missing.
 * Anything else (the node is down) is thrown as it came: it says nothing about the contracts.
 */
export async function verifyLayout(provider: Provider, layout: VaultLayout): Promise<void> {
  const multicall3 = layout.deployment.contracts.multicall3;
  if ((await provider.getCode(multicall3)) === '0x')
    throw mismatch(layout, [{ name: 'contracts.multicall3', problem: `${multicall3} has no code` }]);
  const checks = layout.identityChecks();
  const answers = await probeViews(
    provider,
    multicall3,
    Object.fromEntries(checks.map((c, i) => [i, c.view])),
  );
  const problems = checks.flatMap((check, i): ConfigProblem[] => {
    const answer = answers[i];
    if (!answer) return [{ name: check.label, problem: `${check.view.target} did not answer it` }];
    const got = shown(answer[0]);
    const expected = shown(check.expected);
    return got === expected ? [] : [{ name: check.label, problem: `answered ${got}`, allowed: expected }];
  });
  if (problems.length > 0) throw mismatch(layout, problems);
}

export interface ContractsCheck {
  /** The service's RPC endpoints (rpcEndpointsOf its config), asked with a short timeout of the check's own. */
  endpoints: readonly RpcEndpoint[];
  layout: VaultLayout;
  log: Log;
  /** How long start waits for a node that does not answer before it goes on unverified. Default 10 s. */
  waitMs?: number;
  /** A check retried in the background found a mismatch: the service must stop. */
  onLateMismatch(err: LayoutMismatchError): void;
}

/**
 * The start check of every service that reads the chain. A mismatch throws (the service stops at start with the
 * message); a node that does not answer within `waitMs` does not stop the start (an RPC outage is served as 503s):
 * the check goes on in the background until the node answers.
 */
export async function checkContractsAtStart(check: ContractsCheck): Promise<void> {
  const { layout } = check;
  const endpoints = createRpcEndpoints(check.endpoints, { timeoutMs: 2_000 });
  const provider = createChainProvider({ transport: endpoints, chainId: layout.deployment.chainId });
  const close = () => {
    provider.destroy();
    endpoints.close();
  };
  const verified = async (): Promise<boolean> => {
    try {
      await verifyLayout(provider, layout);
      return true;
    } catch (err) {
      if (err instanceof LayoutMismatchError) throw err;
      return false;
    }
  };
  const deadline = Date.now() + (check.waitMs ?? 10_000);
  try {
    while (!(await verified())) {
      if (Date.now() >= deadline) {
        check.log('warn', 'the node did not answer: the contracts are checked once it does', {
          contractVersion: layout.version,
        });
        void verifyLater(verified, check).finally(close);
        return;
      }
      await sleep(500);
    }
  } catch (err) {
    close();
    throw err;
  }
  close();
  check.log('info', 'contracts verified', { contractVersion: layout.version });
}

async function verifyLater(verified: () => Promise<boolean>, check: ContractsCheck): Promise<void> {
  try {
    while (!(await verified())) await sleep(2_000);
  } catch (err) {
    if (err instanceof LayoutMismatchError) check.onLateMismatch(err);
  }
}
