/**
 * Verifying Sudoku in the line format (src/sudoku/line-format.ts): regular or jigsaw N×N boards
 * from any tool, `givens[:blocks][:count[:solution]]`. Not a generating kind: there is no file
 * format to write, only puzzles to check. Besides the board checks every board gets, the claims
 * a line makes are checked, never ignored:
 *
 *   count     tdoku's exact number of solutions, compared as 0, 1 or "two or more" (the counter
 *             stops at 2: an exact count of a non-unique board would need full enumeration)
 *   solution  must solve the board (givens kept, no house repeats a digit), and be its only one
 */
import type { SearchBudget } from '../core/budget.ts';
import { InputError, type InputPosition } from '../core/errors.ts';
import { cellName, findClash, givenCount } from '../sudoku/check.ts';
import { LineError, readLine } from '../sudoku/line-format.ts';
import { isRegularRegions } from '../sudoku/regions.ts';
import type { Board, Grid } from '../sudoku/types.ts';
import { checkBoard, gradeText } from './board-checks.ts';
import type { VerifyResult } from './kind.ts';

/** Check one line; throws an InputError (with the column) when it is not a puzzle. */
export function checkLinePuzzle(line: string, where: InputPosition, budget: SearchBudget & { uniqueness?: boolean; nested?: boolean } = {}): VerifyResult {
  let puzzle;
  try {
    puzzle = readLine(line);
  } catch (e) {
    if (e instanceof LineError) throw new InputError({ ...where, column: e.column }, e.message);
    throw e;
  }
  const { board } = puzzle;
  const n = board.size;
  const verdict = checkBoard(board, {}, budget);
  const problems = [...verdict.problems];
  // An undecided board has no count to hold the line's claims against.
  if (puzzle.count !== null && verdict.decided) {
    const problem = countClaimProblem(puzzle.count, verdict.solutions);
    if (problem) problems.push(problem);
  }
  if (puzzle.solution && verdict.decided) {
    const problem = solutionClaimProblem(board, puzzle.solution, verdict.solutions);
    if (problem) problems.push(problem);
  }
  const blocks = isRegularRegions(n, board.regions) ? '' : ' irregular';
  const summary = `${n}×${n}${blocks}, ${givenCount(board.givens)} givens` + (verdict.grade ? `, ${gradeText(verdict.grade)}` : '');
  return { problems, summary };
}

const IN_WORDS = ['no solution', 'exactly one solution', 'two or more solutions'];

/** A claimed count against the real one (0, 1, or 2 for two or more), or null when they agree. */
export function countClaimProblem(claimed: number, solutions: number): string | null {
  if (Math.min(claimed, 2) === Math.min(solutions, 2)) return null;
  return `the line claims ${claimed} solution${claimed === 1 ? '' : 's'}, but the board has ${IN_WORDS[Math.min(solutions, 2)]}`;
}

/**
 * A claimed solution judged without the solver (the counter's number of solutions aside): a grid
 * that keeps every given and repeats no digit in a house is a solution, and it is the board's
 * only one when the board has one solution.
 */
export function solutionClaimProblem(board: Board, claimed: Grid, solutions: number): string | null {
  const n = board.size;
  const changed = board.givens.findIndex((d, i) => d !== 0 && d !== claimed[i]);
  if (changed >= 0) {
    return `the line's solution is not a solution: it has ${claimed[changed]} at ${cellName(n, changed)}, where the given is ${board.givens[changed]}`;
  }
  const clash = findClash(n, board.regions, claimed);
  if (clash) {
    return `the line's solution is not a solution: ${clash.digit} at ${cellName(n, clash.a)} and ${cellName(n, clash.b)} share a ${clash.house}`;
  }
  return solutions > 1 ? "the line's solution is one of several" : null;
}
