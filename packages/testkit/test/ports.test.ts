import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { freePort } from '../src/ports';

const ephemeralLow = Number(
  readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0],
);

it('hands out ports below the ephemeral range, where no outgoing connection takes them, that a server can bind', async () => {
  const ports = await Promise.all(Array.from({ length: 20 }, () => freePort()));
  for (const port of ports) expect(port).toBeLessThan(ephemeralLow);
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(ports[0], '127.0.0.1', resolve));
  server.close();
});
