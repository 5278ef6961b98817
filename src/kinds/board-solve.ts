/**
 * `solve` of one Sudoku-family board (a line-format puzzle or a board file), apart from the board
 * checks so that solving a line loads the exact-cover solver only, not the prover.
 */
import { nodeLimit, undecidedReason } from '../core/budget.ts';
import { formatLine } from '../sudoku/line-format.ts';
import { NO_SOLUTION } from '../sudoku/solution-words.ts';
import { solve } from '../sudoku/solver.ts';
import type { Board, Grid } from '../sudoku/types.ts';
import type { SolveOptions, SolveReport } from './kind.ts';

/**
 * `solve` of one board (a line-format puzzle or a board file): the first solution, or with
 * `count` the number of solutions to 2. `solutionOf` gives the solution in the caller's own shape;
 * a line's is the grid itself (the CLI prints `line`: copying the grid into an array was a tenth
 * of `solve --count`'s time per 17-clue line).
 */
export function solveBoard(board: Board, options: SolveOptions, solutionOf: (grid: Grid) => unknown = (grid) => grid): SolveReport {
  const result = solve(board, { limit: options.count ? 2 : 1, maxNodes: nodeLimit(options) });
  const nodes = result.nodes;
  if (!result.complete) return { solutions: null, solution: null, line: null, reason: undecidedReason(options), nodes };
  if (!result.solution) return { solutions: 0, solution: null, line: null, reason: NO_SOLUTION, nodes };
  return { solutions: result.count, solution: solutionOf(result.solution), line: formatLine(result.solution), nodes };
}
