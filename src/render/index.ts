/**
 * Pictures and interchange for library users (re-exported by src/index.ts):
 *
 *   renderSvg(file, { solution, lang, turn })   an SVG document (string); also a table seat's state
 *   exportPuzzle(board, 'sudokupad')            a board in another tool's format
 *   importPuzzle(text or object)                another tool's puzzle as a checked board file
 *
 * Browser-safe (no `node:` imports): PNG output, which needs resvg's native module and the font
 * files, is png.ts's `renderPng`.
 *
 * Unreadable input throws an InputError; a readable puzzle that is no Numbridge board throws a
 * NotABoard.
 */
import { InputError } from '../core/errors.ts';
import type { NumbridgeBoardFile } from '../numbridge-board/schema.ts';
import { readBoardFile } from '../numbridge-board/board-file.ts';
import { boardFileOf } from './interchange/board.ts';
import { exportBoard, importItem, type ExportOptions, type Source, type Target } from './interchange/index.ts';
import { DEFAULT_PICTURE_OPTIONS, type PictureOptions } from './picture.ts';
import { pictureOf } from './pictures.ts';

export { NotABoard } from './interchange/board.ts';
export { TARGETS, SOURCES, type ExportOptions, type Source, type Target } from './interchange/index.ts';
export type { PictureOptions } from './picture.ts';

const WHERE = { source: '<argument>' };

/** Any drawable puzzlemill file (board, case, Kosmos, Domino or Numbridge deal, position, record; a Numbridge table seat's state) as SVG. */
export function renderSvg(file: object, options: Partial<PictureOptions> = {}): string {
  return pictureOf(file, WHERE, { ...DEFAULT_PICTURE_OPTIONS, ...options }).picture.svg;
}

/** A Numbridge board file in another tool's format (the solution only with `solution: true`). */
export function exportPuzzle(file: NumbridgeBoardFile, target: Target, options: Partial<ExportOptions> = {}): string {
  const { file: board } = readBoardFile(file, WHERE);
  return exportBoard(board, target, { solution: options.solution ?? false, ...(options.url ? { url: true } : {}) });
}

/** A puzzle of another tool — a line, a URL, or a parsed ipuz / f-puzzles object — as a board file. */
export function importPuzzle(input: string | object, options: { from?: Source } = {}): NumbridgeBoardFile {
  let item;
  if (typeof input === 'string') {
    const text = input.trim();
    item = text.startsWith('{') ? { kind: 'json' as const, value: parseJson(text), where: WHERE } : { kind: 'line' as const, text, where: WHERE };
  } else {
    item = { kind: 'json' as const, value: input, where: WHERE };
  }
  return boardFileOf(importItem(item, options.from ?? 'auto'), WHERE);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new InputError(WHERE, `not valid JSON (${(e as Error).message.split('\n')[0]})`);
  }
}
