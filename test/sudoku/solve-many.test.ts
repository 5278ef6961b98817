import { describe, expect, test } from 'vitest';
import { solve as solveInput, solveMany as solveInputs } from '../../src/browser.ts';
import { InputError } from '../../src/core/errors.ts';
import { Rng } from '../../src/core/rng.ts';
import { parseLine } from '../../src/sudoku/line-format.ts';
import { regularRegions } from '../../src/sudoku/regions.ts';
import { solve, solveMany } from '../../src/sudoku/solver.ts';
import type { Board } from '../../src/sudoku/types.ts';
import { dataLines } from '../helpers/data.ts';

describe('solveMany', () => {
  test('gives what solve gives, board by board, on a mix of layouts and counts', () => {
    const lines = [
      ...dataLines('oracles/solution-counts.txt').map((l) => l.split(':')[0]!),
      ...dataLines('classic/top1465.txt').slice(0, 30),
    ];
    const boards: Board[] = lines.map(parseLine);
    // layouts change between consecutive boards: the solver cache must follow them
    const sixBySix = solve({ size: 6, regions: regularRegions(6), givens: new Uint8Array(36) }, { rng: new Rng('fill', 1) }).solution!;
    boards.splice(5, 0, { size: 6, regions: regularRegions(6), givens: Uint8Array.from(sixBySix, (d, i) => (i % 3 ? d : 0)) });
    const batch = solveMany(boards, { limit: 2 });
    expect(batch.map((r) => r.count)).toEqual(boards.map((b) => solve(b, { limit: 2 }).count));
    expect(batch.map((r) => r.solution?.join(''))).toEqual(boards.map((b) => solve(b, { limit: 2 }).solution?.join('')));
    expect(solveInputs(lines, { limit: 2 }).map((r) => r.count)).toEqual(lines.map((l) => solveInput(l, { limit: 2 }).count));
  });

  test('a regions array changed in place between calls is not mistaken for the last layout', () => {
    const regions = regularRegions(4).slice();
    const givens = new Uint8Array(16);
    givens.set([1, 2, 3, 4], 0);
    expect(solve({ size: 4, regions, givens }, { limit: 10 }).count).toBe(solve({ size: 4, regions: regularRegions(4), givens }, { limit: 10 }).count);
    // swap two cells between blocks 0 and 1 in place: a different layout in the same array
    [regions[1], regions[2]] = [regions[2]!, regions[1]!];
    const after = solve({ size: 4, regions, givens }, { limit: 10 }).count;
    expect(after).toBe(solve({ size: 4, regions: regions.slice(), givens }, { limit: 10 }).count);
  });

  test('bad input names the puzzle by its place in the batch', () => {
    const good = dataLines('classic/top1465.txt')[0]!;
    const bad = '11' + good.slice(2); // two 1s in row 1: clashing givens
    expect(() => solveInputs([good, good, bad])).toThrow(InputError);
    expect(() => solveInputs([good, good, bad])).toThrow(/^<argument>:3(:\d+)?: /);
  });
});
