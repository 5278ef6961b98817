/**
 * Slow and greedy clients (src/server/connection-limits.ts), on a listening server with short
 * limits: a request whose body never comes is answered 408 and closed, a connection that says
 * nothing is closed, and one address past its connections gets a 429 in one line — while an
 * honest request on a free connection is answered.
 */
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { testServer, type TestServer } from './helpers.ts';

let server: TestServer;
let port: number;
const LIMITS = { requestTimeoutMs: 600, idleTimeoutMs: 1500, perAddress: 4 };

beforeAll(async () => {
  server = await testServer([], { options: { limits: LIMITS } });
  await server.app.listen({ host: '127.0.0.1', port: 0 });
  port = (server.app.server.address() as { port: number }).port;
});
afterAll(() => server.close());

/** A raw connection: what it received, and when the server closed it. */
function open(first = ''): Promise<{ socket: Socket; text: () => string; closed: Promise<number> }> {
  return new Promise((done) => {
    const started = Date.now();
    let text = '';
    const socket = connect(port, '127.0.0.1', () => {
      if (first) socket.write(first);
      done({ socket, text: () => text, closed });
    });
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('error', () => {});
    const closed = new Promise<number>((resolve) => socket.on('close', () => resolve(Date.now() - started)));
  });
}

test('a body that never comes: 408 in one line after the request timeout, the connection closed', async () => {
  const slow = await open('POST /verify HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{');
  const after = await slow.closed;
  expect(after).toBeGreaterThanOrEqual(LIMITS.requestTimeoutMs - 50);
  expect(after).toBeLessThan(10_000);
  expect(slow.text()).toMatch(/^HTTP\/1\.1 408 /);
  expect(slow.text().split('\r\n\r\n')[1]).toBe(JSON.stringify({ error: 'request: not received in time' }));
});

test('a connection that says nothing is closed', async () => {
  const quiet = await open();
  expect(await quiet.closed).toBeLessThan(10_000);
});

test(`one address holds at most ${LIMITS.perAddress} connections: the next is a 429 in one line, a closed one frees its place`, async () => {
  const held = await Promise.all(Array.from({ length: LIMITS.perAddress }, () => open()));
  const refused = await open();
  await refused.closed;
  expect(refused.text()).toMatch(/^HTTP\/1\.1 429 /);
  expect(refused.text().split('\r\n\r\n')[1]).toBe(JSON.stringify({ error: `too many open connections from 127.0.0.1 (at most ${LIMITS.perAddress}): close one first` }));
  held[0]!.socket.destroy();
  await held[0]!.closed;
  await new Promise((done) => setTimeout(done, 50)); // the server sees the close
  const honest = await open('GET /puzzles HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
  await honest.closed;
  expect(honest.text()).toMatch(/^HTTP\/1\.1 200 /);
  for (const h of held) h.socket.destroy();
});
