/**
 * The limit on guesses: checks and hints of one client on one puzzle share a token bucket
 * (burst, then a steady rate); past it a 429 with Retry-After and one line. Other puzzles and
 * other addresses have buckets of their own, and time refills it. The clock is injected.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { PuzzleFile } from '../../src/kinds/kind.ts';
import { CheckLimiter } from '../../src/server/rate-limit.ts';
import { DATE, generated, testServer, type TestServer } from './helpers.ts';

let clock = new Date(DATE + 'T12:00:00').getTime();
let server: TestServer;
let files: PuzzleFile[];

beforeAll(async () => {
  files = generated('numbridge', { size: 6 }, 2, 'rate-limit');
  server = await testServer(files, { options: { now: () => new Date(clock), checkRate: { perMinute: 6, burst: 3 }, dealRate: { perMinute: 6, burst: 2 } } });
});
afterAll(() => server.close());

const ask = (id: string, what: 'check' | 'hint', remoteAddress = '127.0.0.1') =>
  server.app.inject({ method: 'POST', url: `/puzzles/${id}/${what}`, payload: what === 'check' ? { cells: [{ row: 0, column: 0, digit: 1 }] } : { cells: [] }, remoteAddress });

describe('checks and hints per client and puzzle', () => {
  test('a burst passes, the next is a 429 with Retry-After; other puzzles and addresses are apart; time refills', async () => {
    const [a, b] = [files[0]!.id, files[1]!.id];
    expect((await ask(a, 'check')).statusCode).toBe(200);
    expect((await ask(a, 'hint')).statusCode).toBe(200);
    expect((await ask(a, 'check')).statusCode).toBe(200);
    const refused = await ask(a, 'hint');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('10');
    expect(refused.json()).toEqual({ error: 'too many checks and hints on this puzzle from this address: retry in 10 s' });
    expect((await ask(a, 'check')).statusCode).toBe(429);
    // another puzzle, another address: buckets of their own
    expect((await ask(b, 'check')).statusCode).toBe(200);
    expect((await ask(a, 'check', '10.0.0.2')).statusCode).toBe(200);
    // a refused request cost nothing: 10 s later exactly one more is allowed
    clock += 10_000;
    expect((await ask(a, 'check')).statusCode).toBe(200);
    expect((await ask(a, 'check')).statusCode).toBe(429);
    // an unknown puzzle is a 404, not a bucket
    expect((await ask('nope', 'check')).statusCode).toBe(404);
  });
});

describe('tables dealt per address', () => {
  test('a burst of deals, then a 429 with Retry-After; another address deals; time refills', async () => {
    const deal = (remoteAddress = '127.0.0.1') => server.app.inject({ method: 'POST', url: '/tables', payload: { variant: 'blitz' }, remoteAddress });
    expect((await deal()).statusCode).toBe(201);
    expect((await deal()).statusCode).toBe(201);
    const refused = await deal();
    expect([refused.statusCode, refused.headers['retry-after'], refused.json()]).toEqual([429, '10', { error: 'too many tables dealt from this address: retry in 10 s' }]);
    expect((await deal('10.0.0.3')).statusCode).toBe(201);
    clock += 10_000;
    expect((await deal()).statusCode).toBe(201);
  });
});

// CheckLimiter's refill, burst and the address's bucket: test/server/stores.test.ts, beside PgCheckLimiter's (the same cases on both)
describe('CheckLimiter', () => {
  test('refuses a rate that cannot refill', () => {
    expect(() => new CheckLimiter({ perMinute: 0, burst: 1 }, () => 0)).toThrow(RangeError);
  });
});
