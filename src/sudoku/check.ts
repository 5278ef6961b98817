/**
 * Independent checks, sharing no code with the solver: is a grid a valid solution, does it keep
 * the givens, do the givens already clash. Tests and the verifier use these to judge the solver.
 */
import type { Board, Grid } from './types.ts';

/** The first pair of equal digits in one house, or null. Works on partial grids (0 = empty). */
export function findClash(size: number, regions: ArrayLike<number>, grid: ArrayLike<number>): { a: number; b: number; digit: number; house: string } | null {
  if (!mayClash(size, regions, grid)) return null;
  for (let a = 0; a < size * size; a++) {
    const d = grid[a]!;
    if (d === 0) continue;
    for (let b = a + 1; b < size * size; b++) {
      if (grid[b] !== d) continue;
      const sameRow = Math.floor(a / size) === Math.floor(b / size);
      const sameCol = a % size === b % size;
      const sameRegion = regions[a] === regions[b];
      if (sameRow || sameCol || sameRegion) {
        return { a, b, digit: d, house: sameRow ? 'row' : sameCol ? 'column' : 'block' };
      }
    }
  }
  return null;
}

/** Digits seen per row, column and block (bit d), for `mayClash`: sizes up to 9, so 3·9 houses. */
const SEEN = new Int32Array(27);

/**
 * One pass with a digit mask per house: false when no two equal digits share a house, the common
 * case, so `findClash` pays for its pairwise scan (which names the first pair) only when there is
 * a clash. True also for anything it cannot judge (a block number outside 0..N−1).
 */
function mayClash(size: number, regions: ArrayLike<number>, grid: ArrayLike<number>): boolean {
  if (size > 9) return true;
  SEEN.fill(0, 0, 3 * size);
  for (let cell = 0, r = 0, c = 0; cell < size * size; cell++) {
    const d = grid[cell]!;
    if (d !== 0) {
      const block = regions[cell]!;
      if (!(block >= 0 && block < size && (block | 0) === block)) return true;
      const bit = 1 << d;
      const houses = SEEN[r]! | SEEN[size + c]! | SEEN[2 * size + block]!;
      if (houses & bit) return true;
      SEEN[r]! |= bit;
      SEEN[size + c]! |= bit;
      SEEN[2 * size + block]! |= bit;
    }
    if (++c === size) {
      c = 0;
      r++;
    }
  }
  return false;
}

/** True when `solution` is a complete valid grid for the board and agrees with every given. */
export function isSolutionOf(board: Board, solution: ArrayLike<number>): boolean {
  const n = board.size;
  if (solution.length !== n * n) return false;
  for (let i = 0; i < n * n; i++) {
    const d = solution[i]!;
    if (!Number.isInteger(d) || d < 1 || d > n) return false;
    if (board.givens[i] !== 0 && board.givens[i] !== d) return false;
  }
  return findClash(n, board.regions, solution) === null;
}

/** "r3c5" for a cell, 1-based, as Sudoku players write it. */
export function cellName(size: number, cell: number): string {
  return `r${Math.floor(cell / size) + 1}c${(cell % size) + 1}`;
}

/** Number of givens. */
export function givenCount(grid: Grid): number {
  let k = 0;
  for (const d of grid) if (d !== 0) k++;
  return k;
}
