import { createPartnerClient, flowApiOf } from '../src';

/**
 * The partner key goes on every call, the credential-free reads the flows poll included: the gateway then limits
 * them on the partner's budget instead of the server's one client address.
 */
describe('the partner key on every call', () => {
  it('sends Authorization: Bearer on the public reads and the partner routes alike', async () => {
    const seen: { path: string; authorization: string | null }[] = [];
    const fetchDouble = async (input: string | URL | Request, init?: RequestInit) => {
      const req = new Request(input, init);
      seen.push({ path: new URL(req.url).pathname, authorization: req.headers.get('authorization') });
      const body = {
        success: true,
        data: { redeems: [] },
        meta: { updatedAt: new Date().toISOString(), nextCursor: null },
      };
      return new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    };
    const client = createPartnerClient({
      baseUrl: 'http://api.test',
      apiKey: 'yv_test_key',
      fetch: fetchDouble,
    });
    const flows = flowApiOf(client);
    const wallet = '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc';
    await client.getConfig();
    await flows.bootstrap(wallet);
    await flows.findRedemption(wallet, '1');
    await client.listActions();
    expect(seen).toEqual(
      [
        '/api/v1/config',
        '/api/v1/bootstrap',
        `/api/v1/wallets/${wallet}/redeems`,
        '/api/v1/partner/actions',
      ].map((path) => ({ path, authorization: 'Bearer yv_test_key' })),
    );
  });
});
