/**
 * Reading and writing Numbridge board files: schema validation (ajv) first, then the checks a
 * schema cannot express (square grids of the stated size, regions a hex-connected partition,
 * givens without clashes), each failure an InputError with a JSON pointer. Writing validates too;
 * the player form is the file without `secret`; a board's id is a hash of what defines it.
 */
import { contentId } from '../core/ids.ts';
import { InputError, inside, type InputPosition } from '../core/errors.ts';
import { assertReadable, assertValid } from '../core/schema.ts';
import { cellName, findClash } from '../sudoku/check.ts';
import { isRegularRegions, regionProblem, regionsInOrder } from '../sudoku/regions.ts';
import type { Board, Grid } from '../sudoku/types.ts';
import { NumbridgeBoardFile, type NumbridgeBoardInput } from './schema.ts';

/** Flatten an N×N nested array, checking its shape. */
export function flattenGrid(rows: number[][], size: number, where: InputPosition, field: string): Grid {
  if (rows.length !== size) throw new InputError(inside(where, field), `has ${rows.length} rows, expected ${size}`);
  const out = new Uint8Array(size * size);
  rows.forEach((row, r) => {
    if (row.length !== size) throw new InputError(inside(where, `${field}/${r}`), `has ${row.length} entries, expected ${size}`);
    row.forEach((v, c) => {
      out[r * size + c] = v;
    });
  });
  return out;
}

/** An N×N nested array from a flat grid. */
export function nestGrid(grid: ArrayLike<number>, size: number): number[][] {
  return Array.from({ length: size }, (_, r) => Array.from({ length: size }, (_, c) => grid[r * size + c]!));
}

/**
 * Validate a parsed JSON value as a board file (leniently: fields we do not know are ignored, a
 * secret may lack proof and seed) and return it with its Board.
 */
export function readBoardFile(data: unknown, where: InputPosition): { file: NumbridgeBoardInput; board: Board } {
  assertReadable<NumbridgeBoardInput>(NumbridgeBoardFile, data, where);
  const file = data;
  const { size } = file.public;
  const regions = flattenGrid(file.public.regions, size, where, '/public/regions');
  const givens = flattenGrid(file.public.givens, size, where, '/public/givens');
  const problem = regionProblem(size, regions, 'hex');
  if (problem) throw new InputError(inside(where, '/public/regions'), problem);
  for (let i = 0; i < givens.length; i++) {
    if (givens[i]! > size) {
      throw new InputError(inside(where, `/public/givens/${Math.floor(i / size)}/${i % size}`), `digit ${givens[i]} exceeds size ${size}`);
    }
  }
  const clash = findClash(size, regions, givens);
  if (clash) {
    throw new InputError(
      inside(where, `/public/givens/${Math.floor(clash.b / size)}/${clash.b % size}`),
      `givens clash: ${clash.digit} at ${cellName(size, clash.a)} and ${cellName(size, clash.b)} share a ${clash.house}`,
    );
  }
  return { file, board: { size, regions, givens } };
}

/**
 * The id of a board: a hash of its size, blocks and givens, so the same board always has the
 * same id (and the id says nothing about the solution). "nb9r-" + 16 hex digits; r/i = blocks.
 * The blocks are hashed in first-appearance numbering, so relabelling them keeps the id. Digits
 * are hashed as they are: a board with its digits swapped looks different to a player and gets
 * its own id (`fingerprint` in canonical.ts is the one that equates such boards).
 */
export function boardId(size: number, regions: ArrayLike<number>, givens: ArrayLike<number>): string {
  const blocks = regionsInOrder(size, regions);
  const text = `${size}:${blocks.join('')}:${Array.from(givens).join('')}`;
  const regular = isRegularRegions(size, blocks);
  return contentId(`nb${size}${regular ? 'r' : 'i'}`, text);
}

/** The JSON text of a board file (one line), validated by the schema first. */
export function boardFileText(file: NumbridgeBoardFile, where: InputPosition = { source: file.id ?? 'board' }): string {
  assertValid<NumbridgeBoardFile>(NumbridgeBoardFile, file, where);
  return JSON.stringify(file);
}

/** The player form: the same board without `secret` — built field by field, so nothing else rides along. */
export function playerForm<F extends NumbridgeBoardInput>(file: F): F {
  return { format: file.format, version: file.version, id: file.id, public: file.public } as F;
}
