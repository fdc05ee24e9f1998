import { getAddress } from 'ethers';
import { deployTestVault, useDevnetVault, WALLET_FUNDING, type DevnetVault } from '@yv/testkit';
import { expectProofHolds, USDC, v3 } from './helpers';

const v = useDevnetVault(undefined, { contractVersion: 'svc-vault-v3' });

afterEach(() => expectProofHolds(v));

/** EIP-170, which the devnet (Hardhat's node with default limits) enforces. */
const MAX_CODE_SIZE = 24_576;

describe('the svc-vault-v3 devnet deploy', () => {
  it('writes a manifest whose every v2 role (vault, core, share, pipes) is the one SvcVault', async () => {
    const d = v.deployment;
    expect(d.contractVersion).toBe('svc-vault-v3');
    expect(d.chainId).toBe(999);
    const c = d.contracts;
    for (const role of ['core', 'share', 'depositPipe', 'redemptionPipe'] as const)
      expect(c[role]).toBe(c.vault);
    expect(c.strategyKeeper).toBe(v.keeper.address);
    expect(c.treasury).toBe(v.deployer.address);
    expect(c.hlpVault).toBe(getAddress('0xdfc24b077bc1425ad1dea75bcb6f8158e10df303'));
    const distinct = [c.vault, c.usdc, c.strategy, c.navSource, c.multicall3];
    expect(new Set(distinct).size).toBe(distinct.length);
    for (const address of distinct) expect(await v.provider.getCode(address)).not.toBe('0x');
    const firstBlock = await v.provider.getBlock(d.startBlock + 1);
    expect(firstBlock).not.toBeNull();
  });

  it('fits the 24,576-byte code limit', async () => {
    const code = await v.provider.getCode(v.deployment.contracts.vault);
    const size = (code.length - 2) / 2;
    expect(size).toBeGreaterThan(10_000);
    expect(size).toBeLessThanOrEqual(MAX_CODE_SIZE);
  });

  it('wires the vault, strategy and NAV source to each other, makes the keeper a USDC minter and funds the wallets', async () => {
    const { vault, strategy, navSource, usdc } = v3(v, v.deployer);
    const c = v.deployment.contracts;
    expect(await vault.strategy()).toBe(c.strategy);
    expect(await vault.navSource()).toBe(c.navSource);
    expect(await strategy.vault()).toBe(c.vault);
    expect(await navSource.strategyAccount()).toBe(c.strategy);
    expect(await usdc.isMinter(v.keeper.address)).toBe(true);
    expect(await usdc.owner()).toBe(v.deployer.address);
    for (const w of v.wallets) expect(await usdc.balanceOf(w.address)).toBe(WALLET_FUNDING);
    expect(WALLET_FUNDING).toBe(1_000_000n * USDC);
    // Freshly deployed: nothing deposited, nothing requested.
    expect(await vault.totalSupply()).toBe(0n);
    expect(await vault.nextRedemptionId()).toBe(1n);
  });
});

describe('choosing the layout', () => {
  const saved = process.env.DEVNET_CONTRACT_VERSION;
  const deployed: DevnetVault[] = [];
  afterEach(() => {
    if (saved === undefined) delete process.env.DEVNET_CONTRACT_VERSION;
    else process.env.DEVNET_CONTRACT_VERSION = saved;
  });
  afterAll(() => deployed.forEach((d) => d.provider.destroy()));

  async function deployWith(env: string | undefined, explicit?: 'svc-pipe-v2' | 'svc-vault-v3') {
    if (env === undefined) delete process.env.DEVNET_CONTRACT_VERSION;
    else process.env.DEVNET_CONTRACT_VERSION = env;
    const d = await deployTestVault(undefined, undefined, explicit ? { contractVersion: explicit } : {});
    deployed.push(d);
    return d.deployment;
  }

  it('defaults to svc-pipe-v2, with its own share and pipe contracts', async () => {
    const d = await deployWith(undefined);
    expect(d.contractVersion).toBe('svc-pipe-v2');
    expect(d.contracts.core).toBe(d.contracts.vault);
    expect(
      new Set([d.contracts.core, d.contracts.share, d.contracts.depositPipe, d.contracts.redemptionPipe])
        .size,
    ).toBe(4);
    expect((await deployWith('')).contractVersion).toBe('svc-pipe-v2');
  });

  it('follows DEVNET_CONTRACT_VERSION, and an explicit contractVersion wins over it', async () => {
    expect((await deployWith('svc-vault-v3')).contractVersion).toBe('svc-vault-v3');
    expect((await deployWith('svc-vault-v3', 'svc-pipe-v2')).contractVersion).toBe('svc-pipe-v2');
    expect((await deployWith('svc-pipe-v2', 'svc-vault-v3')).contractVersion).toBe('svc-vault-v3');
  });

  it('refuses an unknown version with an error that names the source and the allowed values', async () => {
    await expect(deployWith('svc-vault-v9')).rejects.toThrow(
      'unknown contract version "svc-vault-v9" (from DEVNET_CONTRACT_VERSION); expected one of svc-vault-v3, svc-pipe-v2',
    );
    await expect(deployWith(undefined, 'svc-pipe-v1' as never)).rejects.toThrow(
      'unknown contract version "svc-pipe-v1" (from contractVersion); expected one of svc-vault-v3, svc-pipe-v2',
    );
  });
});
