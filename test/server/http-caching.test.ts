/**
 * Caching, compression and other origins over HTTP (app.ts with http-caching.ts and cors.ts):
 * Cache-Control by what an answer is, a weak ETag on every GET and a 304 when the client has it,
 * brotli and gzip above a kilobyte, and CORS answered per origin — a listed one on every route,
 * `*` on the read-only ones, credentials never.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { matchesIfNoneMatch } from '../../src/server/http-caching.ts';
import { DATE, mixedPuzzles, testServer, type TestServer } from './helpers.ts';

const APP = 'http://127.0.0.1:8091';
let server: TestServer;
let id: string;

beforeAll(async () => {
  server = await testServer(mixedPuzzles('caching').slice(0, 3), { daily: true, options: { corsOrigins: [APP, '*'] } });
  id = server.loaded.length > 0 ? JSON.parse((await server.app.inject({ url: '/puzzles?limit=1' })).body).puzzles[0].id : '';
});
afterAll(async () => server.close());

const get = (url: string, headers: Record<string, string> = {}) => server.app.inject({ method: 'GET', url, headers });

describe('Cache-Control and ETag', () => {
  test('by what an answer is: immutable files and dated sets, a minute for today and lists, never an error', async () => {
    for (const [url, expected] of [
      [`/puzzles/${id}`, 'public, max-age=31536000, immutable'],
      [`/puzzles/${id}/picture.svg`, 'public, max-age=31536000, immutable'],
      [`/daily/${DATE}`, 'public, max-age=31536000, immutable'],
      ['/daily/today', 'public, max-age=60'],
      ['/puzzles?limit=2', 'public, max-age=60'],
      ['/puzzles/nb9r-0000000000000000', 'no-store'],
      ['/daily/2999-01-01', 'no-store'],
    ] as const) {
      expect((await get(url)).headers['cache-control'], url).toBe(expected);
    }
  });

  test('a weak ETag of the bytes; If-None-Match naming it (alone, in a list, weak or strong, or *) is a 304 without a body', async () => {
    const first = await get(`/daily/${DATE}`);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"[\w-]{27}"$/);
    expect((await get(`/daily/${DATE}`)).headers.etag).toBe(etag);
    for (const header of [etag, etag.slice(2), `W/"other", ${etag}`, '*']) {
      const again = await get(`/daily/${DATE}`, { 'if-none-match': header });
      expect([again.statusCode, again.body], header).toEqual([304, '']);
    }
    expect((await get(`/daily/${DATE}`, { 'if-none-match': 'W/"other"' })).statusCode).toBe(200);
    expect((await get(`/puzzles/${id}`)).headers.etag).not.toBe(etag);
  });

  test("a seat's view: not stored, but a 304 to its ETag while no move was made (its clock reading aside), a new tag after one", async () => {
    const created = (await server.app.inject({ method: 'POST', url: '/tables', payload: { variant: 'blitz' } })).json();
    const seat = (token: string, headers: Record<string, string> = {}) => get(`/tables/${created.id}`, { authorization: `Bearer ${token}`, ...headers });
    const [one, two] = created.seats.map((s: { token: string }) => s.token);
    const first = await seat(one);
    expect([first.headers['cache-control'], first.headers.etag]).toEqual(['no-store', 'W/"t1.1.0.."']);
    await new Promise((done) => setTimeout(done, 5)); // the clock's reading changes, the state does not
    expect((await seat(one, { 'if-none-match': first.headers.etag as string })).statusCode).toBe(304);
    expect((await seat(two)).headers.etag).toBe('W/"t1.2.0.."');
    const resign = await server.app.inject({ method: 'POST', url: `/tables/${created.id}/moves`, headers: { authorization: `Bearer ${two}`, 'idempotency-key': 'r' }, payload: { move: { kind: 'resign' } } });
    expect(resign.statusCode).toBe(200);
    const after = await seat(one, { 'if-none-match': first.headers.etag as string });
    expect([after.statusCode, after.headers.etag, after.json().moveCount]).toEqual([200, 'W/"t1.1.1.."', 1]);
    expect((await get(`/tables/${created.id}/events?ticket=x`)).headers['cache-control']).toBe('no-store');
  });

  test('no ETag and no 304 for a POST', async () => {
    const check = await server.app.inject({ method: 'POST', url: `/puzzles/${id}/check`, payload: {}, headers: { 'if-none-match': '*' } });
    expect(check.statusCode).toBe(200);
    expect(check.headers.etag).toBeUndefined();
  });

  test('matchesIfNoneMatch reads lists and weak tags', () => {
    expect(matchesIfNoneMatch(undefined, 'W/"a"')).toBe(false);
    expect(matchesIfNoneMatch('"a"', 'W/"a"')).toBe(true);
    expect(matchesIfNoneMatch(' W/"b" ,W/"a"', 'W/"a"')).toBe(true);
    expect(matchesIfNoneMatch('W/"ab"', 'W/"a"')).toBe(false);
  });
});

describe('compression', () => {
  test('brotli or gzip as the client accepts, above a kilobyte; the same bytes unpacked', async () => {
    const plain = await get(`/daily/${DATE}`, { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const br = await get(`/daily/${DATE}`, { 'accept-encoding': 'br, gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    const gz = await get(`/puzzles/${id}/picture.svg`, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toMatch(/^<svg /);
    // one tag for every encoding (weak): a client may revalidate whatever it got
    expect(br.headers.etag).toBe(plain.headers.etag);
  });
});

describe('other origins', () => {
  const preflight = (origin: string, method: string) =>
    server.app.inject({ method: 'OPTIONS', url: `/puzzles/${id}/check`, headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': 'content-type' } });

  test('a listed origin: every route, preflight answered, no credentials', async () => {
    const answer = await preflight(APP, 'POST');
    expect(answer.statusCode).toBe(204);
    expect(answer.headers['access-control-allow-origin']).toBe(APP);
    expect(answer.headers['access-control-allow-methods']).toBe('GET, HEAD, POST');
    expect(answer.headers['access-control-allow-headers']).toMatch(/Authorization/);
    expect(answer.headers['access-control-allow-credentials']).toBeUndefined();
    const check = await server.app.inject({ method: 'POST', url: `/puzzles/${id}/check`, payload: {}, headers: { origin: APP } });
    expect(check.headers['access-control-allow-origin']).toBe(APP);
  });

  test("'*': any origin reads (GET), but gets no CORS for a POST", async () => {
    const read = await get(`/daily/${DATE}`, { origin: 'http://elsewhere.test' });
    expect(read.headers['access-control-allow-origin']).toBe('*');
    expect(read.headers['access-control-expose-headers']).toBe('ETag, Retry-After');
    expect((await preflight('http://elsewhere.test', 'GET')).headers['access-control-allow-origin']).toBe('*');
    const post = await preflight('http://elsewhere.test', 'POST');
    expect(post.headers['access-control-allow-origin']).toBeUndefined();
    const sent = await server.app.inject({ method: 'POST', url: `/puzzles/${id}/check`, payload: {}, headers: { origin: 'http://elsewhere.test' } });
    expect(sent.headers['access-control-allow-origin']).toBeUndefined();
  });
});
