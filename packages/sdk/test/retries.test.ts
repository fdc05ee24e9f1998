// layouts: both
import { createTestPartner, storedAction } from '../../../services/gateway/test/support/partner';
import { createPartnerClient, PartnerApiError } from '../src';
import { useListeningGateway } from './support';

// 3 s windows, 60 a minute: 3 requests a window, so a 429 asks for at most 3 s (as rate-limit.test.ts does).
const { gw, server } = useListeningGateway({
  env: { RATE_LIMIT_WINDOW: '3s', RATE_LIMIT_PARTNER_PER_MINUTE: '60' },
});

const depositBody = () => {
  const wallet = gw.vault.wallets[0]!.address;
  return { amountRaw: (10n ** 6n).toString(), account: wallet, receiver: wallet };
};

describe('@yv/sdk retries', () => {
  it('answers a 429 it may not retry as PartnerApiError', async () => {
    const { apiKey } = await createTestPartner(gw.pool, 'sdk-no-retries');
    const client = createPartnerClient({ baseUrl: server.baseUrl, apiKey, retries: 0 });
    let refused: unknown;
    for (let i = 0; i < 10 && !refused; i++) await client.listActions().catch((e: unknown) => (refused = e));
    expect(refused).toBeInstanceOf(PartnerApiError);
    expect(refused).toMatchObject({ status: 429, code: 'BAD_REQUEST' });
  });

  it('retries a 429 after Retry-After with the same Idempotency-Key, creating one action per call', async () => {
    const partner = await createTestPartner(gw.pool, 'sdk-retries');
    let sent: { key: string | null; status: number }[] = [];
    const recording: typeof fetch = async (input, init) => {
      const request = new Request(input, init);
      const response = await fetch(request);
      sent.push({ key: request.headers.get('idempotency-key'), status: response.status });
      return response;
    };
    const client = createPartnerClient({ baseUrl: server.baseUrl, apiKey: partner.apiKey, fetch: recording });

    // Creates until one call meets the limit (the 4th of a window at the latest), each call logged on its own.
    const created: string[] = [];
    for (let i = 0; i < 10 && !sent.some((attempt) => attempt.status === 429); i++) {
      sent = [];
      created.push((await client.createAction('deposit', depositBody())).id);
    }
    expect(sent[0]?.status).toBe(429);
    expect(sent.at(-1)?.status).toBe(201);
    const key = sent[0]!.key;
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(sent.every((attempt) => attempt.key === key)).toBe(true);

    expect((await storedAction(gw.pool, partner.partnerId, key!))?.id).toBe(created.at(-1));
    const page = await client.listActions({ limit: 100 });
    expect(page.data.map((action) => action.id).sort()).toEqual([...created].sort());
  });
});
