import { freePort } from '@yv/testkit';
import { isError } from 'ethers';
import { createChainProvider } from '../src/provider';
import { withServer } from './support/json-server';

/**
 * The provider's own HTTP transport, against servers that answer badly on purpose: what it does with a good answer
 * is what every chain test exercises on the devnet.
 */
const answer = (body: string, result: unknown) => {
  const request = JSON.parse(body) as { id: number };
  return JSON.stringify({ jsonrpc: '2.0', id: request.id, result });
};

describe('createChainProvider', () => {
  it('sends and reads UTF-8 bodies whole, in one request per call without batching', async () => {
    const seen: string[] = [];
    await withServer(
      (body, res) => {
        seen.push(JSON.parse(body).params[0]);
        res.setHeader('content-type', 'application/json');
        res.end(answer(body, 'Zürich – 東京 ✓'));
      },
      async (url) => {
        const provider = createChainProvider({ rpcUrl: url, chainId: 999, timeoutMs: 2000 });
        try {
          await expect(provider.send('web3_sha3', ['é✓'])).resolves.toBe('Zürich – 東京 ✓');
          await expect(provider.send('web3_sha3', ['ß'])).resolves.toBe('Zürich – 東京 ✓');
        } finally {
          provider.destroy();
        }
      },
    );
    expect(seen).toEqual(['é✓', 'ß']);
  });

  it('fails a call the node does not answer within the timeout', async () => {
    await withServer(
      () => {},
      async (url) => {
        const provider = createChainProvider({ rpcUrl: url, chainId: 999, timeoutMs: 300 });
        const started = Date.now();
        try {
          const error = await provider.send('eth_blockNumber', []).catch((e: unknown) => e);
          expect(isError(error, 'TIMEOUT')).toBe(true);
          expect(Date.now() - started).toBeLessThan(2000);
        } finally {
          provider.destroy();
        }
      },
    );
  });

  it('fails a call answered with an HTTP error, and keeps the node error of a JSON-RPC one', async () => {
    await withServer(
      (body, res) => {
        if (JSON.parse(body).method === 'eth_blockNumber') {
          res.statusCode = 502;
          return res.end('<html>bad gateway</html>');
        }
        res.end(
          JSON.stringify({
            jsonrpc: '2.0',
            id: JSON.parse(body).id,
            error: { code: -32601, message: 'nope' },
          }),
        );
      },
      async (url) => {
        const provider = createChainProvider({ rpcUrl: url, chainId: 999, timeoutMs: 2000 });
        try {
          const http502 = await provider.send('eth_blockNumber', []).catch((e: unknown) => e);
          expect(isError(http502, 'SERVER_ERROR')).toBe(true);
          await expect(provider.send('eth_nothing', [])).rejects.toThrow(/nope/);
        } finally {
          provider.destroy();
        }
      },
    );
  });

  it('fails a call when nothing listens at the address', async () => {
    const provider = createChainProvider({
      rpcUrl: `http://127.0.0.1:${await freePort()}`,
      chainId: 999,
      timeoutMs: 2000,
    });
    try {
      const error = await provider.send('eth_blockNumber', []).catch((e: unknown) => e);
      expect(isError(error, 'SERVER_ERROR')).toBe(true);
    } finally {
      provider.destroy();
    }
  });

  describe('a provider that rate-limits (429)', () => {
    /** Answers 429 to the first `refusals` requests, with a provider's JSON-RPC error body, then the block number. */
    const limited =
      (refusals: number, retryAfter: string | null, seen: number[]) =>
      (body: string, res: import('node:http').ServerResponse) => {
        seen.push(Date.now());
        if (seen.length <= refusals) {
          res.statusCode = 429;
          if (retryAfter !== null) res.setHeader('retry-after', retryAfter);
          res.setHeader('content-type', 'application/json');
          return res.end('{"jsonrpc":"2.0","id":null,"error":{"code":429,"message":"Too Many Requests"}}');
        }
        res.setHeader('content-type', 'application/json');
        res.end(answer(body, '0x2a'));
      };

    it('asks again after Retry-After, within the timeout', async () => {
      const seen: number[] = [];
      await withServer(limited(1, '1', seen), async (url) => {
        const provider = createChainProvider({ rpcUrl: url, chainId: 999, timeoutMs: 3000 });
        try {
          await expect(provider.send('eth_blockNumber', [])).resolves.toBe('0x2a');
        } finally {
          provider.destroy();
        }
      });
      expect(seen).toHaveLength(2);
      expect(seen[1]! - seen[0]!).toBeGreaterThanOrEqual(950);
    });

    it('asks again after short pauses without Retry-After', async () => {
      const seen: number[] = [];
      await withServer(limited(3, null, seen), async (url) => {
        const provider = createChainProvider({ rpcUrl: url, chainId: 999, timeoutMs: 3000 });
        try {
          await expect(provider.send('eth_blockNumber', [])).resolves.toBe('0x2a');
        } finally {
          provider.destroy();
        }
      });
      expect(seen).toHaveLength(4);
    });

    it('fails at once when Retry-After would outlast the timeout', async () => {
      const seen: number[] = [];
      await withServer(limited(1, '30', seen), async (url) => {
        const provider = createChainProvider({ rpcUrl: url, chainId: 999, timeoutMs: 2000 });
        const started = Date.now();
        try {
          const error = await provider.send('eth_blockNumber', []).catch((e: unknown) => e);
          expect(isError(error, 'SERVER_ERROR')).toBe(true);
          expect(Date.now() - started).toBeLessThan(1000);
        } finally {
          provider.destroy();
        }
      });
      expect(seen).toHaveLength(1);
    });
  });
});
