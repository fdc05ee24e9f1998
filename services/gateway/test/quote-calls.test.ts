import path from 'node:path';
import { createChainProvider, vaultLayout } from '@yv/chain';
import { readProductConfig } from '@yv/config';
import { DEFAULT_QUOTE_TTL_MS } from '@yv/domain';
import { createServiceMetrics } from '@yv/metrics';
import { useDevnetVault } from '@yv/testkit';
import { createHttpBridgeAdapter } from '../src/bridge';
import { createQuoteService } from '../src/quotes';
import { tokenReader } from '../src/reads/tokens';

const v = useDevnetVault();
/** ERC-20 decimals(): its selector appears in an eth_call's data, inside a Multicall3 payload or alone. */
const DECIMALS = '313ce567';

it('reads the token decimals once per process: every deposit quote after the first is one eth_call without them', async () => {
  const provider = createChainProvider({
    rpcUrl: v.rpcUrl,
    chainId: v.deployment.chainId,
    timeoutMs: 10_000,
  });
  const ethCalls: string[] = [];
  const send = provider.send.bind(provider);
  provider.send = (method, params) => {
    if (method === 'eth_call') ethCalls.push(((params as unknown[])[0] as { data: string }).data);
    return send(method, params);
  };
  const quotes = createQuoteService({
    provider,
    deployment: v.deployment,
    layout: vaultLayout(v.deployment),
    product: readProductConfig(path.join(__dirname, '../../../config/product.devnet.json')),
    tokens: tokenReader(provider, v.deployment),
    bridge: createHttpBridgeAdapter({ baseUrl: v.rpcUrl }),
    readiness: () => ({ deposits: true, operations: true }),
    clock: () => new Date(),
    quoteTtlMs: DEFAULT_QUOTE_TTL_MS,
    metrics: createServiceMetrics('gateway'),
  });
  // A wallet that approved nothing: the deposit rules' check rides in the quote's read, with no simulation after.
  const deposit = (amountRaw: string) =>
    quotes.deposit({ amountRaw, account: v.wallets[2]!.address, slippageBps: 50 });
  try {
    await deposit('1000000');
    expect(ethCalls.filter((data) => data.includes(DECIMALS))).toHaveLength(2);
    ethCalls.length = 0;
    const plans = [await deposit('2500000'), await deposit('1234567')];
    expect(ethCalls).toHaveLength(2);
    expect(ethCalls.filter((data) => data.includes(DECIMALS))).toEqual([]);
    expect(plans.map((plan) => plan.quote.expected)).toMatchObject([
      { assets: { raw: '2500000', decimals: 6, formatted: '2.5' } },
      { assets: { raw: '1234567', decimals: 6, formatted: '1.234567' } },
    ]);
  } finally {
    provider.destroy();
  }
});
