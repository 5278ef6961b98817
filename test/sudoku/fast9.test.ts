/**
 * The regular 9×9 fast path (`fast9.ts`) on fixed cases: givens that clash in a row, a column or a
 * box (the root state is built per digit from the givens' houses, not by placing them one by one),
 * a digit out of range, and the same search from any earlier state of the solver (its scratch is
 * reused from call to call). Agreement with the generic search on random boards is in
 * solver.property.test.ts, the data sets in solver.data.test.ts.
 */
import { describe, expect, test } from 'vitest';
import { Fast9Solver } from '../../src/sudoku/fast9.ts';
import { LayoutSolver } from '../../src/sudoku/solver.ts';
import { geometryFor } from '../../src/sudoku/geometry.ts';
import { regularRegions } from '../../src/sudoku/regions.ts';
import { dataLines } from '../helpers/data.ts';

const generic = new LayoutSolver(geometryFor(9, regularRegions(9)));

function givensOf(line: string): Uint8Array {
  return Uint8Array.from(line.slice(0, 81), (ch) => (ch >= '1' && ch <= '9' ? Number(ch) : 0));
}

/** A 17-clue board with one extra given `digit` at (r, c). */
function withGiven(line: string, r: number, c: number, digit: number): Uint8Array {
  const givens = givensOf(line);
  givens[r * 9 + c] = digit;
  return givens;
}

describe('Fast9Solver', () => {
  const board = '4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........';

  test.each([
    ['a row', 0, 8, 4], // 4 is given at r1c1
    ['a column', 8, 0, 4], // the same 4, from below
    ['a box', 1, 1, 4], // the same 4, diagonally inside box 1
    ['a box of the middle band', 5, 5, 5], // 5 is given at r4c5 (the middle box): r6c6 shares only it
  ])('counts no solution when two givens clash in %s, as the generic search does', (_, r, c, digit) => {
    const givens = withGiven(board, r, c, digit);
    expect(givens[r * 9 + c]).toBe(digit);
    expect(new Fast9Solver().solve(givens, 2)).toMatchObject({ count: 0, solution: null, complete: true });
    expect(generic.solveGeneric(givens, { limit: 2 }).count).toBe(0);
    expect(new Fast9Solver().singlesSolve(givens)).toBe(false);
  });

  test('a full grid whose only fault is two rows clashing is no solution, for singlesSolve too', () => {
    // Swapping two cells of one column inside one box keeps every column and box whole: only rows 1
    // and 2 clash. Singles have nothing to place and no empty row check, so only the root's clash
    // check can refuse it.
    const grid = Uint8Array.from(generic.solveGeneric(givensOf(board), { limit: 2 }).solution!);
    [grid[0], grid[9]] = [grid[9]!, grid[0]!];
    expect(new Fast9Solver().singlesSolve(grid)).toBe(false);
    expect(new Fast9Solver().solve(grid, 2).count).toBe(0);
    expect(generic.solveGeneric(grid, { limit: 2 }).count).toBe(0);
  });

  test('a digit above 9 is refused with its cell', () => {
    expect(() => new Fast9Solver().solve(withGiven(board, 2, 3, 10), 2)).toThrow('digit 10 in cell 21 exceeds size 9');
  });

  test('a solver reused across boards answers as a fresh one (scratch from earlier calls leaks into nothing)', () => {
    const lines = [...dataLines('classic/forum-hardest-1106.txt').slice(0, 20), ...dataLines('classic/17-clue.txt').slice(0, 20)];
    const reused = new Fast9Solver();
    for (const line of lines) {
      const givens = givensOf(line);
      const again = reused.solve(givens, 2);
      const fresh = new Fast9Solver().solve(givens, 2);
      expect(again, line).toEqual(fresh);
      expect(again.count, line).toBe(1);
      expect(again.solution, line).toEqual(generic.solveGeneric(givens, { limit: 2 }).solution);
    }
  });

  test('a solver reused after searches cut short, clashes and singles-only runs answers as a fresh one', () => {
    const lines = [...dataLines('classic/forum-hardest-1106.txt').slice(20, 35), ...dataLines('classic/top1465.txt').slice(0, 15)];
    const reused = new Fast9Solver();
    for (const line of lines) {
      const givens = givensOf(line);
      // leave scratch behind in every way a call can end before the one compared
      reused.solve(givens, 2, 3); // stopped by maxNodes mid-search
      reused.solve(withGiven(line, 0, 0, givens[1] || givens[9] || 5), 2); // often a clash
      reused.singlesSolve(givens);
      reused.solve(givens, 1, 1); // the root only
      expect(reused.solve(givens, 2), line).toEqual(new Fast9Solver().solve(givens, 2));
      expect(reused.solve(givens, 3, 7), line).toEqual(new Fast9Solver().solve(givens, 3, 7));
      expect(reused.singlesSolve(givens), line).toBe(new Fast9Solver().singlesSolve(givens));
    }
  });
});
