import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { freePort } from '../src/ports';

const ephemeralLow = Number(
  readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0],
);

/** freePort as a jest worker with this id loads it: its own copy of the module, its own slice. */
function freePortOfWorker(id: string): () => Promise<number> {
  const saved = process.env.JEST_WORKER_ID;
  process.env.JEST_WORKER_ID = id;
  try {
    let fn!: () => Promise<number>;
    jest.isolateModules(() => {
      fn = (jest.requireActual('../src/ports') as typeof import('../src/ports')).freePort;
    });
    return fn;
  } finally {
    process.env.JEST_WORKER_ID = saved;
  }
}

it('hands out ports below the ephemeral range, where no outgoing connection takes them, that a server can bind', async () => {
  const ports = await Promise.all(Array.from({ length: 20 }, () => freePort()));
  for (const port of ports) expect(port).toBeLessThan(ephemeralLow);
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(ports[0], '127.0.0.1', resolve));
  server.close();
});

it('never hands out the same port twice in a process, though none of them was bound in between', async () => {
  const ports = await Promise.all(Array.from({ length: 200 }, () => freePort()));
  expect(new Set(ports).size).toBe(200);
});

it('gives each jest worker its own ports, so a port one worker holds for a child is not drawn by another', async () => {
  const [first, second] = [freePortOfWorker('1'), freePortOfWorker('2')];
  const drawn = async (draw: () => Promise<number>) => Promise.all(Array.from({ length: 100 }, () => draw()));
  const [ofFirst, ofSecond] = [await drawn(first), await drawn(second)];
  const shared = ofFirst.filter((port) => ofSecond.includes(port));
  expect(shared).toEqual([]);
  expect(Math.max(...ofFirst)).toBeLessThan(Math.min(...ofSecond));
});
