/**
 * The puzzle API in-process (`app.inject`): what each endpoint answers, checks and hints against
 * the stored solution, verify as a service, paging, the OpenAPI document, corpus loading (verified,
 * idempotent, tampered files refused) and bad input of every kind as a one-line 4xx.
 */
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { PuzzleFile } from '../../src/kinds/kind.ts';
import type { MurderCaseFile } from '../../src/murder/schema.ts';
import type { NumbridgeBoardFile } from '../../src/numbridge-board/schema.ts';
import { verifyCase } from '../../src/murder/verify.ts';
import { verifyBoard } from '../../src/numbridge-board/verify.ts';
import { buildServer } from '../../src/server/app.ts';
import { loadCorpus } from '../../src/server/corpus.ts';
import { openDatabase } from '../../src/server/db.ts';
import { SqlitePuzzleStore } from '../../src/server/store.ts';
import { DATE, expectOneLineError, generated, mixedPuzzles, testServer, type TestServer } from './helpers.ts';
import { dataLines } from '../helpers/data.ts';

let server: TestServer;
let files: PuzzleFile[];
const board = () => files.find((f) => f.id.startsWith('nb9r-')) as NumbridgeBoardFile;
const irregularHex = () => files.find((f) => f.id.startsWith('nb9i-')) as NumbridgeBoardFile;
const murder = () => files.find((f) => f.format === 'puzzlemill/murder-case' && (f.public as { size: number }).size === 5) as MurderCaseFile;

beforeAll(async () => {
  files = mixedPuzzles();
  server = await testServer(files, { daily: true });
});
afterAll(() => server.close());

const get = (url: string) => server.app.inject({ method: 'GET', url });
const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  server.app.inject({ method: 'POST', url, payload: payload as string, headers: { 'content-type': 'application/json', ...headers } });

describe('loading', () => {
  test('every generated file and the daily set are stored, nothing refused', () => {
    expect(server.refused).toEqual([]);
    expect(server.loaded[0]!.added).toBe(files.length);
    expect(server.loaded[1]).toMatchObject({ added: 10, dailySets: 1 });
  });

  test('loading again is idempotent by id', async () => {
    const again = await loadCorpus(server.store, join(server.dir, 'out'));
    expect(again).toEqual({ added: 0, same: files.length, refused: 0, dailySets: 0 });
    expect((await loadCorpus(server.store, join(server.dir, 'daily'))).dailySets).toBe(0);
  });

  test('a file that fails verify is refused with its reason and not served', async () => {
    const tampered = structuredClone(board());
    const row = tampered.secret!.solution[0]!;
    [row[0], row[1]] = [row[1]!, row[0]!]; // a wrong secret solution
    const dir = join(server.dir, 'tampered');
    mkdirSync(dir);
    writeFileSync(join(dir, 'bad.json'), JSON.stringify({ ...tampered, id: board().id }));
    writeFileSync(join(dir, 'player.json'), JSON.stringify({ ...generated('numbridge', { size: 6 }, 1, 'other')[0], secret: undefined }));
    const db = openDatabase(':memory:');
    const store = new SqlitePuzzleStore(db);
    const refused: string[] = [];
    const counts = await loadCorpus(store, dir, { onRefused: (l) => void refused.push(l) });
    expect(counts).toMatchObject({ added: 0, refused: 2 });
    expect(refused[0]).toMatch(/bad\.json.*FAIL.*solution/);
    expect(refused[1]).toMatch(/player\.json: refused: a player form/);
    expect(await store.getPuzzle(board().id)).toBeUndefined();
    // the same id with other content next to a stored one is refused too
    const other = await loadCorpus(server.store, dir, { onRefused: () => {} });
    expect(other.added).toBe(0);
    db.close();
  });
});

describe('a daily set whose dates disagree (review: an edited index published a later set at once)', () => {
  /** The test's daily root copied with its date folders renamed to `folder`, then `edit` applied. */
  function copy(name: string, folder: string, edit: (root: string) => void = () => {}): string {
    const root = join(server.dir, name);
    for (const side of ['secret', 'public']) cpSync(join(server.dir, 'daily', side, DATE), join(root, side, folder), { recursive: true });
    edit(root);
    return root;
  }
  const setDate = (path: string, date: string) => writeFileSync(path, JSON.stringify({ ...JSON.parse(readFileSync(path, 'utf8')), date }));

  test.each([
    ['the secret index', '2026-12-05', (root: string) => setDate(join(root, 'secret', '2026-12-05', 'index.json'), '2026-11-20'), /secret\/2026-12-05\/index\.json: refused: "date" is "2026-11-20" but the folder is "2026-12-05"$/],
    ['the folder', '2026-12-05', () => {}, /secret\/2026-12-05\/index\.json: refused: "date" is "2026-12-01" but the folder is "2026-12-05"$/],
    ['the public index', DATE, (root: string) => setDate(join(root, 'public', DATE, 'index.json'), '2026-11-20'), /public\/2026-12-01\/index\.json: refused: "date" is "2026-11-20" but the secret set is "2026-12-01"$/],
  ])('%s disagreeing is refused in one line naming the file and field; nothing is stored or served', async (name, folder, edit, reason) => {
    const root = copy(`dates-${name.replace(/ /g, '-')}`, folder, edit);
    const db = openDatabase(':memory:');
    const store = new SqlitePuzzleStore(db);
    const refused: string[] = [];
    const counts = await loadCorpus(store, root, { onRefused: (l) => void refused.push(l) });
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatch(reason);
    expect(counts).toMatchObject({ added: 0, dailySets: 0 });
    expect(await store.dailyDates()).toEqual([]);
    expect((await store.listPuzzles({ availableOn: '9999-12-31' }, { limit: 100 })).items).toEqual([]);
    db.close();
  });

  test('a set whose making was interrupted (no index yet, kill -9) is said to be incomplete, not "not a daily-index"', async () => {
    const root = copy('interrupted', DATE, (r: string) => rmSync(join(r, 'secret', DATE, 'index.json')));
    const db = openDatabase(':memory:');
    const refused: string[] = [];
    await loadCorpus(new SqlitePuzzleStore(db), root, { onRefused: (l) => void refused.push(l) });
    expect(refused).toEqual([`${join(root, 'secret', DATE, 'index.json')}: the daily set of ${DATE} is not complete (no index: its making was interrupted); \`puzzlemill daily --date ${DATE}\` finishes it`]);
    db.close();
  });
});

describe('a daily set made ahead of its day', () => {
  test('is unseen before its date: the set, its puzzles, checks, hints and the list answer as if it did not exist', async () => {
    const eve = buildServer({ db: server.db, store: server.store, now: () => new Date('2026-11-30T12:00:00') });
    const daily = JSON.parse((await get(`/daily/${DATE}`)).body) as { index: { puzzles: Array<{ id: string }> } };
    const id = daily.index.puzzles[0]!.id;
    const early = (method: 'GET' | 'POST', url: string) => eve.inject({ method, url, ...(method === 'POST' ? { payload: {} } : {}) });
    const set = await early('GET', `/daily/${DATE}`);
    expect(set.statusCode).toBe(404);
    expect(JSON.parse(set.body)).toEqual({ error: `no daily set for ${DATE}` });
    for (const [method, url] of [['GET', `/puzzles/${id}`], ['GET', `/puzzles/${id}/picture.svg`], ['POST', `/puzzles/${id}/check`], ['POST', `/puzzles/${id}/hint`]] as const) {
      const r = await early(method, url);
      expect(r.statusCode, url).toBe(404);
      expect(JSON.parse(r.body)).toEqual({ error: `no puzzle with id "${id}"` });
    }
    const listed = JSON.parse((await early('GET', '/puzzles?limit=100')).body).puzzles.map((p: { id: string }) => p.id);
    expect(listed).toHaveLength(files.length);
    for (const p of daily.index.puzzles) expect(listed).not.toContain(p.id);
    // the generate --out puzzles were public at once
    expect((await early('GET', `/puzzles/${files[0]!.id}`)).statusCode).toBe(200);
    await eve.close();
  });
});

describe('reading', () => {
  test('GET /daily/:date gives the public index and the player forms, in order; today works', async () => {
    const r = await get(`/daily/${DATE}`);
    expect(r.statusCode).toBe(200);
    const body = JSON.parse(r.body);
    expect(body.index.format).toBe('puzzlemill/daily-public-index');
    expect(body.puzzles.map((p: PuzzleFile) => p.id)).toEqual(body.index.puzzles.map((p: { id: string }) => p.id));
    for (const p of body.puzzles) expect(p.secret).toBeUndefined();
    expect((await get('/daily/today')).body).toBe(r.body);
  });

  test('GET /puzzles/:id is the player form, byte for byte what playerForm makes', async () => {
    const r = await get(`/puzzles/${board().id}`);
    expect(r.statusCode).toBe(200);
    const { secret: _, ...player } = board();
    expect(JSON.parse(r.body)).toEqual(player);
  });

  test('GET /puzzles filters by kind, size and grade, pages by page= and cursor=', async () => {
    const all = JSON.parse((await get('/puzzles?limit=100')).body);
    expect(all.puzzles.length).toBe(files.length + 10);
    expect(all.next).toBeNull();
    const ids = all.puzzles.map((p: { id: string }) => p.id);
    expect(ids).toEqual([...ids].sort());
    const murder5 = JSON.parse((await get('/puzzles?kind=murder&size=5')).body).puzzles;
    expect(murder5.length).toBeGreaterThanOrEqual(2);
    for (const p of murder5) expect(p).toMatchObject({ kind: 'murder', size: 5 });
    const easy = JSON.parse((await get('/puzzles?kind=numbridge&grade=easy')).body).puzzles;
    for (const p of easy) expect(p.level).toBe(1);
    expect(JSON.parse((await get('/puzzles?kind=numbridge&grade=1')).body).puzzles).toEqual(easy);
    // walking by cursor and by page gives the same ids
    const byCursor: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { puzzles: Array<{ id: string }>; next: string | null } = JSON.parse((await get(`/puzzles?limit=7${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`)).body);
      byCursor.push(...page.puzzles.map((p) => p.id));
      cursor = page.next;
    } while (cursor);
    expect(byCursor).toEqual(ids);
    const page2 = JSON.parse((await get('/puzzles?limit=7&page=2')).body).puzzles.map((p: { id: string }) => p.id);
    expect(page2).toEqual(ids.slice(7, 14));
  });

  test('GET /puzzles/:id/picture.svg draws the player form', async () => {
    const r = await get(`/puzzles/${murder().id}/picture.svg?lang=de`);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toMatch(/image\/svg\+xml/);
    expect(r.body).toMatch(/^<svg/);
  });

  test('/openapi.json describes every route as OpenAPI 3', async () => {
    const doc = JSON.parse((await get('/openapi.json')).body);
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/daily/{date}', '/puzzles', '/puzzles/{id}', '/puzzles/{id}/check', '/puzzles/{id}/hint', '/verify']));
    expect(doc.paths['/puzzles/{id}/check'].post.requestBody).toBeDefined();
    expect(doc.paths['/puzzles/{id}/hint'].post.responses['200']).toBeDefined();
  });
});

describe('check', () => {
  test('a full right answer is solved; each submitted cell right or wrong; nothing about the others', async () => {
    const b = board();
    const full = await post(`/puzzles/${b.id}/check`, { grid: b.secret!.solution });
    expect(JSON.parse(full.body)).toMatchObject({ right: true, solved: true });
    const wrongDigit = (b.secret!.solution[2]![3]! % 9) + 1;
    const one = JSON.parse((await post(`/puzzles/${b.id}/check`, { cells: [{ row: 2, column: 3, digit: wrongDigit }] })).body);
    expect(one).toEqual({ right: false, solved: false, cells: [{ row: 2, column: 3, digit: wrongDigit, right: false }] });
    const right = JSON.parse((await post(`/puzzles/${b.id}/check`, { cells: [{ row: 2, column: 3, digit: b.secret!.solution[2]![3] }] })).body);
    expect(right).toEqual({ right: true, solved: false, cells: [{ row: 2, column: 3, digit: b.secret!.solution[2]![3], right: true }] });
  });

  test('Murder: one person, all people, the murderer', async () => {
    const m = murder();
    const [id, at] = Object.entries(m.secret!.solution.positions)[0]!;
    expect(JSON.parse((await post(`/puzzles/${m.id}/check`, { positions: { [id]: at } })).body)).toEqual({ right: true, solved: false, people: [{ person: id, row: at[0], column: at[1], right: true }] });
    const moved: [number, number] = [at[0], (at[1] + 1) % m.public.size];
    expect(JSON.parse((await post(`/puzzles/${m.id}/check`, { positions: { [id]: moved } })).body).right).toBe(false);
    const all = JSON.parse((await post(`/puzzles/${m.id}/check`, { positions: m.secret!.solution.positions, murderer: m.secret!.solution.murderer })).body);
    expect(all).toMatchObject({ right: true, solved: true, murderer: { right: true } });
    const innocent = m.public.people.find((p) => p.id !== m.secret!.solution.murderer)!.id;
    expect(JSON.parse((await post(`/puzzles/${m.id}/check`, { murderer: innocent })).body)).toEqual({ right: false, solved: false, people: [], murderer: { person: innocent, right: false } });
  });
});

describe('hint', () => {
  test('Numbridge (regular and irregular hex): the next step places only right digits; a wrong cell is named, nothing else', async () => {
    for (const b of [board(), irregularHex()]) {
      const r = await post(`/puzzles/${b.id}/hint`, {});
      expect(r.statusCode).toBe(200);
      const { solved, step } = JSON.parse(r.body);
      expect(solved).toBe(false);
      expect(step.text.en.length).toBeGreaterThan(0);
      expect(step.text.de.length).toBeGreaterThan(0);
      expect(step.placements.length + step.eliminations.length).toBeGreaterThan(0);
      for (const [row, column, digit] of step.placements) expect(b.secret!.solution[row]![column]).toBe(digit);
      for (const [row, column, digit] of step.eliminations) expect(b.secret!.solution[row]![column]).not.toBe(digit);
      const empty = b.public.givens.flatMap((row, r) => row.flatMap((d, c) => (d === 0 ? [[r, c] as const] : [])));
      const [r1, c1] = empty[3]!;
      const [r2, c2] = empty[1]!;
      const wrong = (b.secret!.solution[r1]![c1]! % b.public.size) + 1;
      const answer = await post(`/puzzles/${b.id}/hint`, { cells: [{ row: r1, column: c1, digit: wrong }, { row: r2, column: c2, digit: b.secret!.solution[r2]![c2] }] });
      expect(answer.statusCode).toBe(409);
      expect(JSON.parse(answer.body)).toEqual({ error: `r${r1 + 1}c${c1 + 1} is wrong` });
    }
  });

  test('Numbridge: from a nearly full position the hint is the last cell; full is solved', async () => {
    const b = board();
    const grid = b.secret!.solution.map((row) => [...row]);
    const empty = b.public.givens.flatMap((row, r) => row.flatMap((d, c) => (d === 0 ? [[r, c] as const] : []))).at(-1)!;
    grid[empty[0]]![empty[1]] = 0;
    const { step } = JSON.parse((await post(`/puzzles/${b.id}/hint`, { grid })).body);
    expect(step.placements).toEqual([[empty[0], empty[1], b.secret!.solution[empty[0]]![empty[1]]]]);
    expect(JSON.parse((await post(`/puzzles/${b.id}/hint`, { grid: b.secret!.solution })).body)).toEqual({ solved: true, step: null, steps: [] });
  });

  test('Murder: a step from the position, never about what the player placed; a wrong person is named', async () => {
    for (const m of files.filter((f): f is MurderCaseFile => f.format === 'puzzlemill/murder-case')) {
      const positions = m.secret!.solution.positions;
      const ids = Object.keys(positions);
      const placed = { [ids[0]!]: positions[ids[0]!]! };
      const r = await post(`/puzzles/${m.id}/hint`, { positions: placed });
      expect(r.statusCode).toBe(200);
      const { step } = JSON.parse(r.body);
      expect(step.text.en.length).toBeGreaterThan(0);
      expect(step.placed.every((p: { person: string }) => p.person !== ids[0])).toBe(true);
      for (const p of step.placed) expect(p.cell).toEqual(positions[p.person]);
      for (const x of step.removed) for (const cell of x.cells) expect(cell).not.toEqual(positions[x.person]);
      const n = m.public.size;
      const at = positions[ids[1]!]!;
      const wrong = await post(`/puzzles/${m.id}/hint`, { positions: { ...placed, [ids[1]!]: [at[0], (at[1] + 1) % n] } });
      expect(wrong.statusCode).toBe(409);
      const person = m.public.people.find((p) => p.id === ids[1])!;
      expect(JSON.parse(wrong.body).error).toBe(`${person.name} at r${at[0] + 1}c${((at[1] + 1) % n) + 1} is wrong`);
      expect(JSON.parse((await post(`/puzzles/${m.id}/hint`, { positions })).body)).toEqual({ solved: true, step: null, steps: [] });
    }
  });
});

describe('verify', () => {
  test('a file as JSON and a line as text give the CLI report', async () => {
    const ok = JSON.parse((await post('/verify', board())).body);
    expect(ok).toMatchObject({ status: 'ok', kind: 'numbridge', problems: [] });
    expect(ok.report).toMatch(/^body: ok: numbridge 9×9 regular/);
    const line = JSON.parse((await post('/verify', '..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..', { 'content-type': 'text/plain' })).body);
    expect(line).toMatchObject({ status: 'ok', kind: 'sudoku' });
    const leaked = structuredClone(board());
    leaked.public.givens = leaked.secret!.solution;
    const fail = JSON.parse((await post('/verify', leaked)).body);
    expect(fail.status).toBe('fail');
  });

  test("the review's reproductions: a made-up secret is only \"not the puzzle's solution\"; the CLI keeps its details", async () => {
    const daily = JSON.parse((await get(`/daily/${DATE}`)).body) as { puzzles: PuzzleFile[] };
    const case9 = daily.puzzles.find((p) => p.format === 'puzzlemill/murder-case' && (p.public as { size: number }).size === 9) as MurderCaseFile;
    const ids = case9.public.people.map((p) => p.id);
    const stored = (await server.store.getPuzzle(case9.id))!.file as MurderCaseFile;
    const innocent = ids.find((id) => id !== stored.secret!.solution.murderer)!;
    const madeUp = { ...case9, secret: { solution: { positions: Object.fromEntries(ids.map((id) => [id, [0, 0]])), murderer: innocent } } };
    const answer = JSON.parse((await post('/verify', madeUp)).body);
    expect(answer.problems).toEqual(["the secret's solution is not the puzzle's solution"]);
    expect(verifyCase(madeUp).problems.some((p) => /secret places .* but the solution has \[\d, \d\]/.test(p))).toBe(true);
    const b = board();
    const ones = { ...b, secret: { solution: b.secret!.solution.map((row) => row.map(() => 1)) } };
    expect(JSON.parse((await post('/verify', ones)).body).problems).toEqual(["the secret's solution is not the puzzle's solution"]);
    expect(verifyBoard(ones).problems).toContain("secret solution is not the board's solution (first difference at r1c1)".replace('r1c1', `r1c${b.secret!.solution[0]!.findIndex((d) => d !== 1) + 1}`));
  });

  test('an undecided search within the budget is a fail, not a hang', async () => {
    const small = await testServer([], { options: { maxNodes: 1 } });
    const empty = '.'.repeat(81);
    const r = JSON.parse((await small.app.inject({ method: 'POST', url: '/verify', payload: empty, headers: { 'content-type': 'text/plain' } })).body);
    expect(r.status).toBe('fail');
    expect(r.report).toMatch(/undecided/);
    await small.close();
  });

  test('the prover is bounded too: a forum-hardest line past maxBranches fails "undecided"', async () => {
    // forum-hardest line 73: the whole ladder needs nested chains and about 11,000 branches
    const hardest = dataLines('classic/forum-hardest-1106.txt')[72]!;
    const small = await testServer([], { options: { maxBranches: 100 } });
    const r = JSON.parse((await small.app.inject({ method: 'POST', url: '/verify', payload: hardest, headers: { 'content-type': 'text/plain' } })).body);
    expect(r.status).toBe('fail');
    expect(r.problems).toEqual(['undecided: the logic prover did not finish within 100 forcing-chain branches (raise --max-branches)']);
    await small.close();
  });
});

describe('querystrings are text, so they are still converted', () => {
  test('limit=, size= and page= as numbers', async () => {
    const r = await get('/puzzles?size=6&limit=2&page=1');
    expect(r.statusCode, r.body).toBe(200);
    const body = JSON.parse(r.body) as { puzzles: Array<{ size: number }> };
    expect(body.puzzles).toHaveLength(2);
    for (const p of body.puzzles) expect(p.size).toBe(6);
    expect((await get('/puzzles?limit=x')).statusCode).toBe(400);
  });
});

describe('bad input: a one-line 4xx, never a 500', () => {
  const cases: Array<[string, () => Promise<{ statusCode: number; body: string }>, number, RegExp]> = [
    ['malformed JSON', () => post(`/puzzles/${board().id}/check`, '{"cells": [1,'), 400, /body: malformed JSON.*position/],
    ['a __proto__ key', () => post(`/puzzles/${murder().id}/check`, '{"positions":{"__proto__":{"x":1}}}'), 400, /^body: a "__proto__" key is not accepted$/],
    ['a path part over 100 characters', () => get(`/puzzles/${'x'.repeat(200)}`), 414, /^\/puzzles\/x+…: a path part longer than 100 characters$/],
    ['a bad escape in the path', () => get('/puzzles/%E0%A4%A'), 400, /not a valid url component/],
    ['empty JSON body', () => post(`/puzzles/${board().id}/check`, ''), 400, /body: empty/],
    ['wrong types', () => post(`/puzzles/${board().id}/check`, { cells: [{ row: 'a', column: 0, digit: 1 }] }), 400, /body\/cells\/0\/row/],
    ['unknown field', () => post(`/puzzles/${board().id}/check`, { solution: true }), 400, /^body: unknown field "solution"$/],
    // bodies are not coerced (review: "1" was row 1, [1] and true digit 1, null digit 0)
    ['a row as a string', () => post(`/puzzles/${board().id}/check`, { cells: [{ row: '1', column: 0, digit: 1 }] }), 400, /^body\/cells\/0\/row must be integer$/],
    ['a digit as an array', () => post(`/puzzles/${board().id}/check`, { grid: [[[1], 0, 0, 0, 0, 0, 0, 0, 0]] }), 400, /^body\/grid\/0\/0 must be integer$/],
    ['a digit as true', () => post(`/puzzles/${board().id}/check`, { cells: [{ row: 0, column: 0, digit: true }] }), 400, /^body\/cells\/0\/digit must be integer$/],
    ['a digit as null', () => post(`/puzzles/${board().id}/hint`, { grid: [[null, 0, 0, 0, 0, 0, 0, 0, 0]] }), 400, /^body\/grid\/0\/0 must be integer$/],
    ['a Murder cell as strings', () => post(`/puzzles/${murder().id}/check`, { positions: { [murder().public.people[0]!.id]: ['0', '0'] } }), 400, /must be integer$/],
    ['a cell off the board', () => post(`/puzzles/${files.find((f) => f.id.startsWith('nb6'))!.id}/check`, { cells: [{ row: 7, column: 0, digit: 1 }] }), 400, /body\/cells\/0: \[7, 0\] is off the 6×6 board/],
    ['a digit over the size', () => post(`/puzzles/${files.find((f) => f.id.startsWith('nb6'))!.id}/hint`, { cells: [{ row: 0, column: 0, digit: 8 }] }), 400, /body\/cells\/0\/digit: digit 8 exceeds size 6/],
    ['a grid of the wrong size', () => post(`/puzzles/${board().id}/check`, { grid: [[1, 2]] }), 400, /body\/grid: has 1 rows, expected 9/],
    ['Murder fields for a board', () => post(`/puzzles/${board().id}/check`, { positions: {} }), 400, /^body: unknown field "positions" \(a numbridge position has "grid", "cells", "eliminations"\)$/],
    ['board fields for a case', () => post(`/puzzles/${murder().id}/hint`, { cells: [] }), 400, /^body: unknown field "cells" \(a murder position has "positions", "murderer", "removed"\)$/],
    ['not an object', () => post(`/puzzles/${murder().id}/check`, [1]), 400, /^body must be object$/],
    ['an unknown person', () => post(`/puzzles/${murder().id}/check`, { positions: { nobody: [0, 0] } }), 400, /^body\/positions\/nobody: unknown person "nobody" \(the case's people: "[a-z0-9-]+"(, "[a-z0-9-]+")+\)$/],
    ['an unknown accused', () => post(`/puzzles/${murder().id}/check`, { murderer: 'nobody' }), 400, /^body\/murderer: unknown person "nobody" \(the case's people: "[a-z0-9-]+"(, "[a-z0-9-]+")+\)$/],
    ['an unknown person ruled out', () => post(`/puzzles/${murder().id}/hint`, { removed: [{ person: 'nobody', cells: [] }] }), 400, /^body\/removed\/0\/person: unknown person "nobody" \(the case's people: /],
    ['a language of none', () => get(`/puzzles/${board().id}/picture.svg?lang=fr`), 400, /^querystring\/lang must be one of "en", "de" \(not "fr"\)$/],
    ['huge body', () => post(`/puzzles/${board().id}/check`, JSON.stringify({ cells: [] }) + ' '.repeat(300_000)), 413, /larger than the limit/],
    ['unknown id', () => post('/puzzles/nb9r-0000000000000000/check', {}), 404, /no puzzle with id "nb9r-0000000000000000"/],
    ['unknown id (GET)', () => get('/puzzles/nope'), 404, /no puzzle/],
    ['bad date', () => get('/daily/2026-02-30'), 400, /params\/date: "2026-02-30" is not a date/],
    ['date without a set', () => get('/daily/2020-01-01'), 404, /no daily set for 2020-01-01/],
    ['bad query', () => get('/puzzles?size=12'), 400, /querystring\/size/],
    ['bad grade', () => get('/puzzles?grade=impossible'), 400, /querystring\/grade/],
    ['a kind of none', () => get('/puzzles?kind=sudoku'), 400, /^querystring\/kind must be one of "numbridge", "murder"(, "[a-z-]+")* \(not "sudoku"\)$/],
    ['a level name of another kind', () => get('/puzzles?kind=murder&grade=fiendish'), 400, /^querystring\/grade: "fiendish" is no level of murder 1\.\.3 or name \(easy, medium, hard\)$/],
    ['no body', () => server.app.inject({ method: 'POST', url: `/puzzles/${board().id}/check` }), 400, /^body must be object$/],
    ['a null body', () => post(`/puzzles/${murder().id}/hint`, 'null'), 400, /^body must be object$/],
    ['a bad body for an unknown id: the id first', () => post('/puzzles/nb9r-0000000000000000/check', { cells: 'x' }), 404, /no puzzle with id/],
    ['page and cursor', () => get('/puzzles?page=2&cursor=x'), 400, /page= or cursor=/],
    ['unknown route', () => get('/nowhere?x=1'), 404, /no route GET \/nowhere$/],
    ['unknown method', () => server.app.inject({ method: 'DELETE', url: '/puzzles' }), 404, /no route DELETE/],
    ['wrong content type', () => post(`/puzzles/${board().id}/check`, 'x', { 'content-type': 'application/xml' }), 415, /./],
    ['verify: not a puzzle', () => post('/verify', { format: 'puzzlemill/numbridge-board', version: 1 }), 400, /body .*bad input/],
    ['verify: two lines', () => post('/verify', 'a\nb', { 'content-type': 'text/plain' }), 400, /expected one line-format puzzle, got 2 lines/],
    ['verify: a bad line', () => post('/verify', '12x', { 'content-type': 'text/plain' }), 400, /bad input/],
    ['verify: JSON nested deep', () => post('/verify', '['.repeat(5000) + ']'.repeat(5000)), 400, /./],
    ['verify: huge body', () => post('/verify', 'x'.repeat(300_000), { 'content-type': 'text/plain' }), 413, /body: larger than the limit of 262144 bytes/],
    ['verify: not an object', () => post('/verify', '42'), 400, /expected a puzzle object/],
  ];
  test.each(cases)('%s', async (_name, send, status, message) => {
    const r = await send();
    expect(r.statusCode).toBe(status);
    expect(expectOneLineError(r)).toMatch(message);
    expect((await get(`/daily/${DATE}`)).statusCode).toBe(200); // still serving
  });
});
