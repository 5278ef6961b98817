/**
 * Over every endpoint and many generated puzzles (Numbridge of every size and block shape, Murder
 * cases, a real daily set): no response ever carries a secret — no solution grid or digit string,
 * no Murder solution map or murderer, no seed, no `secret` field — and checks and hints say exactly
 * what was asked: one verdict per submitted item, right iff it is the solution's; a hint either
 * names the first wrong item or gives a step whose placements and eliminations agree with the
 * solution. `POST /verify` of stored puzzles with made-up, mutated and random secrets and with clues
 * or givens removed words its problems without any cell, position or murderer of the true
 * solution. Random bodies, paths and queries get a one-line 4xx or a 200, never a 500, and the
 * server keeps serving.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { PuzzleFile } from '../../src/kinds/kind.ts';
import type { MurderCaseFile } from '../../src/murder/schema.ts';
import type { NumbridgeBoardFile } from '../../src/numbridge-board/schema.ts';
import { DATE, expectOneLineError, mixedPuzzles, testServer, type TestServer } from './helpers.ts';

let server: TestServer;
let puzzles: PuzzleFile[];
/** Per puzzle id, strings that must never appear in any response. */
const secretsOf = new Map<string, string[]>();
let allSecrets: string[] = [];

beforeAll(async () => {
  const files = [...mixedPuzzles('server-tests'), ...mixedPuzzles('secrets-property')];
  server = await testServer(files, { daily: true });
  // the daily set's full files, as stored
  const ids = (await server.store.listPuzzles({ availableOn: '9999-12-31' }, { limit: 1000 })).items.map((p) => p.id);
  puzzles = await Promise.all(ids.map(async (id) => (await server.store.getPuzzle(id))!.file));
  for (const p of puzzles) {
    const secret = p.secret as { seed?: string; solution: number[][] | { positions: Record<string, [number, number]>; murderer: string } };
    const atoms: string[] = [];
    if (secret.seed) atoms.push(secret.seed);
    if (Array.isArray(secret.solution)) atoms.push(JSON.stringify(secret.solution), secret.solution.flat().join(''));
    else atoms.push(JSON.stringify(secret.solution.positions), `"murderer":"${secret.solution.murderer}"`);
    secretsOf.set(p.id, atoms);
  }
  allSecrets = [...secretsOf.values()].flat();
  expect(puzzles.length).toBeGreaterThanOrEqual(40);
}, 120_000);
afterAll(() => server.close());

/** `url`'s answer: no secret value; no `secret` field either, except in /openapi.json, which describes the files of POST /verify (their `secret` is a schema there, not a value). */
function expectNoSecret(body: string, url?: string): void {
  if (url !== '/openapi.json') expect(body).not.toMatch(/"secret"/);
  for (const atom of allSecrets) if (body.includes(atom)) throw new Error(`a response carries a secret (${atom.slice(0, 40)}): ${body.slice(0, 200)}`);
}

const boards = () => puzzles.filter((p): p is NumbridgeBoardFile => p.format === 'puzzlemill/numbridge-board');
const cases = () => puzzles.filter((p): p is MurderCaseFile => p.format === 'puzzlemill/murder-case');

const post = (url: string, payload: unknown) => server.app.inject({ method: 'POST', url, payload: payload as object, headers: { 'content-type': 'application/json' } });

describe('no response carries a secret', () => {
  test('the reading endpoints, for every puzzle', async () => {
    const urls = [`/daily/${DATE}`, '/daily/today', '/puzzles?limit=100', '/openapi.json', '/demo', ...puzzles.flatMap((p) => [`/puzzles/${p.id}`, `/puzzles/${p.id}/picture.svg`, `/puzzles/${p.id}/picture.svg?lang=de`])];
    for (const url of urls) {
      const r = await server.app.inject({ method: 'GET', url });
      expect(r.statusCode, url).toBe(200);
      expectNoSecret(r.body, url);
    }
    for (const p of puzzles) {
      const { secret: _, ...player } = p;
      expectNoSecret((await post('/verify', player)).body);
    }
  });

  test('Numbridge checks and hints from random positions', async () => {
    const positions = fc
      .integer({ min: 0, max: 1_000_000 })
      .chain((pick) => {
        const b = boards()[pick % boards().length]!;
        const n = b.public.size;
        const cell = fc.record({ row: fc.integer({ min: 0, max: n - 1 }), column: fc.integer({ min: 0, max: n - 1 }), wrong: fc.boolean(), digit: fc.integer({ min: 1, max: n }) });
        return fc.record({ b: fc.constant(b), cells: fc.uniqueArray(cell, { maxLength: n * n, selector: (c) => c.row * n + c.column }), rightOnly: fc.boolean() });
      });
    await fc.assert(
      fc.asyncProperty(positions, async ({ b, cells, rightOnly }) => {
        const solution = b.secret!.solution;
        const submitted = cells.map((c) => ({ row: c.row, column: c.column, digit: rightOnly || !c.wrong ? solution[c.row]![c.column]! : c.digit }));
        const check = await post(`/puzzles/${b.id}/check`, { cells: submitted });
        expect(check.statusCode).toBe(200);
        expectNoSecret(check.body);
        const verdict = JSON.parse(check.body);
        expect(verdict.cells).toEqual(submitted.map((c) => ({ ...c, right: solution[c.row]![c.column] === c.digit })));
        const hint = await post(`/puzzles/${b.id}/hint`, { cells: submitted });
        expectNoSecret(hint.body);
        const n = b.public.size;
        const wrong = submitted.filter((c) => solution[c.row]![c.column] !== c.digit).sort((x, y) => x.row * n + x.column - (y.row * n + y.column));
        if (wrong.length > 0) {
          expect(hint.statusCode).toBe(409);
          expect(JSON.parse(hint.body).error).toBe(`r${wrong[0]!.row + 1}c${wrong[0]!.column + 1} is wrong`);
        } else {
          expect(hint.statusCode).toBe(200);
          const { step, solved } = JSON.parse(hint.body);
          if (!solved) {
            expect(step).not.toBeNull();
            for (const [r, c, d] of step.placements) expect(solution[r]![c]).toBe(d);
            for (const [r, c, d] of step.eliminations) expect(solution[r]![c]).not.toBe(d);
          }
        }
      }),
      { numRuns: 150, seed: 1401 },
    );
  });

  test('Murder checks and hints from random positions', async () => {
    const positions = fc.integer({ min: 0, max: 1_000_000 }).chain((pick) => {
      const m = cases()[pick % cases().length]!;
      const n = m.public.size;
      const ids = m.public.people.map((p) => p.id);
      return fc.record({
        m: fc.constant(m),
        placed: fc.subarray(ids),
        moves: fc.array(fc.tuple(fc.integer({ min: 0, max: n - 1 }), fc.integer({ min: 0, max: n - 1 })), { minLength: n, maxLength: n }),
        wrong: fc.boolean(),
        accuse: fc.option(fc.constantFrom(...ids)),
      });
    });
    await fc.assert(
      fc.asyncProperty(positions, async ({ m, placed, moves, wrong, accuse }) => {
        const solution = m.secret!.solution;
        const position = Object.fromEntries(placed.map((id, i) => [id, wrong ? moves[i]! : solution.positions[id]!]));
        const check = await post(`/puzzles/${m.id}/check`, { positions: position, ...(accuse ? { murderer: accuse } : {}) });
        expect(check.statusCode).toBe(200);
        expectNoSecret(check.body);
        const verdict = JSON.parse(check.body);
        expect(verdict.people.map((p: { person: string }) => p.person)).toEqual(placed);
        for (const p of verdict.people) expect(p.right).toBe(JSON.stringify([p.row, p.column]) === JSON.stringify(solution.positions[p.person]));
        expect(verdict.murderer === undefined).toBe(!accuse);
        const hint = await post(`/puzzles/${m.id}/hint`, { positions: position });
        expectNoSecret(hint.body);
        const anyWrong = placed.some((id) => JSON.stringify(position[id]) !== JSON.stringify(solution.positions[id]));
        expect(hint.statusCode).toBe(anyWrong ? 409 : 200);
        if (!anyWrong) {
          const { step, solved } = JSON.parse(hint.body);
          expect(solved).toBe(placed.length === m.public.size);
          if (!solved) {
            expect(step).not.toBeNull();
            for (const p of step.placed) expect(p.cell).toEqual(solution.positions[p.person]);
            for (const x of step.removed) for (const cell of x.cells) expect(cell).not.toEqual(solution.positions[x.person]);
          }
        }
      }),
      { numRuns: 150, seed: 1402 },
    );
  });
});

interface Rng {
  nextInt(lo: number, hi: number): number;
}
/** A small fixed-seed generator (mulberry32) for the variants. */
function seededRng(seed: number): Rng {
  let a = seed >>> 0;
  return {
    nextInt(lo, hi) {
      a = (a + 0x6d2b79f5) >>> 0;
      let t = a;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return lo + Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * (hi - lo + 1));
    },
  };
}

describe('POST /verify tells nothing of the true solution (made-up, mutated secrets; clue-removed variants)', () => {
  /** Variants of a stored file anyone could send: a made-up secret, a mutated one, fewer clues. */
  function variants(p: PuzzleFile, rng: Rng): unknown[] {
    const copy = () => JSON.parse(JSON.stringify(p)) as Record<string, any>;
    const out: unknown[] = [];
    if (p.format === 'puzzlemill/numbridge-board') {
      const n = (p as NumbridgeBoardFile).public.size;
      const ones = copy();
      ones.secret.solution = Array.from({ length: n }, () => Array(n).fill(1));
      out.push(ones);
      const mutated = copy();
      const r = rng.nextInt(0, n - 1), c = rng.nextInt(0, n - 1);
      mutated.secret.solution[r][c] = (mutated.secret.solution[r][c] % n) + 1;
      out.push(mutated);
      for (let k = 0; k < 3; k++) {
        const fewer = copy(); // a given removed: typically several solutions
        const givens = fewer.public.givens as number[][];
        const at = givens.flat().map((d, i) => (d ? i : -1)).filter((i) => i >= 0);
        for (let drop = 0; drop < 1 + k * 3; drop++) {
          const i = at[rng.nextInt(0, at.length - 1)]!;
          givens[Math.floor(i / n)]![i % n] = 0;
        }
        out.push(fewer);
      }
    } else {
      const m = p as MurderCaseFile;
      const ids = m.public.people.map((x) => x.id);
      const madeUp = copy();
      madeUp.secret.solution = { positions: Object.fromEntries(ids.map((id) => [id, [0, 0]])), murderer: ids.find((id) => id !== m.secret!.solution.murderer) };
      out.push(madeUp);
      const swapped = copy();
      const [a, b] = [ids[0]!, ids[1]!];
      [swapped.secret.solution.positions[a], swapped.secret.solution.positions[b]] = [swapped.secret.solution.positions[b], swapped.secret.solution.positions[a]];
      out.push(swapped);
      for (let k = 0; k < 3; k++) {
        const fewer = k === 2 ? madeUp : copy(); // a clue removed, with the true secret or a made-up one
        const withClues = (fewer.public.people as Array<{ clues: unknown[] }>).filter((x) => x.clues.length > 0);
        const person = withClues[rng.nextInt(0, withClues.length - 1)]!;
        person.clues.splice(rng.nextInt(0, person.clues.length - 1), 1);
        out.push(k === 2 ? JSON.parse(JSON.stringify(fewer)) : fewer);
      }
    }
    return out;
  }

  /** The report's lines carry no cell, position or murderer of the true solution. */
  function expectConcealed(p: PuzzleFile, problems: string[], report: string): void {
    for (const line of [...problems, report]) {
      expect(line).not.toMatch(/first difference|solution has|the solution's is|proof ends with/);
      if (p.format === 'puzzlemill/numbridge-board') expect(line).not.toMatch(/\br\d+c\d+\b/);
      else {
        const m = p as MurderCaseFile;
        for (const [id, [row, column]] of Object.entries(m.secret!.solution.positions)) expect(line).not.toContain(`${id} at [${row}, ${column}]`);
        expect(line).not.toMatch(/\[\d+, \d+\]/);
      }
    }
    if (p.format === 'puzzlemill/murder-case') {
      const m = p as MurderCaseFile;
      const murderer = m.public.people.find((x) => x.id === m.secret!.solution.murderer)!;
      // clue-text problems quote the (public) clue sentences, which may name anyone
      for (const problem of problems) if (!problem.startsWith('/public/people/')) expect(problem.toLowerCase()).not.toContain(murderer.name.toLowerCase());
    }
  }

  test('random made-up secrets', async () => {
    const secrets = fc.integer({ min: 0, max: 1_000_000 }).chain((pick): fc.Arbitrary<{ p: PuzzleFile; secret: { solution: unknown } }> => {
      const p = puzzles[pick % puzzles.length]!;
      if (p.format === 'puzzlemill/numbridge-board') {
        const n = (p as NumbridgeBoardFile).public.size;
        return fc.record({ p: fc.constant(p), secret: fc.array(fc.array(fc.integer({ min: 1, max: n }), { minLength: n, maxLength: n }), { minLength: n, maxLength: n }).map((solution) => ({ solution })) });
      }
      const m = p as MurderCaseFile;
      const n = m.public.size;
      const ids = m.public.people.map((x) => x.id);
      const cell = fc.tuple(fc.integer({ min: 0, max: n - 1 }), fc.integer({ min: 0, max: n - 1 }));
      return fc.record({ p: fc.constant(p), secret: fc.record({ positions: fc.record(Object.fromEntries(ids.map((id) => [id, cell]))), murderer: fc.constantFrom(...ids) }).map((solution) => ({ solution })) });
    });
    await fc.assert(
      fc.asyncProperty(secrets, async ({ p, secret }) => {
        const r = await post('/verify', { ...p, secret });
        expectNoSecret(r.body);
        // a secret the reader refuses on its face (the victim named as murderer …) is a 400
        expect(r.statusCode, r.body).toBe(r.statusCode === 400 ? 400 : 200);
        const { problems, report } = r.statusCode === 400 ? { problems: [], report: JSON.parse(r.body).error as string } : (JSON.parse(r.body) as { problems: string[]; report: string });
        expectConcealed(p, problems, report);
      }),
      { numRuns: 60, seed: 1406 },
    );
  }, 300_000);

  test('no problem names a solution cell, position or murderer', async () => {
    const rng = seededRng(1405);
    let failing = 0;
    for (const p of puzzles) {
      for (const file of variants(p, rng)) {
        const r = await post('/verify', file);
        expectNoSecret(r.body);
        // a variant the reader refuses (a clue list left too short …) is a 400 with the report line
        expect(r.statusCode, r.body).toBe(r.statusCode === 400 ? 400 : 200);
        const { problems, report } = r.statusCode === 400 ? { problems: [], report: JSON.parse(r.body).error as string } : (JSON.parse(r.body) as { problems: string[]; report: string });
        if (problems.length > 0) failing++;
        expectConcealed(p, problems, report);
      }
    }
    expect(failing).toBeGreaterThan(puzzles.length * 2); // the variants really fail, so the words were tested
  }, 300_000);
});

describe('random input never gets a 500', () => {
  test('bodies, paths and queries', async () => {
    const target = fc.oneof(
      fc.constantFrom(...['/verify', ...puzzles.slice(0, 6).flatMap((p) => [`/puzzles/${p.id}/check`, `/puzzles/${p.id}/hint`])]),
      fc.string({ maxLength: 30 }).map((s) => `/puzzles/${encodeURIComponent(s)}/check`),
    );
    const body = fc.oneof(
      fc.json({ maxDepth: 4 }),
      fc.string({ maxLength: 200 }),
      fc.record({ cells: fc.array(fc.record({ row: fc.integer({ min: -2, max: 12 }), column: fc.integer({ min: -2, max: 12 }), digit: fc.integer({ min: -1, max: 12 }) }), { maxLength: 5 }) }).map((v) => JSON.stringify(v)),
      fc.record({ grid: fc.array(fc.array(fc.integer({ min: -1, max: 10 }), { maxLength: 10 }), { maxLength: 10 }) }).map((v) => JSON.stringify(v)),
      fc.record({ positions: fc.dictionary(fc.string({ maxLength: 8 }), fc.array(fc.integer({ min: -1, max: 10 }), { maxLength: 3 })) }).map((v) => JSON.stringify(v)),
    );
    const contentType = fc.constantFrom('application/json', 'text/plain', 'application/octet-stream');
    await fc.assert(
      fc.asyncProperty(target, body, contentType, async (url, payload, type) => {
        const r = await server.app.inject({ method: 'POST', url, payload, headers: { 'content-type': type } });
        expect(r.statusCode).toBeLessThan(500);
        if (r.statusCode >= 400) expectOneLineError(r);
        expectNoSecret(r.body);
      }),
      { numRuns: 400, seed: 1403 },
    );
    const query = fc.dictionary(fc.constantFrom('kind', 'size', 'grade', 'page', 'cursor', 'limit', 'other'), fc.string({ maxLength: 12 }));
    const path = fc.oneof(fc.constant('/puzzles'), fc.string({ maxLength: 20 }).map((s) => `/daily/${encodeURIComponent(s)}`), fc.string({ maxLength: 20 }).map((s) => `/${encodeURIComponent(s)}`));
    await fc.assert(
      fc.asyncProperty(path, query, async (p, q) => {
        const r = await server.app.inject({ method: 'GET', url: p + '?' + new URLSearchParams(q).toString() });
        expect(r.statusCode).toBeLessThan(500);
        if (r.statusCode >= 400) expectOneLineError(r);
        expectNoSecret(r.body);
      }),
      { numRuns: 300, seed: 1404 },
    );
    expect((await server.app.inject({ method: 'GET', url: `/daily/${DATE}` })).statusCode).toBe(200);
  });
});
