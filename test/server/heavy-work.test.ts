/**
 * Heavy requests off the event loop: a slow table deal (17 givens on 9×9, seconds to give up) and
 * /verify run in worker threads, so a GET sent while one runs is answered first; the pool's queue
 * is bounded (one more is a 503 with Retry-After) and a task past its time limit is stopped (a
 * deal: 422, as a spent generator budget).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Busy, FairSlots, PoolHeavyWork } from '../../src/server/heavy-work.ts';
import { DATE, testServer, type TestServer } from './helpers.ts';

/** Seconds of work before the generator gives up: no 9×9 regular board has 17 givens within its budget. */
const SLOW_DEAL = { variant: 'bridge', board: { size: 9, givens: 17 } };
const LINE = '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......';

/** Until the pool holds a task: the slow request is then under way. */
async function started(pool: PoolHeavyWork): Promise<void> {
  while (pool.inFlightTasks === 0) await new Promise((r) => setTimeout(r, 5));
}

describe('slow work in worker threads', () => {
  let server: TestServer;
  let url: string;
  const heavyWork = new PoolHeavyWork();
  beforeAll(async () => {
    server = await testServer([], { daily: true, options: { heavyWork } });
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(server.app.server.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    await server.close();
    await heavyWork.close();
  });

  test('GET /daily/today is answered while a slow deal runs, before it ends', async () => {
    const order: string[] = [];
    const deal = fetch(`${url}/tables`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(SLOW_DEAL) }).then(async (r) => {
      order.push('deal');
      return { status: r.status, body: (await r.json()) as { error: string } };
    });
    // sent once the deal runs: on the event loop the GET would wait for the deal's end
    await started(heavyWork);
    const daily = await fetch(`${url}/daily/today`).then(async (r) => {
      order.push('daily');
      return { status: r.status, body: (await r.json()) as { date: string } };
    });
    const dealt = await deal;
    expect(daily.status).toBe(200);
    expect(daily.body.date).toBe(DATE);
    expect(order).toEqual(['daily', 'deal']);
    expect(dealt.status).toBe(422);
    expect(dealt.body.error).toMatch(/^no board found for these options within the budget: /);
  });

  test('/verify answers from the pool with the CLI report', async () => {
    const r = await fetch(`${url}/verify`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: LINE });
    expect(r.status).toBe(200);
    expect(((await r.json()) as { status: string }).status).toBe('ok');
  });
});

describe('a bounded pool', () => {
  test('a request beyond the running and queued ones is a 503 with Retry-After and one line', async () => {
    const heavyWork = new PoolHeavyWork({ threads: 1, queue: 0 });
    const server = await testServer([], { options: { heavyWork } });
    try {
      const deal = server.app.inject({ method: 'POST', url: '/tables', payload: SLOW_DEAL });
      await started(heavyWork);
      const [busyVerify, busyDeal] = await Promise.all([
        server.app.inject({ method: 'POST', url: '/verify', payload: LINE, headers: { 'content-type': 'text/plain' } }),
        server.app.inject({ method: 'POST', url: '/tables', payload: { variant: 'blitz' } }),
      ]);
      for (const busy of [busyVerify, busyDeal]) {
        expect(busy.statusCode).toBe(503);
        expect(Number(busy.headers['retry-after'])).toBeGreaterThanOrEqual(1);
        expect(busy.json()).toEqual({ error: expect.stringMatching(/^the server is busy with other verify and deal requests: retry in \d+ s$/) });
      }
      expect((await deal).statusCode).toBe(422);
      // the slot is free again
      const after = await server.app.inject({ method: 'POST', url: '/verify', payload: LINE, headers: { 'content-type': 'text/plain' } });
      expect(after.statusCode).toBe(200);
    } finally {
      await server.close();
      await heavyWork.close();
    }
  });

  test('a deal past its time limit is stopped and answered 422', async () => {
    const heavyWork = new PoolHeavyWork({ threads: 1, timeLimitMs: 300 });
    const server = await testServer([], { options: { heavyWork } });
    try {
      const r = await server.app.inject({ method: 'POST', url: '/tables', payload: SLOW_DEAL });
      expect(r.statusCode).toBe(422);
      expect(r.json()).toEqual({ error: "no board found for these options within the budget: not done within the server's limit of 300 ms" });
      // the pool works on after the stopped thread (a limit of its own: a new thread takes a while to start)
      const report = await heavyWork.run({ kind: 'verify', input: { where: { source: 'body' }, line: LINE }, maxNodes: 500_000 }, { timeLimitMs: 60_000 });
      expect(report.status).toBe('ok');
    } finally {
      await server.close();
      await heavyWork.close();
    }
  });

  test('a verify past its time limit is a 422 naming the body, not a 500', async () => {
    // 1 ms: less than a worker thread takes to start, so the limit always strikes first
    const heavyWork = new PoolHeavyWork({ threads: 1 });
    const server = await testServer([], { options: { heavyWork, verifyTimeLimitMs: 1 } });
    try {
      const r = await server.app.inject({ method: 'POST', url: '/verify', payload: LINE, headers: { 'content-type': 'text/plain' } });
      expect(r.statusCode).toBe(422);
      expect(r.json()).toEqual({ error: "body: not done within the server's limit of 1 ms" });
    } finally {
      await server.close();
      await heavyWork.close();
    }
  });
});

describe('a flood from one address', () => {
  test('twelve verifies at once from one address hold two places (the rest are 429s); another address is answered', async () => {
    const heavyWork = new PoolHeavyWork({ threads: 1, queue: 8, perClient: 2 });
    const server = await testServer([], { options: { heavyWork } });
    try {
      const verify = (remoteAddress: string) => server.app.inject({ method: 'POST', url: '/verify', payload: LINE, headers: { 'content-type': 'text/plain' }, remoteAddress });
      const flood = Array.from({ length: 12 }, () => verify('10.0.0.1'));
      const honest = await verify('10.0.0.2');
      expect(honest.statusCode).toBe(200);
      const statuses = (await Promise.all(flood)).map((r) => r.statusCode).sort();
      expect(statuses).toEqual([200, 200, ...Array<number>(10).fill(429)]);
    } finally {
      await server.close();
      await heavyWork.close();
    }
  });
});

describe('FairSlots: a slot for each client in turn', () => {
  /** A work that runs until released, noting when it started. */
  function work(name: string, started: string[]) {
    let release!: () => void;
    const done = new Promise<void>((r) => (release = r));
    return { run: async () => void (started.push(name), await done), release };
  }

  test('a free slot goes to the next client, not the oldest work; one client holds at most perClient places', async () => {
    const slots = new FairSlots(1, 8, 3);
    const order: string[] = [];
    const [a1, a2, a3, b1] = ['a1', 'a2', 'a3', 'b1'].map((n) => work(n, order));
    const runs = [slots.within('a', 1, a1!.run), slots.within('a', 1, a2!.run), slots.within('a', 1, a3!.run), slots.within('b', 1, b1!.run)];
    await expect(slots.within('a', 7, async () => undefined)).rejects.toThrow('too many verify and deal requests at once (3) from this address: retry in 7 s');
    expect(slots.size).toBe(4);
    for (const w of [a1, b1, a2, a3]) {
      await new Promise((r) => setTimeout(r, 5));
      w!.release();
    }
    await Promise.all(runs);
    // FIFO would have been a1 a2 a3 b1: b waited behind a's whole burst; b, which had no turn yet, goes first
    expect(order).toEqual(['a1', 'b1', 'a2', 'a3']);
    expect(slots.size).toBe(0);
  });

  test('closed: the waiting works are refused (Busy), the running one ends as it ends, nothing new starts', async () => {
    const slots = new FairSlots(1, 8, 0);
    const order: string[] = [];
    const [x, y] = ['x', 'y'].map((n) => work(n, order));
    const running = slots.within('p', 1, x!.run);
    const waiting = slots.within('q', 1, y!.run);
    slots.close();
    await expect(waiting).rejects.toBeInstanceOf(Busy);
    await expect(slots.within('r', 1, async () => undefined)).rejects.toBeInstanceOf(Busy);
    x!.release();
    await running;
    expect(order).toEqual(['x']);
  });

  test('past the slots and waiting places: Busy (a 503), whoever asks', async () => {
    const slots = new FairSlots(1, 1, 5);
    const order: string[] = [];
    const [x, y] = ['x', 'y'].map((n) => work(n, order));
    const runs = [slots.within('p', 1, x!.run), slots.within('q', 1, y!.run)];
    await expect(slots.within('r', 2, async () => undefined)).rejects.toBeInstanceOf(Busy);
    x!.release();
    y!.release();
    await Promise.all(runs);
  });
});
