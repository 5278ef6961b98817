/**
 * The interchange formats in one place: which targets `export` knows, and how `import` tells the
 * source format of an input item (a line or a JSON value) when it is not named.
 *
 *   target      one board becomes                       import reads
 *   line        one line (docs/FORMATS.md + block map)  lines
 *   ipuz        one ipuz JSON object                    ipuz Sudoku JSON
 *   fpuzzles    f-puzzles JSON (or, --url, its URL)     f-puzzles JSON or URL
 *   sudokupad   a SudokuPad URL (f-puzzles data)        SudokuPad fpuzzles URLs
 */
import { InputError, inside, type InputPosition } from '../../core/errors.ts';
import { MAX_JSON_DEPTH, nestedDeeperThan } from '../../core/json-depth.ts';
import { readBoardFile } from '../../numbridge-board/board-file.ts';
import type { NumbridgeBoardFile, NumbridgeBoardInput } from '../../numbridge-board/schema.ts';
import type { ImportedPuzzle } from './board.ts';
import { fpuzzlesFromUrl, fpuzzlesUrl, fromFpuzzles, isFpuzzles, sudokupadUrl, toFpuzzles } from './fpuzzles.ts';
import { fromIpuz, isIpuzSudoku, toIpuz } from './ipuz.ts';
import { fromLine, toLine } from './line.ts';
import { NUMBRIDGE_BOARD } from '../../core/formats.ts';

export const TARGETS = ['line', 'ipuz', 'fpuzzles', 'sudokupad'] as const;
export type Target = (typeof TARGETS)[number];
export const SOURCES = ['auto', ...TARGETS] as const;
export type Source = (typeof SOURCES)[number];

export interface ExportOptions {
  solution: boolean;
  /** fpuzzles: the f-puzzles.com URL instead of the JSON. */
  url?: boolean;
}

/** A value `export` can write (a Numbridge board file, read and checked), or an InputError naming what it is instead. */
export function readExportable(value: unknown, where: InputPosition): NumbridgeBoardInput {
  const format = (value as { format?: unknown } | null)?.format;
  if (format !== NUMBRIDGE_BOARD) throw new InputError(inside(where, '/format'), `expected a ${NUMBRIDGE_BOARD}, found ${typeof format === 'string' ? format : 'no format'}`);
  return readBoardFile(value, where).file;
}

/** One board in a target format, as the text of one output (one line for line, URLs and NDJSON). */
export function exportBoard(file: NumbridgeBoardInput, target: Target, options: ExportOptions): string {
  switch (target) {
    case 'line':
      // toLine reads only public and secret.solution, which every readable file has as typed
      return toLine(file as NumbridgeBoardFile, options);
    case 'ipuz':
      return JSON.stringify(toIpuz(file, options));
    case 'fpuzzles':
      return options.url ? fpuzzlesUrl(toFpuzzles(file, options)) : JSON.stringify(toFpuzzles(file, options));
    case 'sudokupad':
      return sudokupadUrl(toFpuzzles(file, options));
  }
}

/** The file extension of a target's output file. */
export function targetExtension(target: Target, options: ExportOptions): string {
  if (target === 'line') return 'txt';
  if (target === 'ipuz') return 'ipuz';
  if (target === 'fpuzzles') return options.url ? 'fpuzzles.url' : 'fpuzzles.json';
  // named apart from the f-puzzles link: both may be exported into one folder
  return 'sudokupad.url';
}

export type ImportItem = { kind: 'line'; text: string; where: InputPosition } | { kind: 'json'; value: unknown; where: InputPosition };

/** Read one input item as a puzzle of the named (or recognised) source format. */
export function importItem(item: ImportItem, from: Source): ImportedPuzzle {
  if (item.kind === 'json') {
    // the CLI's readers refuse deeper text before parsing it; a library caller's object gets the same limit
    if (nestedDeeperThan(item.value, MAX_JSON_DEPTH)) throw new InputError(item.where, `JSON nested deeper than ${MAX_JSON_DEPTH} levels`);
    if (from === 'ipuz' || (from === 'auto' && isIpuzSudoku(item.value))) return fromIpuz(item.value, item.where);
    if (from === 'fpuzzles' || from === 'sudokupad' || (from === 'auto' && isFpuzzles(item.value))) return fromFpuzzles(item.value, item.where, from === 'sudokupad' ? 'sudokupad' : 'fpuzzles');
    if (from === 'line') throw new InputError(item.where, 'a JSON value, not a line-format puzzle');
    throw new InputError(item.where, 'not a puzzle format import knows (ipuz Sudoku, f-puzzles JSON); puzzlemill files need no import');
  }
  if (from === 'line') return fromLine(item.text, item.where);
  if (from !== 'ipuz') {
    const packed = fpuzzlesFromUrl(item.text, item.where);
    if (packed) return fromFpuzzles(packed.data, item.where, packed.origin);
    if (from !== 'auto') throw new InputError(item.where, `not an ${from === 'sudokupad' ? 'SudokuPad' : 'f-puzzles'} URL`);
    return fromLine(item.text, item.where);
  }
  throw new InputError(item.where, 'an ipuz file is JSON, not a line');
}
