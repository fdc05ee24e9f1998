import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startFixtureServer, type FixtureServer } from '@yv/devnet';
import { BridgeError, createHttpBridgeAdapter } from '../src/bridge';

const request = {
  originChainId: 999,
  destinationChainId: 42161,
  amountRaw: '2500000000',
  recipient: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  refundTo: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
  originCurrency: '0xb88339CB7199b77E23DB6E890353E22632Ba630f',
  destinationCurrency: '0xaf88d065e77c8cC2239327C5EDb3A432268e5831',
};

let fixture: FixtureServer;
let broken: Server;
let brokenUrl: string;
beforeAll(async () => {
  fixture = await startFixtureServer({ port: 0 });
  // A provider that answers 200 with a body that is no quote.
  broken = createServer((_req, res) =>
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":1}'),
  );
  await new Promise<void>((resolve) => broken.listen(0, '127.0.0.1', resolve));
  brokenUrl = `http://127.0.0.1:${(broken.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await fixture.close();
  await new Promise((resolve) => broken.close(resolve));
});

async function failure(promise: Promise<unknown>): Promise<BridgeError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(BridgeError);
  return err as BridgeError;
}

it('opens a deposit address with the provider and echoes the request', async () => {
  const bridge = createHttpBridgeAdapter({ baseUrl: fixture.bridgeUrl });
  const quote = await bridge.quote(request);
  expect(quote).toMatchObject({ ...request, provider: 'relay' });
  expect(quote.depositAddress).toMatch(/^0x[a-fA-F0-9]{40}$/);
  expect(quote.statusUrl).toBe(`${fixture.bridgeUrl}/status/${quote.requestId}`);
  expect((await bridge.quote(request)).depositAddress).toBe(quote.depositAddress);
});

it('tells a refused request (4xx) from a provider fault', async () => {
  const bridge = createHttpBridgeAdapter({ baseUrl: fixture.bridgeUrl });
  const refused = await failure(bridge.quote({ ...request, destinationChainId: 999 }));
  expect(refused.rejected).toBe(true);
  expect(refused.message).toContain('must differ');

  const down = await failure(
    createHttpBridgeAdapter({ baseUrl: 'http://127.0.0.1:1/bridge', timeoutMs: 1000 }).quote(request),
  );
  expect(down.rejected).toBe(false);

  const malformed = await failure(createHttpBridgeAdapter({ baseUrl: brokenUrl }).quote(request));
  expect(malformed.rejected).toBe(false);
  expect(malformed.message).toContain('depositAddress');
});
