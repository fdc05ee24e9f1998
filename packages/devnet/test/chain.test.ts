import { execSync } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { probeChainId, startChain, testRpcUrl } from '../src';

it('answers eth_chainId 0x3e7 and a second start reuses the running chain instead of failing', async () => {
  const res = await fetch(testRpcUrl(), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
  });
  expect(((await res.json()) as { result: string }).result).toBe('0x3e7');
  const port = Number(new URL(testRpcUrl()).port);
  const again = await startChain({ port });
  expect(again.startedHere).toBe(false);
  await again.stop();
  expect(await probeChainId(testRpcUrl())).toBe(999);
});

it('stops at once a chain whose node was killed by a signal (the OOM killer), instead of waiting forever', async () => {
  const port = await new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port: free } = server.address() as AddressInfo;
      server.close(() => resolve(free));
    });
  });
  const chain = await startChain({ port });
  execSync(`pkill -9 -f -- '--port ${port}$'`);
  for (let i = 0; i < 50 && (await probeChainId(chain.rpcUrl, 200)) !== null; i++)
    await new Promise((r) => setTimeout(r, 100));
  await new Promise((r) => setTimeout(r, 200));
  let timer: NodeJS.Timeout | undefined;
  const stopped = await Promise.race([
    chain.stop().then(() => 'stopped'),
    new Promise((r) => (timer = setTimeout(() => r('still waiting'), 3_000))),
  ]);
  clearTimeout(timer);
  expect(stopped).toBe('stopped');
}, 60_000);
