/**
 * Verifying classic Sudoku in the line format (FORMATS.md): regular N×N boards from any tool.
 * Not a generating kind: there is no file format to write, only puzzles to check.
 */
import { InputError, type InputPosition } from '../core/errors.ts';
import { givenCount } from '../sudoku/check.ts';
import { LineError, parseLine } from '../sudoku/line-format.ts';
import { checkBoard, gradeText } from './board-checks.ts';
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
  const verdict = checkBoard(board);
  const summary = `${n}×${n}, ${givenCount(board.givens)} givens` + (verdict.grade ? `, ${gradeText(verdict.grade)}` : '');
  return { problems: verdict.problems, summary };
}
