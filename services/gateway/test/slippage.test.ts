// layouts: both
import { MaxUint256 } from 'ethers';
import { MockUSDC__factory } from '@yv/contracts';
import { simulateCall, vaultLayout } from '@yv/chain';
import { checkSlippage, simulatedRevertError } from '@yv/domain';
import { API_ERROR_STATUS } from '@yv/schemas';
import { useDevnetVault } from '@yv/testkit';
import { accounting } from './support/vault';

/**
 * SLIPPAGE_EXCEEDED: the vault's own guard reverting in the final simulation, and a simulated output below the
 * caller's floor, both answer it (409 in the one table) rather than a generic quote failure.
 */
const v = useDevnetVault();
const USDC = 10n ** 6n;

it("answers the vault's SlippageExceeded revert, decoded from the devnet, with SLIPPAGE_EXCEEDED", async () => {
  const wallet = v.wallets[0]!;
  const c = v.deployment.contracts;
  const layout = vaultLayout(v.deployment);
  await (await MockUSDC__factory.connect(c.usdc, wallet).approve(layout.depositSpender, MaxUint256)).wait();
  const block = BigInt(await v.provider.getBlockNumber());
  const assets = 100n * USDC;
  const shares = await accounting(v.deployment, v.provider).previewDeposit(assets, { blockTag: block });
  const call = layout.calls.deposit(assets, wallet.address, shares + 1n);
  const result = await simulateCall(v.provider, wallet.address, call, block);
  if (result.ok) throw new Error('a floor one share above the preview must revert');

  const error = simulatedRevertError('deposit', result.revert, result.reason, block);
  expect(error.code).toBe('SLIPPAGE_EXCEEDED');
  expect(API_ERROR_STATUS[error.code]).toBe(409);
  expect(error.message).toContain('SlippageExceeded');
});

it('keeps every other revert the action kind’s quote or build failure', () => {
  const revert = { name: 'MaxTvlExceeded' };
  expect(simulatedRevertError('deposit', revert, 'MaxTvlExceeded()', 1n).code).toBe('ACTION_QUOTE_FAILED');
  expect(simulatedRevertError('claim_redeem', revert, 'x', 1n).code).toBe('ACTION_BUILD_FAILED');
  expect(simulatedRevertError('deposit', null, 'execution reverted', 1n).code).toBe('ACTION_QUOTE_FAILED');
});

it('answers a simulated output under the slippage floor with SLIPPAGE_EXCEEDED', () => {
  expect(() => checkSlippage('deposit', 99n, 100n)).toThrow(
    expect.objectContaining({ code: 'SLIPPAGE_EXCEEDED' }),
  );
  expect(() => checkSlippage('deposit', 100n, 100n)).not.toThrow();
});
