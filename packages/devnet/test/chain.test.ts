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
