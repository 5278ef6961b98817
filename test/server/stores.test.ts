/**
 * The stores on both databases (issue 28, section 1): one suite run against SQLite and against a
 * throwaway PostgreSQL (test/helpers/postgres.ts), the check/hint limit in memory and in the
 * database (the same cases; two instances taking from one bucket at once), the daily memory every
 * instance shares on PostgreSQL (a day it refuses taken out of the folder again), a lock wait
 * past lock_timeout answered as a 503, migrations applied once when two instances open one
 * database together, and the same requests answered with the same bytes by a server on each database.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { PuzzleFile } from '../../src/kinds/kind.ts';
import type { NumbridgeBoardFile } from '../../src/numbridge-board/schema.ts';
import { makeDaily } from '../../src/pipeline/daily.ts';
import { buildServer } from '../../src/server/app.ts';
import { loadCorpus } from '../../src/server/corpus.ts';
import { openDatabase } from '../../src/server/db.ts';
import { MIGRATIONS } from '../../src/server/migrations/index.ts';
import { openPostgres, type PgPool } from '../../src/server/pg.ts';
import { PgCheckLimiter } from '../../src/server/pg-rate-limit.ts';
import { PgDailyMemory, type DayMaking } from '../../src/server/pg-daily.ts';
import { dailyKeyId } from '../../src/pipeline/daily-key.ts';
import { CheckLimiter, RateLimited, type CheckLimit, type CheckRate } from '../../src/server/rate-limit.ts';
import { PgPuzzleStore } from '../../src/server/pg-store.ts';
import { PgPlayStore } from '../../src/server/stats/pg-play-store.ts';
import { SqlitePlayStore, type PlayStore } from '../../src/server/stats/play-store.ts';
import { SqlitePuzzleStore, type PuzzleStore } from '../../src/server/store.ts';
import { startPostgres, type TestPostgres } from '../helpers/postgres.ts';
import { generated } from './helpers.ts';

const DATE = '2026-12-01';
const KEY = Buffer.from('the two databases tests daily key, 32+ characters');

let postgres: TestPostgres;
const pools: PgPool[] = [];
let files: PuzzleFile[];
let dir: string;

beforeAll(async () => {
  postgres = await startPostgres();
  dir = mkdtempSync(join(tmpdir(), 'pm-stores-'));
  files = [...generated('numbridge', { size: 6, blocks: 'regular' }, 3, 'stores'), ...generated('murder', { size: 4, level: 'easy' }, 2, 'stores')];
  mkdirSync(join(dir, 'out'));
  files.forEach((f, i) => writeFileSync(join(dir, 'out', `p-${i}.json`), JSON.stringify(f)));
  await makeDaily({ date: DATE, root: join(dir, 'daily'), key: KEY, plan: [{ slot: 'nb-6', kind: 'numbridge', request: { size: 6 } }, { slot: 'm-4', kind: 'murder', request: { size: 4, level: 'easy' } }] });
}, 120_000);

afterAll(async () => {
  for (const pool of pools) await pool.end();
  postgres?.stop();
  rmSync(dir, { recursive: true, force: true });
});

async function pgPool(): Promise<PgPool> {
  const pool = await openPostgres(await postgres.database());
  pools.push(pool);
  return pool;
}

const databases: Array<[string, () => Promise<{ puzzles: PuzzleStore; plays: PlayStore }>]> = [
  ['SQLite', async () => {
    const db = openDatabase(':memory:');
    return { puzzles: new SqlitePuzzleStore(db), plays: new SqlitePlayStore(db) };
  }],
  ['PostgreSQL', async () => {
    const pool = await pgPool();
    return { puzzles: new PgPuzzleStore(pool), plays: new PgPlayStore(pool) };
  }],
];

const summaryOf = (f: PuzzleFile, i: number) => ({ id: f.id, kind: f.format.includes('murder') ? 'murder' : 'numbridge', format: f.format, size: 6 - (i % 2), level: 1 + (i % 3), technique: i % 2 === 0 ? null : 'x-wing', summary: `puzzle ${i}` });

describe.each(databases)('the stores on %s', (_name, open) => {
  let puzzles: PuzzleStore;
  let plays: PlayStore;
  beforeAll(async () => ({ puzzles, plays } = await open()));

  test('puzzles: added, the same again, another file under its id refused; availability only widens', async () => {
    const [a, b] = files;
    expect(await puzzles.putPuzzle({ ...summaryOf(a!, 0), availableFrom: '2026-12-03', file: a!, player: a! })).toBe('added');
    expect(await puzzles.putPuzzle({ ...summaryOf(a!, 0), availableFrom: '2026-12-05', file: a!, player: a! })).toBe('same');
    expect((await puzzles.getPuzzle(a!.id))!.availableFrom).toBe('2026-12-03');
    expect(await puzzles.putPuzzle({ ...summaryOf(a!, 0), availableFrom: '2026-12-02', file: a!, player: a! })).toBe('same');
    expect((await puzzles.getPuzzle(a!.id))!.availableFrom).toBe('2026-12-02');
    expect(await puzzles.putPuzzle({ ...summaryOf(a!, 0), availableFrom: null, file: a!, player: a! })).toBe('same');
    expect((await puzzles.getPuzzle(a!.id))!.availableFrom).toBeNull();
    expect(await puzzles.putPuzzle({ ...summaryOf(a!, 0), availableFrom: null, file: b!, player: b! })).toBe('conflict');
    const got = (await puzzles.getPuzzle(a!.id))!;
    expect(got).toMatchObject({ ...summaryOf(a!, 0), availableFrom: null, playerText: JSON.stringify(a) });
    expect(got.file).toEqual(a);
    expect(await puzzles.getPuzzle('nope')).toBeUndefined();
  });

  test('the list: filters, id order, pages by offset and by cursor, later days hidden', async () => {
    for (const [i, f] of files.entries()) await puzzles.putPuzzle({ ...summaryOf(f, i), availableFrom: i === 4 ? '2027-01-01' : null, file: f, player: f });
    const all = await puzzles.listPuzzles({ availableOn: DATE }, { limit: 10 });
    expect(all.items.map((p) => p.id)).toEqual(files.slice(0, 4).map((f) => f.id).sort((x, y) => (x < y ? -1 : 1)));
    expect(all.next).toBeNull();
    const first = await puzzles.listPuzzles({ availableOn: '2027-01-01' }, { limit: 2 });
    const second = await puzzles.listPuzzles({ availableOn: '2027-01-01' }, { limit: 2, cursor: first.next! });
    const byOffset = await puzzles.listPuzzles({ availableOn: '2027-01-01' }, { limit: 2, offset: 2 });
    expect(second).toEqual(byOffset);
    expect([...first.items, ...second.items, ...(await puzzles.listPuzzles({ availableOn: '2027-01-01' }, { limit: 2, offset: 4 })).items]).toHaveLength(5);
    expect((await puzzles.listPuzzles({ availableOn: '2027-01-01', kind: 'murder' }, { limit: 10 })).items.map((p) => p.kind)).toEqual(['murder', 'murder']);
    expect((await puzzles.listPuzzles({ availableOn: '2027-01-01', size: 5, level: 2 }, { limit: 10 })).items).toEqual([summaryOf(files[1]!, 1)]);
    // the hardest technique (practice sets, migration 6): rows 1 and 3 name x-wing
    const practice = await puzzles.listPuzzles({ availableOn: '2027-01-01', technique: 'x-wing' }, { limit: 10 });
    expect(practice.items.map((p) => p.id).sort()).toEqual([files[1]!.id, files[3]!.id].sort());
    expect(practice.items.every((p) => p.technique === 'x-wing')).toBe(true);
    expect((await puzzles.listPuzzles({ availableOn: '2027-01-01', technique: 'jellyfish' }, { limit: 10 })).items).toEqual([]);
  });

  test('daily sets: added, the same again, another refused; dates newest first', async () => {
    const index = (date: string, slots: string[]) => ({ format: 'puzzlemill/daily-public-index', version: 1, date, puzzles: slots.map((slot, i) => ({ slot, kind: 'numbridge', id: files[i]!.id, file: `${slot}.player.json`, summary: 's' })) }) as never;
    const set = { publicIndex: index('2026-12-02', ['a', 'b']), ids: [files[0]!.id, files[1]!.id] };
    expect(await puzzles.putDaily(set)).toBe('added');
    expect(await puzzles.putDaily(set)).toBe('same');
    expect(await puzzles.putDaily({ publicIndex: index('2026-12-02', ['a']), ids: [files[0]!.id] })).toBe('conflict');
    expect(await puzzles.putDaily({ publicIndex: index('2026-11-30', ['a']), ids: [files[2]!.id] })).toBe('added');
    expect(await puzzles.getDaily('2026-12-02')).toEqual(set);
    expect(await puzzles.getDaily('2026-12-09')).toBeUndefined();
    expect(await puzzles.dailyDates()).toEqual(['2026-12-02', '2026-11-30']);
  });

  test('plays: one row per puzzle and player; nothing counts after the solve; windows; pruning', async () => {
    const [a, b] = [files[0]!.id, files[2]!.id];
    const me = await plays.playerKey('browser-id-0123456789', a);
    expect(me).toMatch(/^[0-9a-f]{32}$/);
    expect(await plays.playerKey('browser-id-0123456789', a)).toBe(me);
    // the same browser on another puzzle is another key: rows of two puzzles cannot be linked
    expect(await plays.playerKey('browser-id-0123456789', b)).not.toBe(me);
    const other = await plays.playerKey('browser-id-9876543210', b);
    await plays.record(a, me, 1000, { type: 'view' });
    await plays.record(a, me, 2000, { type: 'hint' });
    await plays.record(a, me, 3000, { type: 'check', right: false, solved: false });
    await plays.record(a, me, 9000, { type: 'check', right: true, solved: true });
    await plays.record(a, me, 9500, { type: 'hint' });
    await plays.record(a, me, 9600, { type: 'check', right: true, solved: true });
    await plays.record(b, other, 5000, { type: 'check', right: true, solved: false });
    const rows = await plays.plays({});
    expect(rows).toEqual([
      { puzzleId: a, kind: 'numbridge', size: 6, level: 1, firstAt: 1000, solvedAt: 9000, checksRight: 1, checksWrong: 1, hints: 1 },
      { puzzleId: b, kind: 'numbridge', size: 6, level: 3, firstAt: 5000, solvedAt: null, checksRight: 1, checksWrong: 0, hints: 0 },
    ].sort((x, y) => (x.puzzleId < y.puzzleId ? -1 : 1)));
    expect(await plays.plays({ from: 2000 })).toHaveLength(1);
    expect(await plays.plays({ to: 2000, ladder: { kind: 'numbridge', size: 6 } })).toHaveLength(1);
    expect(await plays.plays({ ladder: { kind: 'numbridge', size: 5 } })).toEqual([]);
    expect(await plays.prune(6000)).toBe(1);
    expect(await plays.prune(10_000)).toBe(1);
    expect(await plays.plays({})).toEqual([]);
  });
});

const limiters: Array<[string, () => Promise<(rate: CheckRate, now: () => number) => CheckLimit>]> = [
  ['in memory (SQLite)', async () => (rate, now) => new CheckLimiter(rate, now)],
  ['in PostgreSQL', async () => {
    const pool = await pgPool();
    return (rate, now) => new PgCheckLimiter(pool, rate, now);
  }],
];

describe.each(limiters)('the check/hint limit %s', (_name, open) => {
  let limiter: (rate: CheckRate, now: () => number) => CheckLimit;
  beforeAll(async () => void (limiter = await open()));
  const take = async (l: CheckLimit, client: string, puzzle: string) => l.take(client, puzzle);

  test('refills at the rate up to the burst, never more; a clock stepping back refills nothing', async () => {
    let t = 0;
    const l = limiter({ perMinute: 60, burst: 2 }, () => t);
    await take(l, 'ip-a', 'p');
    await take(l, 'ip-a', 'p');
    await expect(take(l, 'ip-a', 'p')).rejects.toThrow(RateLimited);
    t = 60_000; // a minute refills only up to the burst
    await take(l, 'ip-a', 'p');
    await take(l, 'ip-a', 'p');
    await expect(take(l, 'ip-a', 'p')).rejects.toThrow(/retry in 1 s/);
    t = 0;
    await expect(take(l, 'ip-a', 'p')).rejects.toThrow(RateLimited);
  });

  test('one address on all puzzles together: twice the burst, four times the rate; a refusal spends nothing', async () => {
    let t = 0;
    const l = limiter({ perMinute: 30, burst: 3 }, () => t);
    for (const puzzle of ['p0', 'p0', 'p0', 'p1', 'p2', 'p3']) await take(l, 'ip-b', puzzle);
    await expect(take(l, 'ip-b', 'p4')).rejects.toThrow('too many checks and hints from this address: retry in 1 s');
    t = 1000; // the address refills two (120 a minute), p0 half of one
    await expect(take(l, 'ip-b', 'p0')).rejects.toThrow('too many checks and hints on this puzzle from this address: retry in 1 s');
    await take(l, 'ip-b', 'p4');
    await take(l, 'ip-b', 'p5');
    await expect(take(l, 'ip-b', 'p6')).rejects.toThrow(/from this address/);
    await take(l, 'other-ip', 'p0');
  });

  test('the same refusal and Retry-After as the other database: 30 a minute, the 31st waits 2 s', async () => {
    const t = 5000;
    const l = limiter({ perMinute: 30, burst: 30 }, () => t);
    for (let i = 0; i < 30; i++) await take(l, 'ip-c', 'p');
    const refused = await take(l, 'ip-c', 'p').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(RateLimited);
    expect([(refused as RateLimited).retryAfterSeconds, (refused as RateLimited).message]).toEqual([2, 'too many checks and hints on this puzzle from this address: retry in 2 s']);
  });
});

test('on PostgreSQL two instances take from the same buckets, concurrently, never past the burst', async () => {
  const pool = await pgPool();
  const [a, b] = [0, 1].map(() => new PgCheckLimiter(pool, { perMinute: 10, burst: 10 }, () => 1000));
  const outcomes = await Promise.allSettled(Array.from({ length: 16 }, (_, i) => (i % 2 ? a : b)!.take('ip', 'p')));
  expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(10);
  expect(outcomes.filter((o) => o.status === 'rejected').every((o) => (o as PromiseRejectedResult).reason instanceof RateLimited)).toBe(true);
  // every refusal was rolled back: the bucket is exactly full
  expect((await pool.query<{ full_at: number }>("SELECT full_at FROM check_limits WHERE puzzle = 'p'")).rows).toEqual([{ full_at: 1000 + 10 * 6000 }]);
  // the address is stored as a keyed hash, never as sent
  // (a hash may hold the letters "ip" by chance: only the address itself is looked for)
  expect((await pool.query("SELECT address FROM check_limits WHERE address = 'ip'")).rows).toEqual([]);
  expect((await pool.query('SELECT count(*)::int AS n FROM check_limits')).rows).toEqual([{ n: 2 }]);
});

test('on PostgreSQL a refused bucket is remembered: refused again with no query until it holds a request', async () => {
  const pool = await pgPool();
  let t = 0;
  const l = new PgCheckLimiter(pool, { perMinute: 60, burst: 1 }, () => t);
  await l.take('ip', 'p');
  await expect(l.take('ip', 'p')).rejects.toThrow('on this puzzle from this address: retry in 1 s');
  await pool.query('DELETE FROM check_limits'); // the database would take it now: only the memory refuses
  t = 500;
  await expect(l.take('ip', 'p')).rejects.toThrow('on this puzzle from this address: retry in 1 s');
  t = 1000;
  await l.take('ip', 'p');
});

describe('the daily memory on PostgreSQL (several hosts, a daily folder each)', () => {
  test("a folder's days recorded with their key; another key refused; a day repeating another date's puzzle refused", async () => {
    const pool = await pgPool();
    const memory = new PgDailyMemory(pool);
    await memory.recordFolder(join(dir, 'daily'));
    await memory.recordFolder(join(dir, 'daily')); // again: nothing new
    const published = await memory.published();
    expect(published.map((e) => [e.date, e.slot])).toEqual([[DATE, 'm-4'], [DATE, 'nb-6']]);
    await memory.assertKey(dailyKeyId(KEY));
    await expect(memory.assertKey(dailyKeyId(Buffer.from('another key of 32 or more characters …')))).rejects.toThrow(/^the database's daily sets \(the newest 2026-12-01\) were made with another daily key \(key id [0-9a-f]+, this key is [0-9a-f]+\)/);
    // another host's folder holding the same puzzles under the next date
    const other = join(dir, 'other-host');
    cpSync(join(dir, 'daily', 'secret', DATE), join(other, 'secret', '2026-12-02'), { recursive: true });
    await expect(memory.recordDay(other, '2026-12-02')).rejects.toThrow(/^daily 2026-12-02: a puzzle repeats 2026-12-01 (m-4|nb-6) \(recorded in the database by another instance\): not stored$/);
    expect(await memory.published()).toEqual(published);
    // a day recorded again replaces its rows: none left from an earlier making of it
    await pool.query("INSERT INTO daily_fingerprints VALUES ('left-from-before', 'murder', $1, 'm-4', 'x', NULL)", [DATE]);
    await memory.recordDay(join(dir, 'daily'), DATE);
    expect(await memory.published()).toEqual(published);
  });

  test("makeDaily never repeats a puzzle published elsewhere: the slot's next candidate instead", async () => {
    const plan = [{ slot: 'm-4', kind: 'murder', request: { size: 4, level: 'easy' } }];
    const here = await makeDaily({ date: '2026-12-03', root: join(dir, 'host-a'), key: KEY, plan });
    const first = here.index.puzzles[0]!;
    const warnings: string[] = [];
    const there = await makeDaily({ date: '2026-12-03', root: join(dir, 'host-b'), key: KEY, plan, publishedElsewhere: [{ fingerprint: first.fingerprint, kind: first.kind, date: '2026-11-30', slot: 'm-4', id: first.id }], onWarning: (line) => warnings.push(line) });
    expect(there.index.puzzles[0]!.fingerprint).not.toBe(first.fingerprint);
    expect(warnings).toEqual(['m-4: candidate 0 repeats 2026-11-30 m-4; trying the next']);
    // written to no folder's own index: host-b's remembers only its own day
    expect(readFileSync(join(dir, 'host-b', 'secret', 'fingerprints.ndjson'), 'utf8').trim().split('\n').map((l) => JSON.parse(l).date)).toEqual(['2026-12-03']);
  });
});

test('on PostgreSQL a day the database refuses is removed from the folder, not loaded, and made again without the repeat', async () => {
  const pool = await pgPool();
  const memory = new PgDailyMemory(pool);
  const root = join(dir, 'host-c');
  const date = '2026-12-05';
  const plan = [{ slot: 'm-4', kind: 'murder', request: { size: 4, level: 'easy' } }];
  let loaded = 0;
  let race = true;
  const making: DayMaking = {
    root,
    date,
    keyId: dailyKeyId(KEY),
    stored: async () => false,
    load: async () => void loaded++,
    make: async (publishedElsewhere) => {
      const made = (await makeDaily({ date, root, key: KEY, plan, publishedElsewhere })).index.puzzles[0]!;
      // the first time, the same puzzle is recorded for another date meanwhile (as a writer outside the lock could)
      if (race) await pool.query("INSERT INTO daily_fingerprints VALUES ($1, $2, '2026-12-04', 'm-4', $3, NULL)", [made.fingerprint, made.kind, made.id]);
      race = false;
    },
  };
  await expect(memory.makeDay(making)).rejects.toThrow(/^daily 2026-12-05: a puzzle repeats 2026-12-04 m-4 /);
  expect(loaded).toBe(0);
  expect(['public', 'staged', 'secret'].map((side) => existsSync(join(root, side, date)))).toEqual([false, false, false]);
  expect(readFileSync(join(root, 'secret', 'fingerprints.ndjson'), 'utf8')).toBe('');
  await memory.makeDay(making);
  expect(loaded).toBe(1);
  const day = (await memory.published()).filter((e) => e.date === date);
  expect(day).toHaveLength(1);
  expect(day[0]!.fingerprint).not.toBe((await memory.published()).find((e) => e.date === '2026-12-04')!.fingerprint);
});

test('on PostgreSQL a lock waited on past lock_timeout is a one-line 503 with Retry-After, not a 500', async () => {
  const url = await postgres.database();
  const holder = new pg.Client({ connectionString: url });
  const waiter = new pg.Client({ connectionString: url, options: '-c lock_timeout=100ms' });
  await Promise.all([holder.connect(), waiter.connect()]);
  const app = buildServer({ db: openDatabase(':memory:'), plugins: [async (f) => void f.get('/locked', async () => (await waiter.query('SELECT * FROM held')).rows)] });
  try {
    await holder.query('CREATE TABLE held (id int)');
    await holder.query('BEGIN');
    await holder.query('LOCK TABLE held');
    const r = await app.inject({ method: 'GET', url: '/locked' });
    expect([r.statusCode, r.headers['retry-after'], r.json()]).toEqual([503, '1', { error: 'the database is busy: try again in a moment' }]);
  } finally {
    await app.close();
    await Promise.all([holder.end(), waiter.end()]);
  }
});

describe('PostgreSQL migrations', () => {
  test('two instances opening one database together migrate it once', async () => {
    const url = await postgres.database();
    const both = await Promise.all([openPostgres(url), openPostgres(url), openPostgres(url)]);
    pools.push(...both);
    const versions = (await both[0]!.query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version')).rows.map((r) => r.version);
    expect(versions).toEqual(MIGRATIONS.map((m) => m.version).sort((x, y) => x - y));
  });
});

describe('a server on each database answers the same requests with the same bytes', () => {
  let apps: FastifyInstance[] = [];
  beforeAll(async () => {
    const sqlite = openDatabase(':memory:');
    const pool = await pgPool();
    const stores = [
      { puzzles: new SqlitePuzzleStore(sqlite), plays: new SqlitePlayStore(sqlite) },
      { puzzles: new PgPuzzleStore(pool), plays: new PgPlayStore(pool) },
    ];
    apps = [];
    for (const s of stores) {
      for (const corpus of ['out', 'daily']) await loadCorpus(s.puzzles, join(dir, corpus));
      // the stores under test are handed in; the tables' (not compared here: serve-postgres.cli.test.ts plays tables on PostgreSQL) are SQLite's
      const app = buildServer({ db: openDatabase(':memory:'), store: s.puzzles, plays: { store: s.plays }, now: () => new Date(`${DATE}T12:00:00`) });
      await app.ready();
      apps.push(app);
    }
  }, 60_000);
  afterAll(async () => {
    for (const app of apps) await app.close();
  });

  test('lists, the daily set, player forms, pictures, checks, hints, verify, play statistics', async () => {
    const board = files[0] as NumbridgeBoardFile;
    const player = { 'puzzlemill-player': 'same-browser-on-both-0001' };
    const requests: Array<{ method: 'GET' | 'POST'; url: string; payload?: object; headers?: Record<string, string> }> = [
      { method: 'GET', url: '/puzzles' },
      { method: 'GET', url: '/puzzles?limit=2' },
      { method: 'GET', url: '/puzzles?kind=murder' },
      { method: 'GET', url: '/puzzles?grade=easy&page=2&limit=1' },
      { method: 'GET', url: `/puzzles?technique=${board.public.grade.technique}` },
      { method: 'GET', url: '/puzzles?technique=x-wnig' },
      { method: 'GET', url: '/daily/today' },
      { method: 'GET', url: `/daily/${DATE}` },
      { method: 'GET', url: '/daily/2026-12-02' },
      { method: 'GET', url: `/puzzles/${board.id}` },
      { method: 'GET', url: `/puzzles/${board.id}/picture.svg?lang=de` },
      { method: 'POST', url: `/puzzles/${board.id}/view`, headers: player },
      { method: 'POST', url: `/puzzles/${board.id}/check`, payload: { cells: [{ row: 0, column: 0, digit: 1 }] }, headers: player },
      { method: 'POST', url: `/puzzles/${board.id}/hint`, payload: { cells: [] }, headers: player },
      { method: 'POST', url: `/puzzles/${board.id}/check`, payload: { grid: board.secret!.solution }, headers: player },
      { method: 'GET', url: `/stats/puzzles/${board.id}` },
      { method: 'POST', url: '/verify', payload: board },
      { method: 'GET', url: '/puzzles/nope' },
    ];
    for (const r of requests) {
      const [a, b] = await Promise.all(apps.map((app) => app.inject({ method: r.method, url: r.url, ...(r.payload && { payload: r.payload }), headers: { ...r.headers } })));
      expect({ url: r.url, status: b!.statusCode, body: b!.body }).toEqual({ url: r.url, status: a!.statusCode, body: a!.body });
    }
    // the list filters by, and shows, the hardest technique the board's grade names (practice sets)
    const hardest = board.public.grade.technique!;
    const listed = (await apps[0]!.inject({ method: 'GET', url: `/puzzles?technique=${hardest}` })).json() as { puzzles: Array<{ id: string; technique: string | null }> };
    expect(listed.puzzles.map((p) => p.id)).toContain(board.id);
    expect(listed.puzzles.every((p) => p.technique === hardest)).toBe(true);
    const typo = await apps[0]!.inject({ method: 'GET', url: '/puzzles?technique=x-wnig' });
    expect(typo.statusCode).toBe(400);
    expect(typo.json().error).toMatch(/^querystring\/technique: unknown technique "x-wnig": did you mean x-wing\? \(the techniques: full-house, /);
  });
});
