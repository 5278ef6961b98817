/**
 * The line format for export and import: `givens[:blocks][:count:solution]`. Reading and
 * writing are the Sudoku core's one line reader (src/sudoku/line-format.ts), the same that
 * solve, grade, verify and the library use, so a line means one board to every command.
 */
import { InputError, type InputPosition } from '../../core/errors.ts';
import type { NumbridgeBoardFile } from '../../numbridge-board/schema.ts';
import { boardLine, LineError, readLine } from '../../sudoku/line-format.ts';
import { boardOfFile, type ImportedPuzzle } from './board.ts';

/** One board as a line; the block map only when the blocks are not the regular ones. */
export function toLine(file: NumbridgeBoardFile, options: { solution: boolean }): string {
  const { board, solution } = boardOfFile(file);
  return boardLine(board, options.solution ? solution : null);
}

/** Read one line. Positions are columns of the line (1-based), as the line format's errors give them. */
export function fromLine(text: string, where: InputPosition): ImportedPuzzle {
  try {
    const { board, count, solution } = readLine(text);
    return { board, solution, count, origin: 'line' };
  } catch (e) {
    if (e instanceof LineError) throw new InputError({ ...where, column: e.column }, e.message);
    throw e;
  }
}
