/**
 * The checks every Sudoku-family board gets in `verify`, whatever its file format: exactly one
 * solution by the exact-cover counter (which shares nothing with any generator's shortcuts), and
 * the solution compared with what a file claims.
 */
import { cellName } from '../sudoku/check.ts';
import { solve } from '../sudoku/solver.ts';
import type { Board, Grid } from '../sudoku/types.ts';

export interface BoardVerdict {
  problems: string[];
  /** The only solution, when there is exactly one. */
  solution: Grid | null;
}

/** Uniqueness, and agreement with a claimed solution when the file carries one. */
export function checkBoard(board: Board, claimedSolution?: ArrayLike<number>): BoardVerdict {
  const problems: string[] = [];
  const result = solve(board, { limit: 2 });
  if (result.count === 0) problems.push('has no solution');
  else if (result.count > 1) problems.push('has more than one solution');
  const solution = result.count === 1 ? result.solution : null;
  if (solution && claimedSolution) {
    const at = firstDifference(solution, claimedSolution);
    if (at >= 0) problems.push(`secret solution is not the board's solution (first difference at ${cellName(board.size, at)})`);
  }
  return { problems, solution };
}

function firstDifference(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length) return 0;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return i;
  return -1;
}
