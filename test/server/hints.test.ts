/**
 * Following hints: a frontend that starts from the givens and applies each hint's steps (places
 * what they place, keeps what they eliminate as pencil marks) reaches the solution, and never gets
 * a step it was given before — also after a step that only removes candidates (the review found
 * the same "Naked pair" / "Oliver: … rules out 8 cells" coming back forever). A hint never concerns
 * a placed person or a placed digit's cell.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { PuzzleFile } from '../../src/kinds/kind.ts';
import type { MurderCaseFile, ProofStep as MurderStep } from '../../src/murder/schema.ts';
import type { NumbridgeBoardFile } from '../../src/numbridge-board/schema.ts';
import type { ProofStep as NumbridgeStep } from '../../src/sudoku/logic/step-schema.ts';
import { generated, mixedPuzzles, testServer, type TestServer } from './helpers.ts';

let server: TestServer;
let puzzles: PuzzleFile[];

beforeAll(async () => {
  // grade 3 boards: their proofs have elimination-only steps (pairs, fish) between placements
  const files = [...mixedPuzzles('hints'), ...generated('numbridge', { size: 9, blocks: 'regular', grade: 3 }, 1, 'hints'), ...generated('numbridge', { size: 9, blocks: 'irregular', grade: 3 }, 1, 'hints')];
  server = await testServer(files, { daily: true });
  const ids = (await server.store.listPuzzles({ availableOn: '9999-12-31' }, { limit: 1000 })).items.map((p) => p.id);
  puzzles = await Promise.all(ids.map(async (id) => (await server.store.getPuzzle(id))!.file));
}, 180_000);
afterAll(() => server.close());

const hint = async (id: string, position: object) => {
  const r = await server.app.inject({ method: 'POST', url: `/puzzles/${id}/hint`, payload: position, headers: { 'content-type': 'application/json' } });
  expect(r.statusCode, r.body).toBe(200);
  return JSON.parse(r.body) as { solved: boolean; step: unknown; steps: Array<NumbridgeStep & MurderStep> };
};

describe('following hints from the givens reaches the solution, with no repeat', () => {
  test('Numbridge: regular and irregular, 9×9, 6×6 and the other sizes', async () => {
    const boards = puzzles.filter((p): p is NumbridgeBoardFile => p.format === 'puzzlemill/numbridge-board');
    const shapes = new Set(boards.map((b) => `${b.public.size} ${b.public.blockShape}`));
    for (const shape of ['9 regular', '9 irregular', '6 regular', '6 irregular']) expect(shapes).toContain(shape);
    let eliminationOnly = 0;
    for (const b of boards) {
      const n = b.public.size;
      const solution = b.secret!.solution;
      const cells: Array<{ row: number; column: number; digit: number }> = [];
      const eliminations: Array<[number, number, number]> = [];
      const seen = new Set<string>();
      for (let round = 0; ; round++) {
        expect(round, b.id).toBeLessThanOrEqual(n * n);
        const answer = await hint(b.id, { cells, eliminations });
        if (answer.solved) break;
        expect(answer.steps.length, b.id).toBeGreaterThan(0);
        expect(answer.step).toEqual(answer.steps[0]);
        expect(answer.steps.at(-1)!.placements.length).toBeGreaterThan(0);
        const placedCells = new Set(cells.map((c) => c.row * n + c.column));
        for (const step of answer.steps) {
          const key = JSON.stringify(step);
          expect(seen.has(key), `${b.id}: a step came back: ${step.text.en}`).toBe(false);
          seen.add(key);
          if (step.placements.length === 0) eliminationOnly++;
          for (const [r, c, d] of step.placements) {
            expect(solution[r]![c]).toBe(d);
            expect(placedCells.has(r * n + c)).toBe(false);
            cells.push({ row: r, column: c, digit: d });
          }
          for (const [r, c, d] of step.eliminations) {
            expect(solution[r]![c]).not.toBe(d);
            expect(placedCells.has(r * n + c)).toBe(false);
            eliminations.push([r, c, d]);
          }
        }
      }
      const grid = b.public.givens.map((row) => [...row]);
      for (const c of cells) grid[c.row]![c.column] = c.digit;
      expect(grid, b.id).toEqual(solution);
    }
    expect(eliminationOnly).toBeGreaterThan(0); // the case the review found stuck was exercised
  }, 240_000);

  test('Murder: 4×4 to 9×9 cases', async () => {
    const cases = puzzles.filter((p): p is MurderCaseFile => p.format === 'puzzlemill/murder-case');
    expect(new Set(cases.map((m) => m.public.size))).toEqual(new Set([4, 5, 6, 7, 8, 9]));
    let removalOnly = 0;
    for (const m of cases) {
      const solution = m.secret!.solution.positions;
      const positions: Record<string, [number, number]> = {};
      const removed: Array<{ person: string; cells: Array<[number, number]> }> = [];
      const seen = new Set<string>();
      for (let round = 0; ; round++) {
        expect(round, m.id).toBeLessThanOrEqual(m.public.size);
        const answer = await hint(m.id, { positions, removed });
        if (answer.solved) break;
        expect(answer.steps.length, m.id).toBeGreaterThan(0);
        expect(answer.steps.at(-1)!.placed.length).toBeGreaterThan(0);
        const before = new Set(Object.keys(positions));
        for (const step of answer.steps) {
          const key = JSON.stringify(step);
          expect(seen.has(key), `${m.id}: a step came back: ${step.text.en}`).toBe(false);
          seen.add(key);
          if (step.placed.length === 0) removalOnly++;
          for (const p of step.placed) {
            expect(p.cell).toEqual(solution[p.person]);
            expect(before.has(p.person), `${m.id}: a hint about placed ${p.person}`).toBe(false);
            positions[p.person] = p.cell;
          }
          for (const x of step.removed) {
            expect(before.has(x.person), `${m.id}: a hint about placed ${x.person}`).toBe(false);
            for (const cell of x.cells) expect(cell).not.toEqual(solution[x.person]);
            removed.push(x);
          }
        }
      }
      expect(positions, m.id).toEqual(solution);
    }
    expect(removalOnly).toBeGreaterThan(0);
  }, 240_000);
});

describe('a hint never concerns what the player placed', () => {
  test('Murder: a person placed at the start gets no step of their own clues', async () => {
    for (const m of puzzles.filter((p): p is MurderCaseFile => p.format === 'puzzlemill/murder-case')) {
      for (const [id, cell] of Object.entries(m.secret!.solution.positions)) {
        const { steps } = await hint(m.id, { positions: { [id]: cell } });
        for (const step of steps) {
          expect(step.placed.map((p) => p.person), `${m.id} ${id}: ${step.text.en}`).not.toContain(id);
          expect(step.removed.map((x) => x.person), `${m.id} ${id}: ${step.text.en}`).not.toContain(id);
        }
      }
    }
  }, 120_000);

  test('wrong pencil marks are named by cell or person, not by the right digit or cell', async () => {
    const b = puzzles.find((p): p is NumbridgeBoardFile => p.format === 'puzzlemill/numbridge-board')!;
    const [r, c] = b.public.givens.flatMap((row, i) => row.flatMap((d, j) => (d === 0 ? [[i, j] as const] : [])))[0]!;
    const right = b.secret!.solution[r]![c]!;
    const answer = await server.app.inject({ method: 'POST', url: `/puzzles/${b.id}/hint`, payload: { eliminations: [[r, c, right]] } });
    expect(answer.statusCode).toBe(409);
    expect(JSON.parse(answer.body)).toEqual({ error: `r${r + 1}c${c + 1}: a removed candidate is wrong` });
    const m = puzzles.find((p): p is MurderCaseFile => p.format === 'puzzlemill/murder-case')!;
    const person = m.public.people[0]!;
    const wrong = await server.app.inject({ method: 'POST', url: `/puzzles/${m.id}/hint`, payload: { removed: [{ person: person.id, cells: [m.secret!.solution.positions[person.id]] }] } });
    expect(wrong.statusCode).toBe(409);
    expect(JSON.parse(wrong.body)).toEqual({ error: `${person.name}: a ruled-out cell is wrong` });
  });
});
