/**
 * What players found hard (issue 29, section 3): simulated players play the daily set and some
 * 9×9 boards of grades 1 and 2 through the real HTTP API (a listening server, fetch), each with a
 * random browser id, a skill, time per proof step from the step's tier, hints, wrong checks and
 * giving up; one grade-1 board is played six times slower (a board graded too easy). The figures
 * of `GET /stats/puzzles/:id` and `puzzlemill stats` are then held to figures computed here from
 * what the players did, with this file's own quartiles and out-of-line rule.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { PuzzleFile } from '../../src/kinds/kind.ts';
import type { MurderCaseFile } from '../../src/murder/schema.ts';
import type { NumbridgeBoardFile } from '../../src/numbridge-board/schema.ts';
import { makeDaily } from '../../src/pipeline/daily.ts';
import { buildServer } from '../../src/server/app.ts';
import { loadCorpus } from '../../src/server/corpus.ts';
import { openDatabase, type Db } from '../../src/server/db.ts';
import { SqlitePlayStore } from '../../src/server/stats/play-store.ts';
import { SqlitePuzzleStore } from '../../src/server/store.ts';
import { runCli } from '../helpers/cli.ts';
import { generated } from './helpers.ts';

const DATE = '2026-12-01';
const KEY = Buffer.from('the play statistics tests daily key, 32+ characters');
const PLAYERS = 8;
const START = new Date(`${DATE}T08:00:00`).getTime();

let dir: string;
let db: Db;
let app: FastifyInstance;
let base: string;
let clock = START;
let puzzles: PuzzleFile[] = [];
let slow: string;

/** What one simulated player did on one puzzle: the truth the figures are held to. */
interface Played {
  puzzle: string;
  solveSeconds: number | null;
  hints: number;
  right: number;
  wrong: number;
}
const played: Played[] = [];
/** Every browser id the simulated players sent: none may be found in the database's files. */
const sentIds: string[] = [];
let store: SqlitePuzzleStore;

/** A small seeded generator (mulberry32): the same players every run. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

async function send(method: string, path: string, at: number, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; json: unknown }> {
  clock = at;
  const r = await fetch(base + path, { method, headers: { ...(body !== undefined && { 'content-type': 'application/json' }), ...headers }, ...(body !== undefined && { body: JSON.stringify(body) }) });
  return { status: r.status, json: await r.json() };
}

/** The whole answer, right; `wrong`: with one item wrong. */
function position(file: PuzzleFile, wrong: boolean): object {
  if (file.format === 'puzzlemill/numbridge-board') {
    const b = file as NumbridgeBoardFile;
    const cells = b.public.givens.flatMap((row, r) => row.flatMap((g, c) => (g === 0 ? [{ row: r, column: c, digit: b.secret!.solution[r]![c]! }] : [])));
    if (wrong) cells[0]!.digit = (cells[0]!.digit % b.public.size) + 1;
    return { cells };
  }
  const m = file as MurderCaseFile;
  const positions = structuredClone(m.secret!.solution.positions) as Record<string, [number, number]>;
  if (wrong) {
    const [a, b] = Object.keys(positions);
    [positions[a!], positions[b!]] = [positions[b!]!, positions[a!]!];
  }
  return { positions, murderer: m.secret!.solution.murderer };
}

/** Seconds a proof takes a player of skill 1: 2^(tier+1) s a step. */
function proofSeconds(file: PuzzleFile): number {
  const steps = (file.secret as { proof: { steps: Array<{ tier: number }> } }).proof.steps;
  return steps.reduce((sum, s) => sum + 2 ** (s.tier + 1), 0);
}

/** One player on one puzzle: a view, maybe hints and a wrong check, then a solve or giving up. */
async function play(file: PuzzleFile, random: () => number, t0: number): Promise<void> {
  const id = Array.from({ length: 24 }, () => 'abcdefghijklmnopqrstuvwxyz0123456789'[Math.floor(random() * 36)]).join('');
  sentIds.push(id);
  const headers = { 'puzzlemill-player': id };
  const me: Played = { puzzle: file.id, solveSeconds: null, hints: 0, right: 0, wrong: 0 };
  played.push(me);
  expect((await send('POST', `/puzzles/${file.id}/view`, t0, undefined, headers)).json).toEqual({ recorded: true });
  const skill = Math.exp((random() - 0.5) * 0.8);
  const hints = random() < 0.3 ? 1 + Math.floor(random() * 2) : 0;
  // whole seconds: the server rounds to 0.1 s, this file's figures need not
  const work = Math.round(proofSeconds(file) * skill * 0.75 ** hints * (file.id === slow ? 6 : 1));
  for (let h = 1; h <= hints; h++) {
    expect((await send('POST', `/puzzles/${file.id}/hint`, t0 + Math.round((work * h) / (hints + 2)) * 1000, {}, headers)).status).toBe(200);
    me.hints++;
  }
  if (random() < 0.4) {
    expect((await send('POST', `/puzzles/${file.id}/check`, t0 + Math.round(work / 2) * 1000, position(file, true), headers)).json).toMatchObject({ right: false, solved: false });
    me.wrong++;
  }
  if (random() < 0.15) return; // gave up
  expect((await send('POST', `/puzzles/${file.id}/check`, t0 + work * 1000, position(file, false), headers)).json).toMatchObject({ right: true, solved: true });
  me.right++;
  me.solveSeconds = work;
  // after the solve: changes nothing
  if (random() < 0.2) await send('POST', `/puzzles/${file.id}/hint`, t0 + (work + 30) * 1000, {}, headers);
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'pm-plays-'));
  const out = join(dir, 'out');
  mkdirSync(out);
  const boards = [...generated('numbridge', { size: 9, blocks: 'regular', givens: 30, grade: 1 }, 3, 'plays'), ...generated('numbridge', { size: 9, blocks: 'regular', givens: 30, grade: 2 }, 3, 'plays')];
  boards.forEach((f, i) => writeFileSync(join(out, `board-${i}.json`), JSON.stringify(f)));
  slow = boards[0]!.id;
  db = openDatabase(join(dir, 'server.db'));
  store = new SqlitePuzzleStore(db);
  await loadCorpus(store, out);
  await makeDaily({ date: DATE, root: join(dir, 'daily'), key: KEY });
  await loadCorpus(store, join(dir, 'daily'));
  const set = (await store.getDaily(DATE))!;
  puzzles = await Promise.all([...set.ids, ...boards.map((b) => b.id)].map(async (id) => (await store.getPuzzle(id))!.file));
  app = buildServer({ db, store, now: () => new Date(clock), plays: { keepDays: 0 } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const random = rng(29);
  for (const [i, file] of puzzles.entries()) for (let p = 0; p < PLAYERS; p++) await play(file, random, START + (i * PLAYERS + p) * 60_000);
}, 240_000);

afterAll(async () => {
  await app?.close();
  db?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Quantile p of sorted numbers: rank (n - 1)·p, between its two neighbours. */
function q(sorted: number[], p: number): number {
  const rank = (sorted.length - 1) * p;
  const i = Math.floor(rank);
  return i + 1 < sorted.length ? sorted[i]! * (1 - (rank - i)) + sorted[i + 1]! * (rank - i) : sorted[i]!;
}

/** The figures of some plays, from what the players did. */
function expected(plays: Played[]) {
  const times = plays.flatMap((p) => (p.solveSeconds === null ? [] : [p.solveSeconds])).sort((a, b) => a - b);
  const solvers = plays.filter((p) => p.solveSeconds !== null);
  return {
    players: plays.length,
    solved: times.length,
    solveRate: plays.length ? Math.round((times.length / plays.length) * 1000) / 1000 : null,
    median: times.length ? q(times, 0.5) : null,
    q1: times.length ? q(times, 0.25) : null,
    q3: times.length ? q(times, 0.75) : null,
    hintsPerSolve: solvers.length ? Math.round((solvers.reduce((s, p) => s + p.hints, 0) / solvers.length) * 100) / 100 : null,
    checks: { right: plays.reduce((s, p) => s + p.right, 0), wrong: plays.reduce((s, p) => s + p.wrong, 0) },
  };
}

/** Within the server's rounding to 0.1 s. */
const near = (sent: number, truth: number) => Math.abs(sent - truth) <= 0.05 + 1e-9;

interface Answer {
  id: string;
  kind: string;
  size: number;
  level: number;
  levelName: string;
  puzzle: { players: number; solved: number; solveRate: number | null; solveSeconds: { q1: number; median: number; q3: number; low: number; high: number } | null; hintsPerSolve: number | null; checks: object };
  levelFigures: { puzzles: number; players: number; solved: number; solveSeconds: { median: number } | null };
  outOfLine: { plays: string; than: { level: number; median: number } } | null;
}

const stats = async (id: string) => (await fetch(`${base}/stats/puzzles/${id}`)).json() as Promise<Answer>;
const levelOf = (f: PuzzleFile) => (f.public as { grade?: { level: number }; level?: { level: number } }).grade?.level ?? (f.public as { level: { level: number } }).level.level;
const ladderOf = (f: PuzzleFile) => `${f.format} ${(f.public as { size: number }).size}`;

describe('play statistics from simulated players through the HTTP API', () => {
  test('GET /stats/puzzles/:id: each puzzle and its level, as the players played them', async () => {
    expect(puzzles).toHaveLength(16);
    for (const file of puzzles) {
      const answer = await stats(file.id);
      const mine = expected(played.filter((p) => p.puzzle === file.id));
      expect(answer.puzzle, file.id).toMatchObject({ players: mine.players, solved: mine.solved, solveRate: mine.solveRate, checks: mine.checks });
      if (mine.solved >= 5) expect(answer.puzzle.hintsPerSolve).toBe(mine.hintsPerSolve);
      // times and hints of fewer than 5 solves are not published
      if (mine.solved < 5) expect([answer.puzzle.solveSeconds, answer.puzzle.hintsPerSolve]).toEqual([null, null]);
      else {
        expect(near(answer.puzzle.solveSeconds!.median, mine.median!), file.id).toBe(true);
        expect(near(answer.puzzle.solveSeconds!.q1, mine.q1!), file.id).toBe(true);
        expect(near(answer.puzzle.solveSeconds!.q3, mine.q3!), file.id).toBe(true);
      }
      // the level: every puzzle of the kind, size and level, pooled
      const peers = puzzles.filter((f) => ladderOf(f) === ladderOf(file) && levelOf(f) === levelOf(file)).map((f) => f.id);
      const level = expected(played.filter((p) => peers.includes(p.puzzle)));
      expect(answer.level).toBe(levelOf(file));
      expect(answer.levelFigures).toMatchObject({ puzzles: peers.length, players: level.players, solved: level.solved });
      if (level.solved >= 5) expect(near(answer.levelFigures.solveSeconds!.median, level.median!)).toBe(true);
      else expect(answer.levelFigures.solveSeconds).toBeNull();
    }
  });

  test('out of line: the slowed grade-1 board plays harder than grade 2; nothing else is listed that this file\'s rule would not list', async () => {
    const listed = new Map<string, string>();
    for (const file of puzzles) {
      const o = (await stats(file.id)).outOfLine;
      if (o) listed.set(file.id, o.plays);
    }
    // this file's reading of the rule: a level's typical time is the median of its puzzles' medians
    // (5 solves or more); out of line is beyond the neighbour's and 1.5× away from its own level's
    const ownRule = new Map<string, string>();
    const medianOfSolves = (id: string) => expected(played.filter((p) => p.puzzle === id));
    const typical = (ids: string[]) => {
      const medians = ids.map(medianOfSolves).filter((m) => m.solved >= 5).map((m) => m.median!).sort((a, b) => a - b);
      return medians.length ? q(medians, 0.5) : null;
    };
    for (const file of puzzles) {
      const mine = medianOfSolves(file.id);
      if (mine.solved < 5) continue;
      const ladder = puzzles.filter((f) => ladderOf(f) === ladderOf(file));
      const at = (level: number) => typical(ladder.filter((f) => levelOf(f) === level).map((f) => f.id));
      const levels = [...new Set(ladder.map(levelOf))].filter((l) => at(l) !== null).sort((a, b) => a - b);
      const own = at(levelOf(file))!;
      const i = levels.indexOf(levelOf(file));
      const above = i + 1 < levels.length ? at(levels[i + 1]!)! : own * 2;
      const below = i > 0 ? at(levels[i - 1]!)! : own / 2;
      if (mine.median! > above + 0.05 && mine.median! > own * 1.5) ownRule.set(file.id, 'harder');
      else if (mine.median! < below - 0.05 && mine.median! < own / 1.5) ownRule.set(file.id, 'easier');
    }
    expect(listed.get(slow)).toBe('harder');
    expect(listed).toEqual(ownRule);
  });

  test('puzzlemill stats: the same figures as JSON, a table, an SVG box plot; --from/--to select by the day play began', () => {
    const file = join(dir, 'server.db');
    const json = runCli(['stats', '--db', file, '--format', 'json']);
    expect(json.stderr).toBe('');
    const report = JSON.parse(json.stdout) as { from: null; to: null; levels: Array<{ kind: string; size: number; level: number; players: number }>; puzzles: Array<{ id: string; players: number; solved: number }>; outOfLine: Array<{ id: string; plays: string }> };
    expect(report.puzzles).toHaveLength(16);
    for (const p of report.puzzles) expect(p).toMatchObject({ players: PLAYERS, solved: expected(played.filter((x) => x.puzzle === p.id)).solved });
    expect(report.levels.reduce((s, l) => s + l.players, 0)).toBe(16 * PLAYERS);
    expect(report.outOfLine.find((o) => o.id === slow)?.plays).toBe('harder');

    const table = runCli(['stats', '--db', file]);
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(/^level\s+puzzles\s+players\s+solve rate\s+median\s+quartiles\s+hints\/solve\s+typical\n/);
    expect(table.stdout).toContain('numbridge 9×9 level 1 (easy)');
    expect(table.stdout).toMatch(new RegExp(`out of line with their grade:\\n(.*\\n)*${slow}  numbridge 9×9 level 1 \\(easy\\): median .*, plays harder than medium`));

    const svgFile = join(dir, 'plot.svg');
    expect(runCli(['stats', '--db', file, '--format', 'svg', '--out', svgFile, '--lang', 'de']).code).toBe(0);
    const svg = readFileSync(svgFile, 'utf8');
    expect(svg).toMatch(/^<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg).toContain('Lösungszeit nach Stufe');
    // a box (quartiles) per level that has solves
    expect(svg.match(/<rect [^>]*stroke-width="1"/g)!.length).toBeGreaterThanOrEqual(report.levels.length);
    expect(svg).toContain('numbridge 9×9 leicht');

    const before = runCli(['stats', '--db', file, '--to', '2026-11-30']);
    expect(before.stdout).toBe('no play recorded in this window\n');
    const that = JSON.parse(runCli(['stats', '--db', file, '--from', DATE, '--to', DATE, '--format', 'json']).stdout) as { puzzles: unknown[]; from: string };
    expect(that).toMatchObject({ from: DATE });
    expect(that.puzzles).toHaveLength(16);
  });

  test('nothing is recorded without a player id, with Sec-GPC: 1 or DNT: 1; a malformed id is a 400 in one line', async () => {
    const file = puzzles[0]!;
    const players = async () => (await stats(file.id)).puzzle.players;
    const n = await players();
    expect((await send('POST', `/puzzles/${file.id}/view`, START)).json).toEqual({ recorded: false });
    expect((await send('POST', `/puzzles/${file.id}/view`, START, undefined, { 'puzzlemill-player': 'a-browser-that-opted-out', 'sec-gpc': '1' })).json).toEqual({ recorded: false });
    expect((await send('POST', `/puzzles/${file.id}/check`, START, position(file, false), { 'puzzlemill-player': 'a-browser-that-opted-out', dnt: '1' })).status).toBe(200);
    // the cached report is a minute old at most
    clock = START + 24 * 3_600_000;
    expect(await players()).toBe(n);
    const bad = await send('POST', `/puzzles/${file.id}/view`, START, undefined, { 'puzzlemill-player': 'short' });
    expect(bad).toEqual({ status: 400, json: { error: expect.stringMatching(/^headers\/puzzlemill-player must match pattern/) } });
    expect((await send('POST', '/puzzles/no-such-puzzle/view', START, undefined, { 'puzzlemill-player': 'abcdefghijklmnopqrstuvwx' })).status).toBe(404);
    expect((await send('GET', '/stats/puzzles/no-such-puzzle', START)).status).toBe(404);
  });

  test('a puzzle of a later daily set: its view and its figures are a 404, as the puzzle is', async () => {
    const later = generated('numbridge', { size: 6, blocks: 'regular' }, 1, 'later-day')[0]!;
    await store.putPuzzle({ id: later.id, kind: 'numbridge', format: later.format, size: 6, level: 1, technique: null, summary: 'later', availableFrom: '2026-12-31', file: later, player: later });
    const unknown = { status: 404, json: { error: `no puzzle with id "${later.id}"` } };
    expect(await send('GET', `/puzzles/${later.id}`, START)).toEqual(unknown);
    expect(await send('POST', `/puzzles/${later.id}/view`, START, undefined, { 'puzzlemill-player': 'abcdefghijklmnopqrstuvwx' })).toEqual(unknown);
    expect(await send('GET', `/stats/puzzles/${later.id}`, START)).toEqual(unknown);
  });

  test('a play that cannot be stored: the check and hint are answered as usual', async () => {
    const failing = { playerKey: async () => { throw new Error('database away'); }, record: async () => { throw new Error('database away'); }, plays: async () => [], prune: async () => 0 };
    const memory = openDatabase(':memory:');
    const own = new SqlitePuzzleStore(memory);
    const board = puzzles.find((f) => f.format === 'puzzlemill/numbridge-board')!;
    await own.putPuzzle({ id: board.id, kind: 'numbridge', format: board.format, size: 9, level: 1, technique: null, summary: 's', availableFrom: null, file: board, player: board });
    const server = buildServer({ db: memory, store: own, plays: { store: failing }, now: () => new Date(clock) });
    try {
      const headers = { 'content-type': 'application/json', 'puzzlemill-player': 'abcdefghijklmnopqrstuvwx' };
      expect((await server.inject({ method: 'POST', url: `/puzzles/${board.id}/check`, payload: position(board, false), headers })).json()).toMatchObject({ right: true, solved: true });
      expect((await server.inject({ method: 'POST', url: `/puzzles/${board.id}/hint`, payload: {}, headers })).statusCode).toBe(200);
      expect((await server.inject({ method: 'POST', url: `/puzzles/${board.id}/view`, headers: { 'puzzlemill-player': headers['puzzlemill-player'] } })).json()).toEqual({ recorded: false });
    } finally {
      await server.close();
      memory.close();
    }
  });

  test('the stored player is a keyed hash, never the id sent; old plays are pruned', async () => {
    const rows = db.prepare('SELECT player FROM plays').pluck().all() as string[];
    expect(rows.length).toBe(16 * PLAYERS);
    for (const r of rows) expect(r).toMatch(/^[0-9a-f]{32}$/);
    // the ids sent are in no file of the database (its write-ahead log included), nor the opted-out one
    const dump = ['server.db', 'server.db-wal'].map((f) => (existsSync(join(dir, f)) ? readFileSync(join(dir, f)).toString('latin1') : '')).join('');
    expect(dump.length).toBeGreaterThan(0);
    for (const id of [...sentIds, 'a-browser-that-opted-out']) expect(dump).not.toContain(id);
    const store = new SqlitePlayStore(db);
    const lastOfAll = START + (16 * PLAYERS) * 60_000 + 3_600_000 * 10;
    expect(await store.prune(START)).toBe(0);
    expect(await store.prune(lastOfAll)).toBe(16 * PLAYERS);
  });
});
