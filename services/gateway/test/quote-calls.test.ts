// layouts: both
import { createChainProvider } from '@yv/chain';
import { useDevnetVault } from '@yv/testkit';
import { devnetQuoteService } from './support/quotes';

const v = useDevnetVault();
/** ERC-20 decimals(): its selector appears in an eth_call's data, inside a Multicall3 payload or alone. */
const DECIMALS = '313ce567';

/** A devnet provider whose eth_calls' data are recorded in `ethCalls`. */
function recordingProvider() {
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
  return { provider, ethCalls };
}

it('reads the token decimals once per process: every deposit quote after the first is one eth_call without them', async () => {
  const { provider, ethCalls } = recordingProvider();
  const quotes = devnetQuoteService(v.deployment, provider, { bridgeUrl: v.rpcUrl });
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

it('answers the deposit quotes begun within the read window from one eth_call, each as it is quoted alone', async () => {
  const { provider, ethCalls } = recordingProvider();
  const shared = devnetQuoteService(v.deployment, provider, { bridgeUrl: v.rpcUrl, readWindowMs: 50 });
  const alone = devnetQuoteService(v.deployment, provider, { bridgeUrl: v.rpcUrl });
  // Wallets that approved nothing: each quote is its read, with the deposit rules' check in it.
  const inputs = [2, 3, 4].map((i, k) => ({
    amountRaw: String(1_000_000 * (k + 1)),
    account: v.wallets[i]!.address,
    slippageBps: 50,
  }));
  try {
    await shared.deposit(inputs[0]!); // the tokens' decimals, read once per process
    ethCalls.length = 0;
    const plans = await Promise.all(inputs.map((input) => shared.deposit(input)));
    expect(ethCalls).toHaveLength(1);
    const block = plans[0]!.quote.quoteBlock;
    expect(plans.map((plan) => plan.quote.quoteBlock)).toEqual([block, block, block]);
    for (const [k, input] of inputs.entries()) {
      // No transaction comes between: the vault reads the same at the block this quote is read at.
      const own = await alone.deposit(input);
      expect(plans[k]!.quote.expected).toEqual(own.quote.expected);
      expect(plans[k]!.steps).toEqual(own.steps);
    }
  } finally {
    provider.destroy();
  }
});
