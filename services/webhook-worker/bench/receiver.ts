/**
 * A partner's webhook receiver in a process of its own (a partner's server is not on our machine): answers 200 to
 * every POST, counts those carrying a v1 signature, prints its port once listening and `done <signed> <cpu ms>` after
 * argv[2] requests, with the CPU it ran from the first request on.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

const expected = Number(process.argv[2]);
let received = 0;
let signed = 0;
let cpu: NodeJS.CpuUsage | undefined;
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
