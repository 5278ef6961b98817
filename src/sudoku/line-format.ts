/**
 * The line format: one puzzle per line, the one reader every command and the library use.
 *
 *   givens[:blocks][:count[:solution]]
 *
 *   givens    N² characters row by row: 1..N a given, '.' or '0' empty; N from the length
 *             (16, 25, 36, 49, 64, 81 → 4..9)
 *   blocks    N² block labels, one per cell (written A = block 0, B = block 1, …; read also
 *             a–i, 1–9 with 1 = block 0, 0–8, or any N distinct characters numbered by first
 *             appearance): N blocks of N cells, each connected on the hex board (as every
 *             Numbridge board file's blocks are; side-by-side jigsaw blocks always are).
 *             Absent: the regular blocks (4, 6, 8, 9 only: 5×5 and 7×7 need the map)
 *   count     tdoku's claim: the exact number of solutions (digits)
 *   solution  tdoku's claim: N² digits 1..N, the board's only solution
 *
 * The field after the givens is the block map when it has N² characters (no count has), else a
 * count; anything else is refused with the column it starts at. The reader checks the form of
 * the claims only; whether they are true is `verify`'s question (src/kinds/sudoku-line.ts).
 * `#` comment lines and blank lines are not puzzles.
 *
 *   ..3.1....                    a regular 9×9
 *   ..3.1....:AAABBBCCC…         a 9×9 with irregular blocks
 *   ..3.1....:1:123456789…       a regular 9×9 with its solution (tdoku)
 */
import { BoundedCache } from '../core/memo.ts';
import { cellName, findClash } from './check.ts';
import { isConnected } from './hex.ts';
import { isRegularRegions, regularBlockShape, regularRegions, samePartition } from './regions.ts';
import type { Board, Grid, Regions } from './types.ts';

const SIZE_BY_CELLS: Readonly<Record<number, number>> = { 16: 4, 25: 5, 36: 6, 49: 7, 64: 8, 81: 9 };

/** A line read: its board, and the claims it makes about it (null when absent). */
export interface LinePuzzle {
  board: Board;
  /** tdoku's solution count. */
  count: number | null;
  /** The claimed solution (well-formed; not yet checked against the board). */
  solution: Grid | null;
}

/** A parse failure at a 1-based column of the line. */
export class LineError extends Error {
  constructor(message: string, readonly column: number) {
    super(message);
  }
}

/** True for lines that hold no puzzle. */
export function isSkippableLine(line: string): boolean {
  const t = line.trim();
  return t === '' || t.startsWith('#');
}

/** One `:`-separated field, trimmed, with the column where its text starts. */
interface Field {
  text: string;
  column: number;
}

function fieldsOf(line: string): Field[] {
  const fields: Field[] = [];
  let offset = 0;
  for (const raw of line.split(':')) {
    const lead = raw.length - raw.trimStart().length;
    fields.push({ text: raw.trim(), column: offset + lead + 1 });
    offset += raw.length + 1;
  }
  return fields;
}

/** Read one line; throws a LineError (a one-line reason and its column) when it is no puzzle. */
export function readLine(line: string): LinePuzzle {
  return plainLine(line) ?? readFields(line);
}

/**
 * The common line, read without splitting it into fields: N² characters of givens and nothing
 * else, on a size with regular blocks, no clash. Anything else (a character out of range, a
 * clash, a field, spaces) is null, and `readFields` reads it or says why not. Splitting fields
 * cost about as much as solving a 17-clue puzzle.
 */
function plainLine(line: string): LinePuzzle | null {
  if (SIZE_BY_CELLS[line.length] === undefined) return null;
  const givens = new Uint8Array(line.length);
  const size = readPlainGivens(line, givens);
  if (size === 0) return null;
  const regions = regularRegions(size);
  if (findClash(size, regions, givens)) return null;
  return { board: { size, regions, givens }, count: null, solution: null };
}

/**
 * A plain line's givens (see `plainLine`) written into `into` (N² cells or more): its size N, or
 * 0 when the line is not plain — then `into` holds nothing meaningful and `readLine` must read
 * the line (it accepts it or says why not). Clashing givens are NOT looked for: the caller must
 * (`findClash`; the library's `solve` of a line does it only when a count of 0 could hide one).
 * No allocation.
 */
export function readPlainGivens(line: string, into: Uint8Array): number {
  const size = SIZE_BY_CELLS[line.length];
  if (size === undefined || !regularBlockShape(size)) return 0;
  return readGivensPrefix(line, size, into) ? size : 0;
}

/**
 * The first N² characters of `line` as givens ('.' and '0' empty, 1..N a given) into `into`;
 * false at any other character (then `into` holds nothing meaningful). Clashes are not looked for.
 */
export function readGivensPrefix(line: string, size: number, into: Uint8Array): boolean {
  const cells = size * size;
  if (into.length < cells || line.length < cells) return false;
  for (let i = 0; i < cells; i++) {
    const code = line.charCodeAt(i);
    if (code === 46 || code === 48) {
      into[i] = 0; // '.' or '0'
      continue;
    }
    const d = code - 48;
    if (!(d >= 1 && d <= size)) return false;
    into[i] = d;
  }
  return true;
}

function readFields(line: string): LinePuzzle {
  const fields = fieldsOf(line.replace(/\r$/, ''));
  const givenField = fields[0]!;
  const size = SIZE_BY_CELLS[givenField.text.length];
  if (size === undefined) {
    throw new LineError(`puzzle has ${givenField.text.length} characters, expected 16, 25, 36, 49, 64 or 81`, givenField.column);
  }
  const cells = size * size;
  const givens = digitsOf(givenField, size, true);

  let k = 1;
  let regions: Regions | null = null;
  let count: number | null = null;
  let solution: Grid | null = null;
  const next = fields[k];
  if (next && next.text.length === cells) {
    regions = blockMap(next, size);
    k++;
  }
  const countField = fields[k];
  if (countField) {
    if (!/^\d+$/.test(countField.text)) {
      const found = countField.text === '' ? 'an empty field' : JSON.stringify(countField.text.slice(0, 12));
      const expected = k === 1 ? `a block map (${cells} block labels) or a solution count` : 'a solution count';
      throw new LineError(`expected ${expected} after the ${k === 1 ? 'givens' : 'block map'}, found ${found}`, countField.column);
    }
    count = Number(countField.text);
    k++;
    const solutionField = fields[k];
    if (solutionField) {
      if (solutionField.text.length !== cells) {
        throw new LineError(`the solution has ${solutionField.text.length} characters, expected ${cells} digits 1..${size}`, solutionField.column);
      }
      solution = digitsOf(solutionField, size, false);
      k++;
    }
  }
  if (k < fields.length) throw new LineError('unexpected field after the solution', fields[k]!.column);

  if (!regions) {
    if (!regularBlockShape(size)) {
      throw new LineError(`${size}×${size} has no regular blocks: add the block map (":" and ${cells} block labels)`, givenField.column + cells);
    }
    regions = regularRegions(size);
  }
  const clash = findClash(size, regions, givens);
  if (clash) {
    throw new LineError(
      `givens clash: ${clash.digit} at ${cellName(size, clash.a)} and ${cellName(size, clash.b)} share a ${clash.house}`,
      givenField.column + clash.b,
    );
  }
  return { board: { size, regions, givens }, count, solution };
}

/** The board of one line (its claims, if any, are read and dropped). */
export function parseLine(line: string): Board {
  return readLine(line).board;
}

/** A field of N² digits; `empty` allows '.' and '0' (givens), else every cell is 1..N (solution). */
function digitsOf(field: Field, size: number, empty: boolean): Grid {
  const grid = new Uint8Array(size * size);
  for (let i = 0; i < grid.length; i++) {
    const ch = field.text[i]!;
    if (empty && (ch === '.' || ch === '0')) continue;
    const d = ch.charCodeAt(0) - 48;
    if (!(d >= 1 && d <= size)) {
      const expected = empty ? `1..${size}, '.' or '0'` : `1..${size}`;
      throw new LineError(`bad character ${JSON.stringify(ch)}${empty ? '' : ' in the solution'} (expected ${expected})`, field.column + i);
    }
    grid[i] = d;
  }
  return grid;
}

/**
 * Block labels to block numbers: A–, a–, 1– (1 = block 0) and 0– keep their order, any other N
 * labels are numbered by first appearance; the regular blocks always get the regular numbering,
 * so a board has one form however its source labelled it.
 */
function blockMap(field: Field, size: number): Regions {
  // An irregular file repeats its layouts, or has one per line; checking a map (hex connectivity
  // of every block) costs ~30 µs, a look-up well under one. Each board gets its own copy.
  return checkedMaps.getOrMake(size + ':' + field.text, () => checkBlockMap(field, size)).slice();
}

/** Block-map texts already checked, by `size:text`, and their block numbers (the last 4,096, like geometry.ts's cache). */
const checkedMaps = new BoundedCache<string, Regions>(4096);

/**
 * The block numbers `readLine` gave the map field `text` of an N×N line, if it has read (and
 * accepted) that map before: the reader's own copy, shared, never to be written or handed out.
 * A line `givens:text` whose givens are well-formed reads as a board with exactly these blocks.
 */
export function knownBlockMap(size: number, text: string): Readonly<Regions> | undefined {
  return checkedMaps.get(size + ':' + text);
}

function checkBlockMap(field: Field, size: number): Regions {
  const chars = [...field.text];
  const inRange = (base: number) => chars.every((ch) => ch.charCodeAt(0) >= base && ch.charCodeAt(0) < base + size);
  const base = [65, 97, 49, 48].find(inRange);
  const order = new Map<string, number>();
  for (const ch of chars) if (!order.has(ch)) order.set(ch, order.size);
  if (order.size !== size) {
    const extra = order.size > size ? chars.indexOf([...order.keys()][size]!) : 0;
    throw new LineError(`the block map has ${order.size} different blocks, expected ${size}`, field.column + extra);
  }
  let regions: Regions = Uint8Array.from(chars, (ch) => (base === undefined ? order.get(ch)! : ch.charCodeAt(0) - base));
  const members: number[][] = Array.from({ length: size }, () => []);
  regions.forEach((g, cell) => members[g]!.push(cell));
  // Block by block, size before connectivity, in the order regionProblem reports board files.
  for (const cellsOfBlock of members) {
    const label = JSON.stringify(chars[cellsOfBlock[0]!]);
    if (cellsOfBlock.length !== size) {
      const at = cellsOfBlock.length > size ? cellsOfBlock[size]! : cellsOfBlock[0]!;
      throw new LineError(`block ${label} has ${cellsOfBlock.length} cells, expected ${size}`, field.column + at);
    }
    if (!isConnected(size, cellsOfBlock, 'hex')) {
      throw new LineError(
        `block ${label} is not connected on the hex board (hex adjacency: cells touching only at (r−1, c−1) or (r+1, c+1) are not neighbours)`,
        field.column + cellsOfBlock[0]!,
      );
    }
  }
  if (regularBlockShape(size) && samePartition(regions, regularRegions(size))) regions = regularRegions(size);
  return regions;
}

/** Our own block labels: A, B, C, … (A = block 0). */
export function blockLabels(regions: ArrayLike<number>): string {
  return Array.from(regions, (g) => String.fromCharCode(65 + g)).join('');
}

/**
 * A board as one line: the givens, the block map unless the blocks are the regular ones, and
 * with a solution tdoku's `:1:solution`. `readLine` gives the same board back.
 */
export function boardLine(board: Board, solution: Grid | null = null): string {
  let line = formatLine(board.givens);
  if (!isRegularRegions(board.size, board.regions)) line += ':' + blockLabels(board.regions);
  if (solution) line += ':1:' + formatLine(solution);
  return line;
}

/** Format a grid as a line; `empty` is the character for 0. */
export function formatLine(grid: Grid, empty = '.'): string {
  let s = '';
  for (const d of grid) s += d === 0 ? empty : String(d);
  return s;
}
