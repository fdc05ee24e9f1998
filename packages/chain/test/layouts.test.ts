// layouts: both
import { Interface, type InterfaceAbi } from 'ethers';
import { artifact } from '@yv/contracts';
import type { ContractVersion, Deployment } from '@yv/config';
import { useDevnetVault } from '@yv/testkit';
import { LayoutMismatchError, verifyLayout, vaultLayout } from '../src';

const v = useDevnetVault();

const other = (version: ContractVersion): ContractVersion =>
  version === 'svc-pipe-v2' ? 'svc-vault-v3' : 'svc-pipe-v2';

async function mismatchOf(deployment: Deployment): Promise<LayoutMismatchError> {
  try {
    await verifyLayout(v.provider, vaultLayout(deployment));
  } catch (err) {
    if (err instanceof LayoutMismatchError) return err;
    throw err;
  }
  throw new Error('the layout verified');
}

it('verifies the deployed vault as the layout its manifest names', async () => {
  await expect(verifyLayout(v.provider, vaultLayout(v.deployment))).resolves.toBeUndefined();
});

it('refuses a manifest naming the other layout, saying which answers are wrong', async () => {
  const version = other(v.deployment.contractVersion);
  const err = await mismatchOf({ ...v.deployment, contractVersion: version });
  expect(err.message).toContain(`do not answer as ${version}`);
  expect(err.problems.length).toBeGreaterThan(0);
});

it('refuses a manifest whose vault address holds another contract (USDC) or nothing', async () => {
  const c = v.deployment.contracts;
  const wrong = {
    ...c,
    core: c.usdc,
    vault: c.usdc,
    share: c.usdc,
    depositPipe: c.usdc,
    redemptionPipe: c.usdc,
  };
  const err = await mismatchOf({ ...v.deployment, contracts: wrong });
  expect(err.message).toMatch(/did not answer it|answered/);
  const empty = '0x000000000000000000000000000000000000dEaD';
  const none = { ...c, core: empty, vault: empty, share: empty, depositPipe: empty, redemptionPipe: empty };
  await mismatchOf({ ...v.deployment, contracts: none as Deployment['contracts'] });
  await expect(
    mismatchOf({ ...v.deployment, contracts: { ...c, multicall3: empty as typeof c.multicall3 } }),
  ).resolves.toHaveProperty('message', expect.stringContaining('contracts.multicall3'));
});

it('gives the keeper the same surface on both layouts: its calls have the same selectors', () => {
  const selectors = (name: 'Core' | 'RedemptionPipe' | 'SvcVault', fns: string[]) => {
    const iface = new Interface(artifact(name).abi as InterfaceAbi);
    return fns.map((fn) => iface.getFunction(fn)!.selector);
  };
  const accounting = [
    'totalAssets',
    'convertToAssets',
    'instantRedeemCapacity',
    'allocateToStrategy',
    'accrueFees',
  ];
  expect(selectors('SvcVault', accounting)).toEqual(selectors('Core', accounting));
  const queue = ['nextRedemptionId', 'getRedemption', 'fulfillRedeem'];
  expect(selectors('SvcVault', queue)).toEqual(selectors('RedemptionPipe', queue));
});
