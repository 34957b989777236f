// What src/utils/request-guard.ts answers to a request Node's parser refuses, when the request does not arrive in
// one piece (issue #11: `npm run fuzz` saw "Parse Error: Data after `Connection: close`" for a HEAD with a 24 KB
// query, under load only). The parser reports the chunk it failed on, which under load is not always where the
// request began; a body sent to a HEAD is read by its client as bytes after the answer. A bare node:http server
// with the guard's handler, and a raw socket that sends each request in the pieces a busy server would read.
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { after, before, describe, test } from 'node:test';
import type * as RequestGuard from '../src/utils/request-guard.ts';
import { requireCompiled } from './support/compiled.ts';

const { answerParserErrorsWithJson, mayHaveBody } = requireCompiled<typeof RequestGuard>('src/utils/request-guard');

let server: Server;
let port = 0;
/** The server's side of the newest connection, to know when it has read a piece. */
let serverSide: Socket | null = null;
before(async () => {
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(204).end());
  });
  answerParserErrorsWithJson(server);
  server.on('connection', (socket: Socket) => {
    serverSide = socket;
  });
  server.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  port = (server.address() as AddressInfo).port;
});
after(() => {
  server.close();
});

/** Resolves once the server has read `bytes` bytes of the connection (so the next write is a new chunk). */
const serverHasRead = async (bytes: number): Promise<void> => {
  while ((serverSide?.bytesRead ?? 0) < bytes) await new Promise((resolve) => setImmediate(resolve));
};

/**
 * Sends `pieces` one after another, each only once the server has read the ones before, and returns everything
 * the server answered until it closed the connection.
 */
const sendInPieces = async (pieces: string[]): Promise<string> => {
  serverSide = null;
  const socket = connect(port, '127.0.0.1');
  const received: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => received.push(chunk));
  const closed = new Promise((resolve) => socket.once('close', resolve));
  socket.on('error', () => undefined); // The server may close while the last piece is on its way.
  await new Promise((resolve) => socket.once('connect', resolve));
  let sent = 0;
  for (const piece of pieces) {
    await serverHasRead(sent);
    socket.write(piece);
    sent += Buffer.byteLength(piece, 'latin1');
  }
  await closed;
  return Buffer.concat(received).toString('latin1');
};

/** The status and the bytes after the header block of the last answer in `raw`. */
const lastAnswer = (raw: string): { status: number; afterHeaders: string; headers: string } => {
  const start = raw.lastIndexOf('HTTP/1.1 ');
  const end = raw.indexOf('\r\n\r\n', start);
  assert.ok(start >= 0 && end > start, `no answer in ${JSON.stringify(raw.slice(0, 200))}`);
  return {
    status: Number(raw.slice(start + 9, start + 12)),
    headers: raw.slice(start, end),
    afterHeaders: raw.slice(end + 4),
  };
};

const LONG_QUERY = `q=${'x'.repeat(24_000)}`;

describe('a request over 16 KB of headers that arrives in pieces', () => {
  test('a HEAD whose request line came in an earlier piece gets a 431 with no body', async () => {
    const raw = await sendInPieces([
      `HEAD /api/tutor/solve?${LONG_QUERY.slice(0, 8_000)}`,
      `${LONG_QUERY.slice(8_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
    ]);
    const answer = lastAnswer(raw);
    assert.equal(answer.status, 431);
    assert.match(answer.headers, /\r\nConnection: close/i);
    // Anything here is what the HEAD's client reports as "Data after `Connection: close`".
    assert.equal(answer.afterHeaders, '');
  });

  test('a HEAD that starts after the end of the previous request’s body, in the same piece, gets no body either', async () => {
    const raw = await sendInPieces([
      'POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhel',
      `loHEAD /api/tutor/solve?${LONG_QUERY} HTTP/1.1\r\nHost: x\r\n\r\n`,
    ]);
    const answer = lastAnswer(raw);
    assert.equal(answer.status, 431);
    assert.equal(answer.afterHeaders, '');
  });

  test('a GET whose request line is in the piece that failed keeps the JSON envelope', async () => {
    const raw = await sendInPieces([`GET /api/tutor/solve?${LONG_QUERY} HTTP/1.1\r\nHost: x\r\n\r\n`]);
    const answer = lastAnswer(raw);
    assert.equal(answer.status, 431);
    assert.deepEqual(JSON.parse(answer.afterHeaders), {
      data: null,
      error: { status: 431, name: 'HttpError', message: 'Request Header Fields Too Large', details: {} },
    });
  });

  test('an unknown method is never a HEAD: 405 with the envelope, whatever came before it', async () => {
    const raw = await sendInPieces([
      `POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\n{}FUZZ / HTTP/1.1\r\n\r\n`,
    ]);
    const answer = lastAnswer(raw);
    assert.equal(answer.status, 405);
    assert.equal((JSON.parse(answer.afterHeaders) as { error: { status: unknown } }).error.status, 405);
  });
});

describe('mayHaveBody', () => {
  test('only when the piece starts with a request line and holds no HEAD, or the method was refused', () => {
    const piece = (text: string) => Buffer.from(text, 'latin1');
    assert.equal(mayHaveBody('HPE_HEADER_OVERFLOW', piece('GET /x?q=aaaa')), true);
    assert.equal(mayHaveBody('HPE_HEADER_OVERFLOW', piece('HEAD /x?q=aaaa')), false);
    assert.equal(mayHaveBody('HPE_HEADER_OVERFLOW', piece('aaaa HTTP/1.1\r\n')), false);
    assert.equal(mayHaveBody('HPE_HEADER_OVERFLOW', piece('"k1":1}HEAD /x?q=a')), false);
    assert.equal(mayHaveBody('HPE_HEADER_OVERFLOW', undefined), false);
    assert.equal(mayHaveBody('HPE_INVALID_METHOD', piece('}}}FUZZ / HTTP/1.1')), true);
  });
});
