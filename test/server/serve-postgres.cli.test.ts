/**
 * `serve --db postgres://…` as real processes (issue 28, sections 1–2 in part): two instances on
 * one throwaway PostgreSQL are one service — a table dealt through one is played through the other,
 * a seat's event stream on one gets the moves made through the other (LISTEN/NOTIFY), an
 * idempotency key answers the same verdict on both, the check/hint limit is one per address on both
 * (its buckets in the database) — one instance killed with SIGKILL leaves the
 * other serving with every acknowledged move and judging the clocks of the dead one's tables (each
 * instance sweeps for tables whose clock has run out), and a PostgreSQL restart is a one-line 503 while it
 * is down, then service again with nothing acknowledged lost. A shared corpus folder is read by one
 * instance; the others, and any folder of the same files, skip it (its fingerprint recorded).
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runCli } from '../helpers/cli.ts';
import { startPostgres, type TestPostgres } from '../helpers/postgres.ts';
import { startServe, type ServeProcess } from './serve-process.ts';
import { openSse } from './sse-client.ts';

let postgres: TestPostgres;
let url: string;
let dir: string;
const servers: ServeProcess[] = [];

beforeAll(async () => {
  postgres = await startPostgres();
  url = await postgres.database('club');
  dir = mkdtempSync(join(tmpdir(), 'pm-serve-pg-'));
  expect(runCli(['generate', 'numbridge', '--size', '6', '--count', '4', '--seed', 'pg', '-q', '--out', join(dir, 'corpus')]).code).toBe(0);
  // two instances starting together: the migrations run once (under the advisory lock); a low
  // check rate, so the shared limit is reached in a few requests
  servers.push(...(await Promise.all([0, 1].map(() => startServe(['--port', '0', '--check-rate', '3', '--corpus', join(dir, 'corpus')], { cwd: dir, env: { DATABASE_URL: url } })))));
}, 120_000);

afterAll(async () => {
  for (const s of servers) await s.stop().catch(() => undefined);
  postgres?.stop();
  rmSync(dir, { recursive: true, force: true });
});

async function call(base: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const r = await fetch(base + path, { method, headers: { ...(body !== undefined && { 'content-type': 'application/json' }), ...headers }, ...(body !== undefined && { body: JSON.stringify(body) }) });
  return { status: r.status, json: (await r.json()) as Record<string, unknown> };
}

interface Seat {
  view: { digits: number[][]; hand: number[] };
  moveCount: number;
}

/** A legal first placement for a seat: its first tile on the first empty cell (the referee may still call it a mistake: a verdict either way). */
function placement(seat: Seat) {
  const r = seat.view.digits.findIndex((row) => row.includes(0));
  return { move: { kind: 'place', cell: [r, seat.view.digits[r]!.indexOf(0)], tile: seat.view.hand[0] } };
}

describe('two serve instances on one PostgreSQL', () => {
  test('one service: the same puzzles, a table dealt on A played on B, a key answering the same verdict on both', async () => {
    const [a, b] = servers.map((s) => s.url) as [string, string];
    const list = await call(a, 'GET', '/puzzles');
    expect(list.status).toBe(200);
    expect(await call(b, 'GET', '/puzzles')).toEqual(list);
    expect((list.json.puzzles as unknown[]).length).toBe(4);
    // the shared corpus was read by one of them (under a lock); the other found it loaded and skipped it
    const logs = servers.map((s) => s.stderr());
    expect(logs.filter((log) => /corpus: 4 puzzles added, 0 already stored, 0 refused/.test(log))).toHaveLength(1);
    expect(logs.filter((log) => /corpus: not read again: the same files were loaded into this database at \S+ \(from \S+: 4 puzzles, 0 refused, 0 daily sets\)/.test(log))).toHaveLength(1);
    const dealt = await call(a, 'POST', '/tables', { variant: 'blitz' });
    expect(dealt.status).toBe(201);
    const { id, seats } = dealt.json as { id: string; seats: Array<{ token: string }> };
    const seat1 = { authorization: `Bearer ${seats[0]!.token}` };
    const seat2 = { authorization: `Bearer ${seats[1]!.token}` };
    // seat 2 follows the table's events through A (LISTEN/NOTIFY carries B's moves there)
    const ticket = (await call(a, 'POST', `/tables/${id}/tickets`, undefined, seat2)).json.ticket as string;
    const stream = await openSse(`${a}/tables/${id}/events?ticket=${ticket}`);
    expect((await stream.next())!.event).toBe('clock');
    expect((await stream.next())!.id).toBe('0');
    const view = (await call(b, 'GET', `/tables/${id}`, undefined, seat1)).json as unknown as Seat;
    const move = placement(view);
    const onB = await call(b, 'POST', `/tables/${id}/moves`, move, { ...seat1, 'idempotency-key': 'first-move' });
    expect(onB.status).toBe(200);
    const event = await stream.next();
    expect(event!.id).toBe('1');
    expect(JSON.parse(event!.data)).toMatchObject({ id, seat: 2, moveCount: 1 });
    stream.close();
    // the same key through the other instance: the same verdict, nothing applied twice
    expect(await call(a, 'POST', `/tables/${id}/moves`, move, { ...seat1, 'idempotency-key': 'first-move' })).toEqual(onB);
    expect(((await call(a, 'GET', `/tables/${id}`, undefined, seat1)).json as unknown as Seat).moveCount).toBe(1);
  });

  test('the check/hint limit holds per address across instances: reached through A and B together, a 429 on both', async () => {
    const [a, b] = servers.map((s) => s.url) as [string, string];
    const [first, second] = ((await call(a, 'GET', '/puzzles')).json.puzzles as Array<{ id: string }>).map((p) => p.id);
    const check = (base: string, id = first!) => call(base, 'POST', `/puzzles/${id}/check`, { cells: [{ row: 0, column: 0, digit: 1 }] });
    // a burst of 3 a puzzle: each instance alone would still allow a fourth
    for (const base of [a, b, a]) expect((await check(base)).status).toBe(200);
    for (const base of [b, a]) expect(await check(base)).toEqual({ status: 429, json: { error: expect.stringMatching(/^too many checks and hints on this puzzle from this address: retry in \d+ s$/) } });
    expect((await check(b, second)).status).toBe(200);
  });

  test('an instance killed with SIGKILL: the other serves on, with every acknowledged move, and judges its tables\' clocks; a PostgreSQL restart is a 503 in one line, then service again', async () => {
    const [a, b] = servers.map((s) => s.url) as [string, string];
    const dealt = (await call(a, 'POST', '/tables', { variant: 'blitz' })).json as { id: string; seats: Array<{ token: string }> };
    const seat1 = { authorization: `Bearer ${dealt.seats[0]!.token}` };
    const first = placement((await call(a, 'GET', `/tables/${dealt.id}`, undefined, seat1)).json as unknown as Seat);
    expect((await call(a, 'POST', `/tables/${dealt.id}/moves`, first, { ...seat1, 'idempotency-key': 'k1' })).status).toBe(200);
    // a table whose clock only A has armed, and which nobody asks B about: its first lapse is due
    // 5 s after the deal, after A is dead (dealt last, just before the kill; asserted below)
    const orphan = (await call(a, 'POST', '/tables', { variant: 'blitz', room: { turnSeconds: 5 } })).json as { id: string };
    servers[0]!.child.kill('SIGKILL');
    await new Promise((done) => servers[0]!.child.once('exit', done));
    const killedAt = Date.now();
    servers.shift();
    const seen = (await call(b, 'GET', `/tables/${dealt.id}`, undefined, seat1)).json as unknown as Seat;
    expect(seen.moveCount).toBe(1);

    postgres.stopServer();
    const away = await call(b, 'GET', `/tables/${dealt.id}`, undefined, seat1);
    expect(away.status).toBe(503);
    expect(away.json).toEqual({ error: expect.stringMatching(/^the database is not reachable: try again/) });
    const list = await call(b, 'GET', '/puzzles?limit=1');
    expect(list).toEqual({ status: 503, json: { error: 'the database is not reachable: try again in a moment' } });
    postgres.startServer();
    // the pool connects again by itself
    let back = await call(b, 'GET', `/tables/${dealt.id}`, undefined, seat1);
    for (let i = 0; i < 20 && back.status !== 200; i++) {
      await new Promise((r) => setTimeout(r, 250));
      back = await call(b, 'GET', `/tables/${dealt.id}`, undefined, seat1);
    }
    expect(back.status).toBe(200);
    expect((back.json as unknown as Seat).moveCount).toBe(1);

    // B's clock sweep judged the orphan's timed-out seat: the lapse is in the database, at the
    // time it fell due, without a request for that table
    const db = new pg.Client({ connectionString: url });
    await db.connect();
    try {
      const lapses = async () => (await db.query<{ at: string }>('SELECT at FROM numbridge_table_moves WHERE table_id = $1 AND seat IS NULL ORDER BY move_number', [orphan.id])).rows;
      const dealtAt = Number((await db.query<{ started_at: string }>('SELECT started_at FROM numbridge_tables WHERE id = $1', [orphan.id])).rows[0]!.started_at);
      let seen = await lapses();
      for (let i = 0; i < 60 && seen.length === 0; i++) {
        await new Promise((r) => setTimeout(r, 250));
        seen = await lapses();
      }
      // A died before the lapse was due, so its timer cannot have written it: B's sweep did
      expect(killedAt).toBeLessThan(dealtAt + 5000);
      expect(Number(seen[0]?.at) - dealtAt).toBe(5000);
    } finally {
      await db.end();
    }
  }, 60_000);
});

describe('corpus folders on one PostgreSQL', () => {
  test('a folder of the same files elsewhere is not read again; a changed folder is loaded again', async () => {
    const copy = join(dir, 'copy');
    const changed = join(dir, 'changed');
    cpSync(join(dir, 'corpus'), copy, { recursive: true });
    cpSync(join(dir, 'corpus'), changed, { recursive: true });
    rmSync(join(changed, readdirSync(changed).filter((name) => name.startsWith('numbridge-')).sort()[0]!));
    const third = await startServe(['--port', '0', '--corpus', copy, '--corpus', changed], { cwd: dir, env: { DATABASE_URL: url } });
    try {
      expect(third.stderr()).toMatch(/copy: not read again: the same files were loaded into this database at \S+ \(from \S+corpus: 4 puzzles/);
      expect(third.stderr()).toMatch(/changed: 0 puzzles added, 3 already stored, 0 refused/);
    } finally {
      await third.stop();
    }
  });
});

describe('the daily set with two instances on one PostgreSQL', () => {
  test("today's set is made once (a lock), by whichever instance comes first, served alike by both, remembered in the database; another key is refused", async () => {
    const daily = await postgres.database('daily');
    const plan = join(dir, 'plan.json');
    writeFileSync(plan, JSON.stringify({ format: 'puzzlemill/daily-plan', version: 1, slots: [{ slot: 'murder-4', kind: 'murder', size: 4, level: 'easy' }] }));
    const homes = ['one', 'two'].map((name) => join(dir, name));
    for (const home of homes) mkdirSync(home);
    const env = { DATABASE_URL: daily, PUZZLEMILL_DAILY_KEY: 'one club, two instances, one daily key of 32+ chars' };
    const both = await Promise.all(homes.map((home) => startServe(['--port', '0', '--plan', plan], { cwd: home, env })));
    try {
      const today = new Date();
      const date = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
      const made = homes.filter((home) => existsSync(join(home, 'corpus/daily/secret', date, 'index.json')));
      expect(made).toHaveLength(1);
      const [a, b] = await Promise.all(both.map(async (s) => (await fetch(`${s.url}/daily/today`)).text()));
      expect(JSON.parse(a!).date).toBe(date);
      expect(b).toBe(a);
      // the database remembers the day for every host: its fingerprints and its key's id
      const db = new pg.Client({ connectionString: daily });
      await db.connect();
      try {
        const rows = (await db.query<{ date: string; slot: string; key_id: string }>('SELECT date, slot, key_id FROM daily_fingerprints WHERE date = $1', [date])).rows;
        expect(rows).toEqual([{ date, slot: 'murder-4', key_id: expect.stringMatching(/^[0-9a-f]+$/) }]);
      } finally {
        await db.end();
      }
      // an instance on another host (its own daily folder) with another key: refused in one line
      const three = join(dir, 'three');
      mkdirSync(three);
      const other = runCli(['serve', '--port', '0', '--plan', plan], { cwd: three, env: { ...env, PUZZLEMILL_DAILY_KEY: 'another key on the third host, 32+ characters' } });
      expect(other.code).toBe(1);
      expect(other.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^puzzlemill: serve: the database's daily sets \(the newest \d{4}-\d{2}-\d{2}\) were made with another daily key \(key id [0-9a-f]+, this key is [0-9a-f]+\)/)]);
    } finally {
      for (const s of both) await s.stop();
    }
  }, 120_000);
});

describe('serve --db with a PostgreSQL that cannot be reached', () => {
  test('one line without the password, exit 1', () => {
    const r = runCli(['serve', '--port', '0', '--db', 'postgres://club:secret@127.0.0.1:1/none', '--corpus', join(dir, 'corpus')], { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stderr).not.toContain('secret');
    expect(r.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^puzzlemill: --db postgres:\/\/club:\*\*\*@127\.0\.0\.1:1\/none: .*(ECONNREFUSED|connect)/)]);
  });
});
