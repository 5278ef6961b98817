/**
 * A Sudoku board from one input item: a line-format puzzle or a Numbridge board file. Bad input
 * becomes one warning line with its position (exit 2: unreadable input, as in verify and import)
 * and `null`, so the other items are still processed.
 */
import { atPosition, InputError, type InputPosition } from '../core/errors.ts';
import { readBoardFile } from '../numbridge/board-file.ts';
import { LineError, parseLine } from '../sudoku/line-format.ts';
import type { Board } from '../sudoku/types.ts';
import { EXIT_BAD_INPUT, raiseExitCode, warn } from './exit.ts';
import type { InputItem } from './input.ts';

export interface BoardItem {
  board: Board;
  where: InputPosition;
  /** The board file's id, for JSON input. */
  id?: string;
}

export function boardOfItem(item: InputItem): BoardItem | null {
  if (item.kind === 'error') {
    warn(item.error.message);
    raiseExitCode(EXIT_BAD_INPUT);
    return null;
  }
  try {
    if (item.kind === 'line') return { board: parseLine(item.text), where: item.where };
    const { file, board } = readBoardFile(item.value, item.where);
    return { board, where: item.where, id: file.id };
  } catch (e) {
    if (!(e instanceof InputError || e instanceof LineError)) throw e;
    const column = e instanceof LineError ? e.column : undefined;
    warn(atPosition(e as Error, column === undefined ? item.where : { ...item.where, column }).message);
    raiseExitCode(EXIT_BAD_INPUT); // unreadable input: 2 in every command, as verify and import say
    return null;
  }
}
