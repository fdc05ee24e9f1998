import { freePort } from '@yv/testkit';
import { createRpcClient, RpcError } from '../src/rpc';
import { withServer } from './support/json-server';

/**
 * The indexer's JSON-RPC client over the shared transport, against servers that answer badly on purpose: what it
 * does with good answers is what every indexer test exercises on the devnet.
 */
const clientOf = (url: string, timeoutMs = 2_000) =>
  createRpcClient({ rpcUrl: url, timeoutMs, retry: { attempts: 1, baseDelayMs: 0, maxDelayMs: 0 } });

const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => error as RpcError,
  );

it('reads a batch whole, multi-byte UTF-8 included, each answer by its id', async () => {
  await withServer(
    (body, res) => {
      const calls = JSON.parse(body) as { id: number; params: string[] }[];
      const answers = calls.map((c) => ({ jsonrpc: '2.0', id: c.id, result: `${c.params[0]} – 東京 ✓` }));
      res.end(JSON.stringify(answers.reverse()));
    },
    async (url) => {
      const rpc = clientOf(url);
      const results = await rpc.batch([
        { method: 'web3_sha3', params: ['Zürich'] },
        { method: 'web3_sha3', params: ['ß'] },
      ]);
      expect(results).toEqual(['Zürich – 東京 ✓', 'ß – 東京 ✓']);
      rpc.close();
    },
  );
});

it('classifies HTTP failures: 413 is a range the node refused, 502 an HTTP error, a non-JSON 200 a bad answer', async () => {
  await withServer(
    (body, res) => {
      const method = (JSON.parse(body) as { method: string }).method;
      if (method === 'eth_getLogs') res.statusCode = 413;
      if (method === 'eth_blockNumber') res.statusCode = 502;
      res.end(method === 'eth_chainId' ? 'not json' : '<html>no</html>');
    },
    async (url) => {
      const rpc = clientOf(url);
      const filter = { fromBlock: 0n, toBlock: 9n, address: [], topic0: [] };
      const range = await failureOf(rpc.getLogsAndBlocks(filter, []));
      expect(range).toMatchObject({ kind: 'range', details: { status: 413 } });
      const http502 = await failureOf(rpc.blockNumber());
      expect(http502).toMatchObject({ kind: 'http', details: { status: 502 } });
      expect(http502.message).toContain('HTTP 502');
      expect(await failureOf(rpc.call('eth_chainId', []))).toMatchObject({ kind: 'response' });
      rpc.close();
    },
  );
});

it('a range the node refuses in a logs-and-headers batch is a range error, though the headers were answered', async () => {
  await withServer(
    (body, res) => {
      const calls = JSON.parse(body) as { id: number; method: string }[];
      const answers = calls.map((c) =>
        c.method === 'eth_getLogs'
          ? {
              jsonrpc: '2.0',
              id: c.id,
              error: { code: -32602, message: 'query returned more than 10000 results' },
            }
          : { jsonrpc: '2.0', id: c.id, result: null },
      );
      res.end(JSON.stringify(answers));
    },
    async (url) => {
      const rpc = clientOf(url);
      const filter = { fromBlock: 0n, toBlock: 9n, address: [], topic0: [] };
      expect(await failureOf(rpc.getLogsAndBlocks(filter, [0n, 9n]))).toMatchObject({ kind: 'range' });
      rpc.close();
    },
  );
});

it('fails a call the node does not answer within the timeout', async () => {
  await withServer(
    () => {},
    async (url) => {
      const rpc = clientOf(url, 300);
      const started = Date.now();
      const error = await failureOf(rpc.blockNumber());
      expect(error).toBeInstanceOf(RpcError);
      expect(error.kind).toBe('timeout');
      expect(Date.now() - started).toBeLessThan(2_000);
      rpc.close();
    },
  );
});

it('fails a call when nothing listens, without the address in its message', async () => {
  const rpc = clientOf(`http://127.0.0.1:${await freePort()}`);
  const error = await failureOf(rpc.blockNumber());
  expect(error.kind).toBe('network');
  expect(error.message).not.toMatch(/127\.0\.0\.1|ECONNREFUSED/);
  rpc.close();
});
