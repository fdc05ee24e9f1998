/* global process, console, fetch */
/**
 * Run by package-install.test.ts with plain node, in a project that installed the packed @yv/sdk: `flow.mjs deposit`
 * or `flow.mjs withdraw`, for YV_AMOUNT (USDC or shares, raw) from YV_ACCOUNT, a devnet account the node holds
 * unlocked. Prints the result as JSON.
 */
import { createPartnerClient, createVaultFlows, eip1193Wallet } from '@yv/sdk';

const { YV_API_URL, YV_API_KEY, YV_RPC_URL, YV_ACCOUNT, YV_AMOUNT } = process.env;

/** EIP-1193 over the node's JSON-RPC, so this project needs nothing but the SDK. */
function nodeProvider(rpcUrl) {
  let id = 0;
  return {
    async request({ method, params = [] }) {
      const response = await fetch(rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: ++id, method, params }),
      });
      const body = await response.json();
      if (body.error) throw Object.assign(new Error(body.error.message), body.error);
      return body.result;
    },
  };
}

const flows = createVaultFlows({
  client: createPartnerClient({ baseUrl: YV_API_URL, apiKey: YV_API_KEY }),
  wallet: eip1193Wallet(nodeProvider(YV_RPC_URL), YV_ACCOUNT),
  pollIntervalMs: 200,
  pollTimeoutMs: 60_000,
  receiptPollIntervalMs: 100,
  receiptTimeoutMs: 30_000,
});

const summary = (action) => ({ id: action.id, action: action.action, status: action.status });

const steps = {
  async deposit() {
    const result = await flows.deposit({ amount: BigInt(YV_AMOUNT) });
    return { approvalTxHash: result.approvalTxHash, action: summary(result.action) };
  },
  async withdraw() {
    const result = await flows.withdraw({ shares: BigInt(YV_AMOUNT) });
    const redemption =
      result.mode === 'queued'
        ? { status: result.redemption.status, shares: result.redemption.shares.raw }
        : null;
    return { mode: result.mode, action: summary(result.action), redemption };
  },
};

console.log(JSON.stringify(await steps[process.argv[2]]()));
