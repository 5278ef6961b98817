/**
 * A Sudoku board from one input item: a line-format puzzle or a Numbridge board file. Bad input
 * becomes one warning line with its position (exit 2: unreadable input, as in verify and import)
 * and `null`, so the other items are still processed.
 */
import { atPosition, InputError, type InputPosition } from '../core/errors.ts';
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

// Board files need the schema validator (TypeBox and ajv: most of the start-up of a line-format
// solve), so their reader is loaded with the first JSON item.
let boardFileModule: Promise<typeof import('../numbridge/board-file.ts')> | undefined;

export async function boardOfItem(item: InputItem): Promise<BoardItem | null> {
  if (item.kind === 'error') {
    warn(item.error.message);
    raiseExitCode(EXIT_BAD_INPUT);
    return null;
  }
  try {
    if (item.kind === 'line') return { board: parseLine(item.text), where: item.where };
    const { readBoardFile } = await (boardFileModule ??= import('../numbridge/board-file.ts'));
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
