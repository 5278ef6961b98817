/**
 * Requests the HTTP parser refuses, sent as raw bytes to a listening server (src/server/http-errors.ts):
 * each is answered with its status and `{ "error": "<one line>" }` like every other client error,
 * and the connection is closed; a missing Host and a body that is not what its Content-Encoding
 * says are refused in words too.
 */
import { connect } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { testServer, type TestServer } from './helpers.ts';

let server: TestServer;
let port: number;

beforeAll(async () => {
  server = await testServer([]);
  await server.app.listen({ host: '127.0.0.1', port: 0 });
  port = (server.app.server.address() as { port: number }).port;
});
afterAll(() => server.close());

/** Send `raw`, read until the server closes: the status and the body. */
function exchange(raw: string): Promise<{ status: number; body: string; contentType: string | undefined }> {
  return new Promise((done, fail) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(raw));
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('error', fail);
    socket.on('close', () => {
      const [head, ...rest] = text.split('\r\n\r\n');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head ?? '')?.[1]);
      const contentType = /\r\ncontent-type: ([^\r]+)/i.exec(head ?? '')?.[1];
      done({ status, body: rest.join('\r\n\r\n'), contentType });
    });
    setTimeout(() => socket.end(), 2000).unref();
  });
}

describe('the parser\'s refusals, in words', () => {
  test.each([
    ['a request line that is not HTTP', 'HELLO THERE\r\n\r\n', 400, 'request line: not an HTTP/1.1 request line (METHOD /path HTTP/1.1)'],
    ['a bad chunk', 'POST /verify HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n', 400, 'body: a bad chunk size in the chunked transfer encoding'],
    ['Content-Length with Transfer-Encoding', 'POST /verify HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n', 400, 'request headers: Content-Length and Transfer-Encoding together'],
    ['headers over 16 KiB', `GET /daily/today HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(17 * 1024)}\r\n\r\n`, 431, 'request headers: larger than 16 KiB'],
  ])('%s', async (_name, raw, status, reason) => {
    const answer = await exchange(raw);
    expect(answer).toEqual({ status, body: JSON.stringify({ error: reason }), contentType: 'application/json; charset=utf-8' });
  });

  test('HTTP/1.1 without Host: 400 in words (HTTP/1.0 needs none)', async () => {
    const missing = await exchange('GET /puzzles HTTP/1.1\r\nConnection: close\r\n\r\n');
    expect([missing.status, JSON.parse(missing.body)]).toEqual([400, { error: 'request headers: no Host header (HTTP/1.1 requires one)' }]);
    expect((await exchange('GET /puzzles HTTP/1.0\r\n\r\n')).status).toBe(200);
  });

  test('a compressed body is decoded; one that is not what its Content-Encoding says is a 400, another encoding a 415; identity is fine', async () => {
    const body = JSON.stringify({ format: 'x' });
    const post = (encoding: string, payload: string | Buffer) => server.app.inject({ method: 'POST', url: '/verify', headers: { 'content-type': 'application/json', 'content-encoding': encoding }, payload });
    const plain = await server.app.inject({ method: 'POST', url: '/verify', headers: { 'content-type': 'application/json' }, payload: body });
    const gzipped = await post('gzip', gzipSync(body));
    expect([gzipped.statusCode, gzipped.body]).toEqual([plain.statusCode, plain.body]);
    const lying = await post('gzip', body);
    expect([lying.statusCode, lying.json()]).toEqual([400, { error: 'body: not readable as Content-Encoding "gzip" says' }]);
    const zstd = await post('zstd', body);
    expect([zstd.statusCode, zstd.json()]).toEqual([415, { error: 'body: Content-Encoding "zstd" is not accepted (gzip, br, deflate or none)' }]);
    const identity = await post('identity', body);
    expect([identity.statusCode, identity.body]).toEqual([plain.statusCode, plain.body]);
  });
});
