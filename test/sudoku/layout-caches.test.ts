/**
 * The caches that keep irregular lines cheap (checked block maps by text, solvers per geometry,
 * scratch memory shared by every layout of a size) must never let one board's layout or state
 * leak into another's answer.
 */
import { describe, expect, test } from 'vitest';
import { Rng } from '../../src/core/rng.ts';
import { IRREGULAR_FILL, randomSolution } from '../../src/numbridge-board/fill.ts';
import { randomLayout } from '../../src/numbridge-board/layouts.ts';
import { geometryFor } from '../../src/sudoku/geometry.ts';
import { boardLine, parseLine, readLine } from '../../src/sudoku/line-format.ts';
import { regularRegions } from '../../src/sudoku/regions.ts';
import { LayoutSolver, solve, solverFor } from '../../src/sudoku/solver.ts';
import type { Board } from '../../src/sudoku/types.ts';

/** Irregular boards of `size` with a layout of their own each, `keep` givens from a random grid. */
function irregularBoards(size: number, count: number, keep: number): Board[] {
  const boards: Board[] = [];
  for (let seed = 0; boards.length < count; seed++) {
    const rng = new Rng('layout-caches', size, seed);
    const regions = randomLayout(size, rng);
    const grid = randomSolution(geometryFor(size, regions), rng, IRREGULAR_FILL);
    if (!grid) continue;
    const cells = rng.shuffle(Array.from({ length: size * size }, (_, i) => i)).slice(0, keep);
    const givens = new Uint8Array(size * size);
    for (const c of cells) givens[c] = grid[c]!;
    boards.push({ size, regions, givens });
  }
  return boards;
}

describe('block maps read once, by text', () => {
  test('a line read twice gives equal boards whose block arrays are the reader\'s own copies', () => {
    const [board] = irregularBoards(9, 1, 28);
    const line = boardLine(board!);
    const a = parseLine(line);
    a.regions[0] = (a.regions[0]! + 1) % 9; // a caller editing its board must not edit the cache
    const b = parseLine(line);
    expect(Array.from(b.regions)).toEqual(Array.from(board!.regions));
    expect(b.regions).not.toBe(a.regions);
  });

  test('a bad block map is refused every time, however often a good one was read', () => {
    const [board] = irregularBoards(6, 1, 12);
    const line = boardLine(board!);
    parseLine(line);
    const map = line.split(':')[1]!;
    const broken = line.split(':')[0] + ':' + map.slice(0, 35) + map[0]; // one block 7 cells, another 5
    expect(() => readLine(broken)).toThrow(/block .* has \d+ cells, expected 6/);
    expect(() => readLine(broken)).toThrow(/block .* has \d+ cells, expected 6/);
  });
});

describe('solvers per layout, scratch per size', () => {
  test('answers do not depend on which layouts, of which sizes, were solved before', () => {
    const boards = [...irregularBoards(9, 12, 26), ...irregularBoards(6, 6, 14), ...irregularBoards(8, 4, 30)];
    const alone = boards.map((b) => {
      const r = new LayoutSolver(geometryFor(b.size, b.regions)).solve(b.givens, { limit: 2 });
      return `${r.count}:${r.solution?.join('')}:${r.nodes}`;
    });
    // interleaved: every board after a board of another layout (and often another size)
    const order = boards.map((_, i) => (i * 7) % boards.length);
    for (const i of order) {
      const b = boards[i]!;
      solve({ size: 9, regions: regularRegions(9), givens: new Uint8Array(81) }, { limit: 2, maxNodes: 50 });
      const r = solve(b, { limit: 2 });
      expect(`${r.count}:${r.solution?.join('')}:${r.nodes}`).toBe(alone[i]);
    }
  });

  test('one solver per geometry', () => {
    const [board] = irregularBoards(9, 1, 26);
    expect(solverFor(geometryFor(9, board!.regions))).toBe(solverFor(geometryFor(9, board!.regions.slice())));
  });
});
