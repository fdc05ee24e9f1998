import { execSync } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { probeChainId, startChain, testRpcUrl } from '../src';

const closedPort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });

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

it('says that a node killed by a signal (the OOM killer) is gone, and stops its chain at once instead of waiting forever', async () => {
  const port = await closedPort();
  const told: string[] = [];
  const chain = await startChain({ port, onUnexpectedExit: (description) => told.push(description) });
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
  expect(told).toHaveLength(1);
  expect(told[0]).toMatch(
    new RegExp(`^hardhat node at http://127.0.0.1:${port} exited while in use \\(SIGKILL\\)`),
  );
  // A kill -9 leaves nothing to print; the accounts' banner from its start is not repeated.
  expect(told[0]).toMatch(/what it printed since it answered: \(none\)$/);
}, 60_000);

it('says nothing of a node stopped by its owner', async () => {
  const told: string[] = [];
  const chain = await startChain({ port: await closedPort(), onUnexpectedExit: (d) => told.push(d) });
  await chain.stop();
  await new Promise((r) => setTimeout(r, 100));
  expect(await probeChainId(chain.rpcUrl, 200)).toBeNull();
  expect(told).toEqual([]);
}, 60_000);
