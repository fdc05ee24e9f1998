import { useDevnetVault, type DevnetVault } from '@yv/testkit';
import { deposit, expectProofHolds, mined, USDC, v3 } from './helpers';

/** Two empty vaults of this file's own: the donation goes straight to the vault in one, to the strategy in the other. */
const direct = useDevnetVault({ minimumDeposit: 1n }, { contractVersion: 'svc-vault-v3' });
const viaStrategy = useDevnetVault({ minimumDeposit: 1n }, { contractVersion: 'svc-vault-v3' });

afterEach(async () => {
  await expectProofHolds(direct);
  await expectProofHolds(viaStrategy);
});

/**
 * The attacker's entry sets how much of the donation it can take back: one asset unit deposited buys 10^6 share units,
 * as many as the virtual offset holds, so half the donation goes to the virtual shares; one share unit minted holds
 * a millionth of it.
 */
async function attack(
  v: DevnetVault,
  donateTo: string,
  entry: 'deposit' | 'mint',
  minLoss: bigint,
): Promise<void> {
  const [attacker, victim] = v.wallets;
  const a = v3(v, attacker!);
  const startUsdc = await a.usdc.balanceOf(attacker!.address);
  expect(await a.vault.totalSupply()).toBe(0n);

  // The classic attack: the smallest entry, then a large donation to round the next depositor down.
  let attackerShares: bigint;
  if (entry === 'deposit') {
    attackerShares = await deposit(v, attacker!, 1n);
  } else {
    attackerShares = 1n;
    const cost = await a.vault.previewMint(1n);
    expect(cost).toBe(1n);
    await mined(a.usdc.approve(v.deployment.contracts.vault, cost));
    await mined(a.vault['mint(uint256,address)'](1n, attacker!.address));
  }
  await mined(a.usdc.transfer(donateTo, 10_000n * USDC));
  const victimShares = await deposit(v, victim!, 20_000n * USDC);
  expect(victimShares).toBeGreaterThan(0n);

  const value = await a.vault.convertToAssets(attackerShares);
  if (value > 0n) {
    if (donateTo === v.deployment.contracts.strategy) {
      await mined(v3(v, v.keeper).strategy.returnToVault(10_000n * USDC));
    }
    await mined(a.vault.redeemInstant(attackerShares, attacker!.address, attacker!.address, 0n));
  }
  const endUsdc = await a.usdc.balanceOf(attacker!.address);
  expect(endUsdc).toBeLessThan(startUsdc);
  expect(startUsdc - endUsdc).toBeGreaterThan(minLoss);
  // The victim keeps nearly all of the deposit: the virtual offset leaves rounding losses below 0.01 %.
  const victimValue = await a.vault.convertToAssets(victimShares);
  expect(victimValue * 10_000n).toBeGreaterThan(20_000n * USDC * 9_999n);
}

it('donating USDC to an empty vault to inflate the share price loses the attacker money', async () => {
  await attack(direct, direct.deployment.contracts.vault, 'deposit', 4_990n * USDC);
});

it('donating through the strategy account (counted as strategy equity) after a one-unit mint loses too', async () => {
  await attack(viaStrategy, viaStrategy.deployment.contracts.strategy, 'mint', 9_990n * USDC);
});
