/**
 * A partner's webhook receiver in a process of its own (a partner's server is not on our machine): answers 200 to
 * every POST, counts those carrying a v1 signature, prints its port once listening and `done <signed>` after
 * argv[2] requests.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

const expected = Number(process.argv[2]);
let received = 0;
let signed = 0;
const server = createServer((req, res) => {
  if (/^v1,[A-Za-z0-9+/=]{44}/.test(String(req.headers['webhook-signature']))) signed += 1;
  req.resume();
  req.on('end', () => {
    res.writeHead(200).end();
    received += 1;
    if (received === expected) process.stdout.write(`done ${signed}\n`);
  });
});
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`port ${(server.address() as AddressInfo).port}\n`);
});
