/**
 * Run by package-install.test.ts with plain node: the packed @yv/sdk through require(). Reads the gateway's config
 * and makes one refused call (an unknown API key), so openapi-fetch's CommonJS build and the error class are used.
 */
const { createPartnerClient, createVaultFlows, eip1193Wallet, PartnerApiError } = require('@yv/sdk');

async function main() {
  const { YV_API_URL, YV_API_KEY, YV_ACCOUNT } = process.env;
  const client = createPartnerClient({ baseUrl: YV_API_URL, apiKey: YV_API_KEY });
  const flows = createVaultFlows({
    client,
    wallet: eip1193Wallet({ request: async () => null }, YV_ACCOUNT),
  });
  const config = await client.getConfig();
  const stranger = createPartnerClient({ baseUrl: YV_API_URL, apiKey: 'yv_not_a_key' });
  const refused = await stranger.getConfig().catch((error) => error);
  return {
    contractVersion: config.contracts.contractVersion,
    flows: { deposit: typeof flows.deposit, withdraw: typeof flows.withdraw },
    refused: { isPartnerApiError: refused instanceof PartnerApiError, status: refused.status },
  };
}

main().then((result) => console.log(JSON.stringify(result)));
