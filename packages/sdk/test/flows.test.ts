// layouts: both
import { createTestPartner } from '../../../services/gateway/test/support/partner';
import {
  createPartnerClient,
  createVaultFlows,
  eip1193Wallet,
  ethersSignerWallet,
  type FlowProgress,
  type FlowWallet,
  type PartnerClient,
  type VaultFlows,
} from '../src';
import { nodeProvider, useRunningServices } from './flows/stack';
import { useListeningGateway } from './support';

/**
 * The integration flows against the gateway over HTTP, on the devnet, with the indexer following the chain, vault
 * snapshots taken and the keeper simulator fulfilling queued redemptions: every action reaches the status the
 * rules end on. One wallet signs through an ethers Signer, another through an EIP-1193 provider.
 */
const { gw, server } = useListeningGateway();
const USDC = 10n ** 6n;
const TIMING = {
  pollIntervalMs: 200,
  pollTimeoutMs: 45_000,
  receiptPollIntervalMs: 100,
  receiptTimeoutMs: 30_000,
};

describe('the integration flows on the real stack', () => {
  const services = useRunningServices(gw);
  let client: PartnerClient;
  const events: FlowProgress[] = [];
  const flowsOf = (wallet: FlowWallet): VaultFlows =>
    createVaultFlows({ client, wallet, ...TIMING, onProgress: (event) => events.push(event) });
  let viaSigner: VaultFlows;
  let viaEip1193: VaultFlows;

  beforeAll(async () => {
    client = createPartnerClient({
      baseUrl: server.baseUrl,
      apiKey: (await createTestPartner(gw.pool)).apiKey,
    });
    viaSigner = flowsOf(ethersSignerWallet(gw.vault.wallets[0]!));
    viaEip1193 = flowsOf(eip1193Wallet(nodeProvider(gw.vault.rpcUrl), gw.vault.wallets[1]!.address));
  });
  beforeEach(() => {
    events.length = 0;
  });

  /**
   * The wallet's shares as bootstrap's position gives them, once `holds` is true of them (the live read trails the
   * chain head by its block cache) or after 10 s. A string: a jest worker cannot report a failed bigint assertion.
   */
  async function sharesWhen(wallet: string, holds: (shares: bigint) => boolean): Promise<string> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const { data } = await client.api.GET('/api/v1/bootstrap', { params: { query: { wallet } } });
      const raw = data!.data.position!.balances.shares.raw;
      if (holds(BigInt(raw)) || Date.now() > deadline) return raw;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  const someShares = (shares: bigint) => shares > 0n;

  /** Waits until bootstrap's vault section (a snapshot, as the watcher takes them) shows liquidity that `holds`. */
  async function liquidityWhen(holds: (capacity: bigint, tvl: bigint) => boolean): Promise<void> {
    await services.snapshot();
    for (;;) {
      const { liquidity, analytics } = await client.getVault();
      if (holds(BigInt(liquidity.instantRedeemCapacity.raw), BigInt(analytics.tvl.raw))) return;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  /** Parks the vault's free USDC in the strategy (the keeper keeps a 20 % buffer) until bootstrap shows it. */
  async function drainInstantLiquidity(): Promise<void> {
    await services.keeper.tick();
    await liquidityWhen((capacity, tvl) => capacity * 4n < tvl);
  }

  it('deposits through an ethers Signer with no allowance: approval, allowance check, fresh action, deposit', async () => {
    const owner = gw.vault.wallets[0]!.address;
    const result = await viaSigner.deposit({ amount: 10_000n * USDC });
    expect(result.approvalTxHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(result.action).toMatchObject({ action: 'deposit', status: 'indexed', wallet: owner });
    const stages = events.map((event) => event.stage);
    expect(stages.indexOf('approval_confirmed')).toBeLessThan(stages.indexOf('refreshed'));
    expect(stages.at(-1)).toBe('terminal');
    const refreshed = events.find((event) => event.stage === 'refreshed')!;
    expect(refreshed.stage === 'refreshed' && refreshed.action.id).toBe(result.action.id);
    expect(refreshed.stage === 'refreshed' && refreshed.replacedActionId).not.toBe(result.action.id);
    expect(await sharesWhen(owner, someShares)).not.toBe('0');
  }, 120_000);

  it('redeems instantly through the ethers Signer while the vault holds the liquidity', async () => {
    const owner = gw.vault.wallets[0]!.address;
    const before = BigInt(await sharesWhen(owner, someShares));
    // The deposit's USDC, all still in the vault, once the snapshot bootstrap reads has seen it.
    await liquidityWhen((capacity, tvl) => capacity > 0n && capacity === tvl);
    const result = await viaSigner.withdraw({ shares: before / 20n });
    expect(result.mode).toBe('instant');
    expect(result.action).toMatchObject({ action: 'redeem_instant', status: 'indexed' });
    const after = before - before / 20n;
    expect(await sharesWhen(owner, (shares) => shares === after)).toBe(after.toString());
  }, 120_000);

  it('redeems instantly to another chain by paying the bridge deposit address the quote names', async () => {
    const owner = gw.vault.wallets[0]!.address;
    const before = BigInt(await sharesWhen(owner, someShares));
    const result = await viaSigner.withdraw({ shares: before / 20n, receiveChainId: 8453 });
    expect(result.action).toMatchObject({ action: 'redeem_instant', status: 'indexed' });
    const { postSettlementBridge, settlement } = result.action.quote.metadata!.withdrawal!;
    expect(postSettlementBridge.bridge).toMatchObject({ destinationChainId: 8453, recipient: owner });
    expect(settlement.receiver).toBe(postSettlementBridge.bridge!.depositAddress);
    const after = before - before / 20n;
    expect(await sharesWhen(owner, (shares) => shares === after)).toBe(after.toString());
  }, 120_000);

  it('through an EIP-1193 provider: deposits, queues a redemption the liquidity cannot cover, claims it once fulfilled', async () => {
    const account = gw.vault.wallets[1]!.address;
    const deposited = await viaEip1193.deposit({ amount: 10_000n * USDC });
    expect(deposited.action.status).toBe('indexed');
    expect(deposited.approvalTxHash).not.toBeNull();
    await drainInstantLiquidity();

    const shares = BigInt(await sharesWhen(account, someShares));
    const queued = await viaEip1193.withdraw({ shares: (shares * 3n) / 4n });
    if (queued.mode !== 'queued') throw new Error(`expected a queued redemption, got ${queued.mode}`);
    expect(queued.action).toMatchObject({ action: 'redeem_async', status: 'waiting_for_keeper' });
    const redeemId = queued.redemption.id;
    expect(queued.redemption).toMatchObject({
      status: 'pending',
      shares: { raw: ((shares * 3n) / 4n).toString() },
    });

    expect((await services.keeper.tick()).actions.fulfilled).toContain(redeemId);
    await viaEip1193.waitForRedemption(redeemId, ['claimable']);
    const claimed = await viaEip1193.claim({ redeemId, receiveChainId: queued.receiveChainId });
    expect(claimed).toMatchObject({ action: 'claim_redeem', status: 'indexed', redeemId });
    expect(await viaEip1193.waitForAction(queued.action.id, ['claimed'])).toMatchObject({
      status: 'claimed',
    });
  }, 180_000);

  it('cancels a queued redemption through the ethers Signer: the shares come back', async () => {
    const owner = gw.vault.wallets[0]!.address;
    await drainInstantLiquidity();
    const before = await sharesWhen(owner, someShares);
    const queued = await viaSigner.withdraw({ shares: BigInt(before) });
    if (queued.mode !== 'queued') throw new Error(`expected a queued redemption, got ${queued.mode}`);
    expect(await sharesWhen(owner, (shares) => shares === 0n)).toBe('0');

    const redeemId = queued.redemption.id;
    const cancelled = await viaSigner.cancel({ redeemId });
    expect(cancelled).toMatchObject({ action: 'cancel_redeem', status: 'indexed', redeemId });
    expect(await viaSigner.waitForAction(queued.action.id, ['cancelled'])).toMatchObject({
      status: 'cancelled',
    });
    expect(await sharesWhen(owner, (shares) => shares.toString() === before)).toBe(before);
  }, 180_000);
});
