import { MAX_BODY_BYTES, readResponse } from '../src/deliver/http1/response';

const read = (text: string) => readResponse(Buffer.from(text, 'latin1'));
const done = (statusCode: number, reusable: boolean, retryAfter: string | null = null) => ({
  kind: 'done',
  statusCode,
  retryAfter,
  reusable,
});

it('reads an answer framed by Content-Length, and only once all of it is there', () => {
  const answer = 'HTTP/1.1 200 OK\r\nContent-Length: 2\r\nContent-Type: text/plain\r\n\r\nok';
  for (let cut = 0; cut < answer.length; cut += 1)
    expect(read(answer.slice(0, cut))).toEqual({ kind: 'more' });
  expect(read(answer)).toEqual(done(200, true));
});

it('skips informational answers and keeps Retry-After of the final one', () => {
  expect(
    read(
      'HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 103 Early Hints\r\nLink: </a>\r\n\r\n' +
        'HTTP/1.1 503 Service Unavailable\r\nretry-after: 120\r\ncontent-length: 0\r\n\r\n',
    ),
  ).toEqual(done(503, true, '120'));
});

it('reads a chunked body to its end, extensions and trailers included', () => {
  const answer =
    'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n' +
    '5;name=value\r\nhello\r\n1\r\n!\r\n0\r\nX-Trailer: yes\r\n\r\n';
  for (let cut = 0; cut < answer.length; cut += 1)
    expect(read(answer.slice(0, cut))).toEqual({ kind: 'more' });
  expect(read(answer)).toEqual(done(200, true));
  expect(read('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n')).toEqual(done(200, true));
  expect(read('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2 \r\nok\r\n0\r\n\r\n')).toEqual(
    done(200, true),
  );
});

it('ends the connection after an answer it cannot tell the end of, or that says so', () => {
  // No framing: the body runs to the connection's end; the status is all the attempt needs.
  expect(read('HTTP/1.1 200 OK\r\n\r\npartial body')).toEqual(done(200, false));
  expect(read('HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip\r\n\r\n')).toEqual(done(200, false));
  expect(read(`HTTP/1.1 200 OK\r\nContent-Length: ${MAX_BODY_BYTES + 1}\r\n\r\n`)).toEqual(done(200, false));
  const hugeChunk = (MAX_BODY_BYTES + 1).toString(16);
  expect(read(`HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n${hugeChunk}\r\n`)).toEqual(
    done(200, false),
  );
  expect(read('HTTP/1.1 200 OK\r\nConnection: keep-alive, close\r\nContent-Length: 0\r\n\r\n')).toEqual(
    done(200, false),
  );
  expect(read('HTTP/1.0 200 OK\r\nContent-Length: 0\r\n\r\n')).toEqual(done(200, false));
  // Bytes past the answer were not asked for: the connection is not trusted with another request.
  expect(read('HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\nHTTP/1.1 200 OK\r\n\r\n')).toEqual(
    done(200, false),
  );
});

it('reads no body after 204 or 304, whatever the head says', () => {
  expect(read('HTTP/1.1 204 No Content\r\n\r\n')).toEqual(done(204, true));
  expect(read('HTTP/1.1 304 Not Modified\r\nContent-Length: 10\r\n\r\n')).toEqual(done(304, true));
});

it.each([
  ['not HTTP', 'SSH-2.0-OpenSSH\r\n\r\n', 'not an HTTP/1.x status line'],
  ['HTTP/2 text', 'HTTP/2 200\r\n\r\n', 'not an HTTP/1.x status line'],
  ['a four-digit status', 'HTTP/1.1 2000 OK\r\n\r\n', 'not an HTTP/1.x status line'],
  ['a folded header', 'HTTP/1.1 200 OK\r\nX-A: 1\r\n  continued\r\n\r\n', 'a malformed header line'],
  ['a header without a colon', 'HTTP/1.1 200 OK\r\nbroken\r\n\r\n', 'a malformed header line'],
  ['a negative length', 'HTTP/1.1 200 OK\r\nContent-Length: -1\r\n\r\n', 'an invalid Content-Length'],
  [
    'two different lengths',
    'HTTP/1.1 200 OK\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab',
    'two different Content-Lengths',
  ],
  [
    'both framings',
    'HTTP/1.1 200 OK\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
    'both Transfer-Encoding and Content-Length',
  ],
  [
    'a bad chunk size',
    'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n',
    'an invalid chunk size',
  ],
  [
    'a chunk longer than its size',
    'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nabc\r\n0\r\n\r\n',
    'a chunk not followed by CRLF',
  ],
  ['a protocol switch', 'HTTP/1.1 101 Switching Protocols\r\nUpgrade: h2c\r\n\r\n', 'a protocol switch'],
])('refuses %s', (_, answer, reason) => {
  expect(read(answer)).toEqual({ kind: 'malformed', reason });
});

it('holds no more than its bounds of an answer that never ends', () => {
  // A chunk-size line, or trailers, that never end: done once past the body's bound, the connection closed.
  const chunked = 'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n';
  expect(read(`${chunked}${'f'.repeat(MAX_BODY_BYTES)}`)).toEqual({ kind: 'more' });
  expect(read(`${chunked}${'f'.repeat(MAX_BODY_BYTES + 1)}`)).toEqual(done(200, false));
  expect(read(`${chunked}0\r\nX-T: ${'a'.repeat(MAX_BODY_BYTES)}`)).toEqual(done(200, false));
  // Informational answers without end.
  expect(read('HTTP/1.1 100 Continue\r\n\r\n'.repeat(1_000))).toEqual({
    kind: 'malformed',
    reason: 'informational answers over 16 KiB',
  });
});

it('refuses a head over 16 KiB, complete or not', () => {
  const long = `HTTP/1.1 200 OK\r\nX-Long: ${'a'.repeat(17 * 1024)}`;
  expect(read(long)).toEqual({ kind: 'malformed', reason: 'a head over 16 KiB' });
  expect(read(`${long}\r\n\r\n`)).toEqual({ kind: 'malformed', reason: 'a head over 16 KiB' });
});
