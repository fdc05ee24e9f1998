import { useDevnetVault } from '@yv/testkit';
import { deposit, expectProofHolds, mined, USDC, vaultContracts } from './helpers';

const v = useDevnetVault({ minimumDeposit: 1n }, { contractVersion: 'svc-pipe-v2' });

afterEach(() => expectProofHolds(v));

it('donating to an empty vault to inflate the share price loses the attacker money', async () => {
  const [attacker, victim] = v.wallets;
  const a = vaultContracts(v, attacker!);
  const startUsdc = await a.usdc.balanceOf(attacker!.address);

  // The classic attack: one unit of deposit, then a large donation straight to Core to round the victim down.
  const attackerShares = await deposit(v, attacker!, 1n);
  await mined(a.usdc.transfer(v.deployment.contracts.core, 10_000n * USDC));
  const victimShares = await deposit(v, victim!, 20_000n * USDC);
  expect(victimShares).toBeGreaterThan(0n);

  await mined(a.redemptionPipe.redeemInstant(attackerShares, attacker!.address, 0n));
  const endUsdc = await a.usdc.balanceOf(attacker!.address);
  expect(endUsdc).toBeLessThan(startUsdc);
  // The victim keeps nearly all of the deposit: the virtual offset leaves rounding losses below 0.01 %.
  const victimValue = await a.core.convertToAssets(victimShares);
  expect(victimValue * 10_000n).toBeGreaterThan(20_000n * USDC * 9_999n);
});
