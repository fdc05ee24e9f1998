// layouts: both
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTestPartner } from '../../../services/gateway/test/support/partner';
import { createPartnerClient, PartnerApiError, type PartnerClient } from '../src';
import { useListeningGateway } from './support';

const { gw, server } = useListeningGateway();
const USDC = 10n ** 6n;
let client: PartnerClient;

beforeAll(async () => {
  const { apiKey } = await createTestPartner(gw.pool, 'sdk');
  client = createPartnerClient({ baseUrl: server.baseUrl, apiKey });
});

const depositOf = (amount: bigint) => {
  const account = gw.vault.wallets[0]!.address;
  return { amountRaw: amount.toString(), account, receiver: account, slippageBps: 50 };
};

/** The PartnerApiError a call throws. */
async function failureOf(call: Promise<unknown>): Promise<PartnerApiError> {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PartnerApiError);
  return error as PartnerApiError;
}

describe('@yv/sdk against the gateway', () => {
  it('reads the config and the vault', async () => {
    const { contracts } = gw.vault.deployment;
    const config = await client.getConfig();
    expect(config.contracts.vault.toLowerCase()).toBe(contracts.vault.toLowerCase());
    const vault = await client.getVault();
    expect(vault.addresses.vault.toLowerCase()).toBe(contracts.vault.toLowerCase());
  });

  it('creates a deposit action, replays it by key, gets it and lists it', async () => {
    const key = `sdk-${randomUUID()}`;
    const action = await client.createAction('deposit', depositOf(25n * USDC), { idempotencyKey: key });
    expect(action).toMatchObject({ action: 'deposit', status: 'created', idempotentReplay: false });
    expect(action.quote.action).toBe('deposit');
    expect(action.steps.at(-1)?.kind).toBe('deposit');

    const replay = await client.createAction('deposit', depositOf(25n * USDC), { idempotencyKey: key });
    expect(replay).toMatchObject({ id: action.id, idempotentReplay: true });

    expect(await client.getAction(action.id)).toMatchObject({ id: action.id, status: action.status });
    const page = await client.listActions({ wallet: action.wallet, limit: 100 });
    expect(page.data.map((a) => a.id)).toContain(action.id);
  });

  it('gives every create a key of its own when the caller names none', async () => {
    const first = await client.createAction('deposit', depositOf(30n * USDC));
    const second = await client.createAction('deposit', depositOf(30n * USDC));
    expect(second.id).not.toBe(first.id);
    expect(second.idempotentReplay).toBe(false);
  });

  it('throws PartnerApiError with the code, status, message and request id', async () => {
    const stranger = createPartnerClient({ baseUrl: server.baseUrl, apiKey: 'not-a-key' });
    const unauthorized = await failureOf(stranger.listActions());
    expect(unauthorized).toMatchObject({ code: 'PARTNER_UNAUTHORIZED', status: 401 });
    expect(unauthorized.message).not.toBe('');
    expect(unauthorized.requestId).toMatch(/^[A-Za-z0-9._:-]{8,128}$/);

    const missing = await failureOf(client.getAction(randomUUID()));
    expect(missing).toMatchObject({ code: 'PARTNER_ACTION_NOT_FOUND', status: 404 });
    expect(missing.requestId).not.toBe(unauthorized.requestId);

    const refused = await failureOf(client.createAction('deposit', { ...depositOf(USDC), amountRaw: '1.5' }));
    expect(refused).toMatchObject({ status: 400 });
  });

  it('answers a non-JSON answer (a proxy in front of the gateway) as PARTNER_ACTION_FAILED with its status', async () => {
    const proxy: Server = createServer((_req, res) => {
      res.writeHead(502, { 'content-type': 'text/html' }).end('<html>502 Bad Gateway</html>');
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = proxy.address() as AddressInfo;
      const behindProxy = createPartnerClient({ baseUrl: `http://127.0.0.1:${port}`, apiKey: 'any' });
      const error = await failureOf(behindProxy.getConfig());
      expect(error).toMatchObject({ code: 'PARTNER_ACTION_FAILED', status: 502, requestId: null });
      expect(error.message).toContain('502 Bad Gateway');
    } finally {
      await new Promise((resolve) => proxy.close(resolve));
    }
  });
});
