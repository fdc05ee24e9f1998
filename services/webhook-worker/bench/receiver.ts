/**
 * A partner's webhook receiver in a process of its own (a partner's server is not on our machine), started once for
 * the whole bench as a partner's server runs warm: answers 200 to every POST and counts those carrying a v1
 * signature. It prints its port once listening; each `expect <n>` line on stdin starts a count, answered by
 * `done <signed> <cpu ms>` after n requests, with the CPU it ran from the first of them on.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createInterface } from 'node:readline';

let expected = 0;
let received = 0;
let signed = 0;
let cpu: NodeJS.CpuUsage | undefined;
createInterface({ input: process.stdin }).on('line', (line) => {
  const [what, value] = line.split(' ');
  if (what !== 'expect') return;
  expected = Number(value);
  received = 0;
  signed = 0;
  cpu = undefined;
});
const server = createServer((req, res) => {
  cpu ??= process.cpuUsage();
  if (/^v1,[A-Za-z0-9+/=]{44}/.test(String(req.headers['webhook-signature']))) signed += 1;
  req.resume();
  req.on('end', () => {
    res.writeHead(200).end();
    received += 1;
    if (received !== expected) return;
    const used = process.cpuUsage(cpu);
    process.stdout.write(`done ${signed} ${(used.user + used.system) / 1000}\n`);
  });
});
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`port ${(server.address() as AddressInfo).port}\n`);
});
process.stdin.on('end', () => server.close());
