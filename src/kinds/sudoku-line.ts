/**
 * Verifying classic Sudoku in the line format (FORMATS.md): regular N×N boards from any tool.
 * Not a generating kind: there is no file format to write, only puzzles to check.
 */
import { InputError, type InputPosition } from '../core/errors.ts';
import { givenCount } from '../sudoku/check.ts';
import { LineError, parseLine } from '../sudoku/line-format.ts';
import { solve } from '../sudoku/solver.ts';
import type { VerifyResult } from './kind.ts';

/** Check one line; throws an InputError (with the column) when it is not a puzzle. */
export function checkLinePuzzle(line: string, where: InputPosition): VerifyResult {
  let board;
  try {
    board = parseLine(line);
  } catch (e) {
    if (e instanceof LineError) throw new InputError({ ...where, column: e.column }, e.message);
    throw e;
  }
  const n = board.size;
  const summary = `${n}×${n}, ${givenCount(board.givens)} givens`;
  const problems: string[] = [];
  const count = solve(board, { limit: 2 }).count;
  if (count === 0) problems.push('has no solution');
  else if (count > 1) problems.push('has more than one solution');
  return { problems, summary };
}
