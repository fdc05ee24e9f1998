/**
 * Type-checked by package-install.test.ts against the packed @yv/sdk, as consumer.mts and consumer.cts under
 * `node16` and as consumer.ts under `bundler`: the declarations must resolve, and must be the real types.
 */
import {
  createPartnerClient,
  createVaultFlows,
  eip1193Wallet,
  FlowStoppedError,
  type components,
  type WithdrawResult,
} from '@yv/sdk';

const client = createPartnerClient({ baseUrl: 'https://partner-api.invalid', apiKey: 'key' });
const flows = createVaultFlows({
  client,
  wallet: eip1193Wallet({ request: async () => null }, '0x0000000000000000000000000000000000000001'),
});

export type ActionStatus = components['schemas']['PartnerAction']['status'];

export async function exit(shares: bigint): Promise<string> {
  const result: WithdrawResult = await flows.withdraw({ shares });
  return result.mode === 'queued' ? result.redemption.id : result.action.id;
}

export const timedOut = (error: unknown): boolean =>
  error instanceof FlowStoppedError && error.reason === 'poll_timeout';

// @ts-expect-error amounts are bigint, not strings
void flows.deposit({ amount: '1000000' });
