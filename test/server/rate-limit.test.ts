/**
 * The limit on guesses: checks and hints of one client on one puzzle share a token bucket
 * (burst, then a steady rate); past it a 429 with Retry-After and one line. Other puzzles and
 * other addresses have buckets of their own, and time refills it. The clock is injected.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { PuzzleFile } from '../../src/kinds/kind.ts';
import { CheckLimiter, RateLimited } from '../../src/server/rate-limit.ts';
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

describe('CheckLimiter', () => {
  test('refills at the rate up to the burst, never more; a clock stepping back refills nothing', () => {
    let t = 0;
    const limiter = new CheckLimiter({ perMinute: 60, burst: 2 }, () => t);
    limiter.take('ip', 'p');
    limiter.take('ip', 'p');
    expect(() => limiter.take('ip', 'p')).toThrow(RateLimited);
    t = 60_000; // a minute refills only up to the burst
    limiter.take('ip', 'p');
    limiter.take('ip', 'p');
    expect(() => limiter.take('ip', 'p')).toThrow(/retry in 1 s/);
    t = 0;
    expect(() => limiter.take('ip', 'p')).toThrow(RateLimited);
  });

  test('one address on all puzzles together: twice the burst, four times the rate, then a 429 however many puzzles it spreads over', () => {
    let t = 0;
    const limiter = new CheckLimiter({ perMinute: 30, burst: 3 }, () => t);
    for (const puzzle of ['p0', 'p0', 'p0', 'p1', 'p2', 'p3']) limiter.take('ip', puzzle);
    expect(() => limiter.take('ip', 'p4')).toThrow('too many checks and hints from this address: retry in 1 s');
    t = 1000; // the address refills two (120 a minute), p0 half of one
    // a refusal on the puzzle's own bucket spends nothing of the address's
    expect(() => limiter.take('ip', 'p0')).toThrow('too many checks and hints on this puzzle from this address: retry in 1 s');
    limiter.take('ip', 'p4');
    limiter.take('ip', 'p5');
    expect(() => limiter.take('ip', 'p6')).toThrow(/from this address/);
    limiter.take('other-ip', 'p0');
  });

  test('refuses a rate that cannot refill', () => {
    expect(() => new CheckLimiter({ perMinute: 0, burst: 1 }, () => 0)).toThrow(RangeError);
  });
});
