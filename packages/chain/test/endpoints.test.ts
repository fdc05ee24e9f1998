import { freePort, startRpcProxy, startTcpProxy, testRpcUrl, type RpcProxy } from '@yv/testkit';
import {
  createChainProvider,
  createLatestBlock,
  createRpcEndpoints,
  JsonPostError,
  tryOrder,
  type EndpointView,
  type RpcEndpoints,
} from '../src';
import { withServer } from './support/json-server';

/**
 * RPC_URLS against the devnet's node: each endpoint is a proxy in front of it that a test makes fail, stall, refuse
 * or lag, and the proxies count what reached them.
 */
const open: { close(): unknown }[] = [];
afterEach(async () => {
  for (const thing of open.splice(0)) await thing.close();
});

async function proxy(): Promise<RpcProxy> {
  const p = await startRpcProxy(testRpcUrl());
  open.push(p);
  return p;
}

/** Without head probes unless asked for: the proxies count only the requests a test makes. */
function endpointsOf(...[configs, options]: Parameters<typeof createRpcEndpoints>): RpcEndpoints {
  const endpoints = createRpcEndpoints(configs, { probeIntervalMs: 0, ...options });
  open.push(endpoints);
  return endpoints;
}

const headVia = (endpoints: RpcEndpoints) =>
  createChainProvider({ transport: endpoints, chainId: 999 }).getBlockNumber();
const asked = (p: RpcProxy) => p.counts()['http requests'] ?? 0;

describe('tryOrder', () => {
  const view = (v: Partial<EndpointView>): EndpointView => ({
    downUntil: 0,
    head: null,
    withinRate: true,
    ...v,
  });

  it('keeps the configured order among endpoints that are up', () => {
    expect(tryOrder([view({}), view({}), view({})], 1_000)).toEqual([0, 1, 2]);
  });

  it('puts down endpoints last, lagging ones before them, and those over their rate after their peers', () => {
    const views = [
      view({ downUntil: 5_000, head: 100n }),
      view({ head: 90n }),
      view({ head: 100n, withinRate: false }),
      view({ head: 99n }),
    ];
    expect(tryOrder(views, 1_000)).toEqual([3, 2, 1, 0]);
    // Past its cooldown a down endpoint is up again, first as configured.
    expect(tryOrder(views, 6_000)).toEqual([0, 3, 2, 1]);
  });
});

describe('createRpcEndpoints', () => {
  it('answers from the next endpoint when the first refuses connections, and passes the failing one over', async () => {
    const second = await proxy();
    const endpoints = endpointsOf([{ url: `http://127.0.0.1:${await freePort()}` }, { url: second.url }], {
      timeoutMs: 2_000,
    });
    await expect(headVia(endpoints)).resolves.toBeGreaterThan(0);
    const [first, next] = endpoints.health();
    expect(first).toMatchObject({
      state: 'down',
      consecutiveFailures: 1,
      lastError: 'the connection to the node failed',
    });
    expect(next).toMatchObject({ state: 'up', consecutiveFailures: 0, lastError: null });
    expect(first!.endpoint).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('goes back to the first endpoint once it answers again after its cooldown', async () => {
    const node = await startTcpProxy(testRpcUrl());
    open.push({ close: () => node.stop() });
    const second = await proxy();
    const endpoints = endpointsOf([{ url: node.url }, { url: second.url }], { timeoutMs: 2_000 });
    await headVia(endpoints);
    expect(asked(second)).toBe(0);

    await node.stop();
    await headVia(endpoints);
    await headVia(endpoints);
    // The second request did not try the failing endpoint first.
    expect(asked(second)).toBe(2);
    expect(endpoints.health()[0]).toMatchObject({ state: 'down', consecutiveFailures: 1 });

    await node.start();
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await headVia(endpoints);
    expect(asked(second)).toBe(2);
    expect(endpoints.health()[0]).toMatchObject({ state: 'up', consecutiveFailures: 0 });
  });

  it('leaves a stalled endpoint at its own timeout and answers from the next within the budget', async () => {
    const stalled = await proxy();
    stalled.delayMs = 5_000;
    const second = await proxy();
    const endpoints = endpointsOf([{ url: stalled.url, timeoutMs: 300 }, { url: second.url }], {
      timeoutMs: 4_000,
    });
    const started = Date.now();
    await expect(headVia(endpoints)).resolves.toBeGreaterThan(0);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(endpoints.health()[0]).toMatchObject({ state: 'down', lastError: 'no answer within 300 ms' });
  });

  it('asks the next endpoint at once when one rate-limits (429), instead of waiting out its Retry-After', async () => {
    const limited = await proxy();
    limited.refuseEvery = 1;
    const second = await proxy();
    const endpoints = endpointsOf([{ url: limited.url }, { url: second.url }], { timeoutMs: 4_000 });
    const started = Date.now();
    await headVia(endpoints);
    expect(Date.now() - started).toBeLessThan(900);
    expect(limited.counts()['refused (429)']).toBe(1);
    expect(endpoints.health()[0]).toMatchObject({ state: 'down', lastError: 'HTTP 429' });
  });

  it('sends past maxRps to the next endpoint', async () => {
    const first = await proxy();
    const second = await proxy();
    const endpoints = endpointsOf([{ url: first.url, maxRps: 2 }, { url: second.url }], { timeoutMs: 2_000 });
    for (let i = 0; i < 5; i++) await headVia(endpoints);
    expect([asked(first), asked(second)]).toEqual([2, 3]);
  });

  it('passes over an endpoint whose head lags, and the reader’s head never goes backwards', async () => {
    const lagging = await proxy();
    const second = await proxy();
    const endpoints = endpointsOf([{ url: lagging.url }, { url: second.url }], {
      timeoutMs: 2_000,
      probeIntervalMs: 50,
    });
    const provider = createChainProvider({ transport: endpoints, chainId: 999 });
    const latestBlock = createLatestBlock(provider, 0);
    const head = await latestBlock();
    lagging.headLag = 5;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(endpoints.health()[0]).toMatchObject({ state: 'lagging', lagBlocks: 5 });
    expect(endpoints.health()[1]).toMatchObject({ state: 'up', lagBlocks: 0 });
    const before = asked(second);
    expect(await latestBlock()).toBeGreaterThanOrEqual(head);
    expect(asked(second)).toBeGreaterThan(before);
  });

  it('a reader on one endpoint that falls behind keeps its head', async () => {
    const node = await proxy();
    const endpoints = endpointsOf([{ url: node.url }], { timeoutMs: 2_000 });
    const latestBlock = createLatestBlock(createChainProvider({ transport: endpoints, chainId: 999 }), 0);
    const head = await latestBlock();
    node.headLag = 3;
    expect(await latestBlock()).toBeGreaterThanOrEqual(head);
  });

  it('fails with the last endpoint’s error when every endpoint fails, within the budget', async () => {
    const endpoints = endpointsOf(
      [{ url: `http://127.0.0.1:${await freePort()}` }, { url: `http://127.0.0.1:${await freePort()}` }],
      { timeoutMs: 1_000 },
    );
    const error = await endpoints
      .post('{"jsonrpc":"2.0","id":1,"method":"eth_blockNumber","params":[]}')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(JsonPostError);
    expect(endpoints.health().map((e) => e.state)).toEqual(['down', 'down']);
  });

  it('throws an answer that is the request’s own (413) without asking the next endpoint', async () => {
    const second = await proxy();
    await withServer(
      (_body, res) => {
        res.statusCode = 413;
        res.end('request entity too large');
      },
      async (url) => {
        const endpoints = endpointsOf([{ url }, { url: second.url }], { timeoutMs: 2_000 });
        const error = await endpoints.post('{}').catch((e: unknown) => e);
        expect(error).toMatchObject({ kind: 'http', details: { status: 413 } });
        expect(asked(second)).toBe(0);
        expect(endpoints.health()[0]).toMatchObject({ state: 'up', consecutiveFailures: 0 });
      },
    );
  });
});
