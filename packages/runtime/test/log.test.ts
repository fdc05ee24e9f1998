import { Writable } from 'node:stream';
import pino from 'pino';
import { toLog } from '../src';

it('writes the service’s fields with bigints as decimal strings', () => {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()));
      done();
    },
  });
  const log = toLog(pino({ base: { service: 'indexer' } }, sink));
  log('warn', 'reorg', { depth: 3n, range: { from: 10n, to: [11n] } });
  expect(lines).toEqual([
    expect.objectContaining({
      level: 40,
      service: 'indexer',
      msg: 'reorg',
      depth: '3',
      range: { from: '10', to: ['11'] },
    }),
  ]);
});
