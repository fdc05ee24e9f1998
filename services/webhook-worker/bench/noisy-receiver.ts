/**
 * A thousand partners' receivers in one process of their own, told apart by path: `/ok/<n>` answers 200 at once,
 * `/hang/<n>` never answers, `/fail/<n>` answers 500, `/slow/<n>` answers 200 after 2 s. It prints its port once
 * listening; a `report` line on stdin is answered by one JSON line: the first arrival time (ms since the epoch) of
 * each `webhook-id` on an `/ok/` path, and the count of every other request.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createInterface } from 'node:readline';

const arrivals: Record<string, number> = {};
const others: Record<string, number> = {};
createInterface({ input: process.stdin }).on('line', (line) => {
  if (line.trim() === 'report') process.stdout.write(`${JSON.stringify({ arrivals, others })}\n`);
});
const server = createServer((req, res) => {
  const at = Date.now();
  const kind = (req.url ?? '').split('/')[1] ?? '';
  req.resume();
  req.on('end', () => {
    if (kind === 'ok') {
      arrivals[String(req.headers['webhook-id'])] ??= at;
      res.writeHead(200).end();
      return;
    }
    others[kind] = (others[kind] ?? 0) + 1;
    if (kind === 'fail') res.writeHead(500).end();
    else if (kind === 'slow') setTimeout(() => res.writeHead(200).end(), 2_000);
  });
});
server.keepAliveTimeout = 5_000;
server.listen(0, '127.0.0.1', () => process.stdout.write(`port ${(server.address() as AddressInfo).port}\n`));
process.stdin.on('end', () => process.exit(0));
