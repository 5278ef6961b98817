/**
 * The line format (FORMATS.md) with an optional block map, so irregular boards fit on one line:
 *
 *   givens[:blocks][:count:solution]
 *
 *   givens    N² characters row by row: 1..N a given, '.' or '0' empty; N from the length
 *             (16, 25, 36, 49, 64, 81 → 4..9)
 *   blocks    N² characters, one block label per cell: A = block 0, B = block 1, … as we write
 *             it; read also a–i, 1–9 (1 = block 0), 0–8, or any N distinct characters (blocks
 *             numbered by first appearance). Absent: the regular blocks (4, 6, 8, 9 only)
 *   count     tdoku's solution count (ignored when read; we write 1)
 *   solution  N² digits: the board's only solution (checked when read)
 *
 * The field after the givens is the block map when it has N² characters (a count never has), so
 * tdoku's `givens:count:solution` still reads as before.
 *
 *   ..3.1....:AAABBBCCC…      a 9×9 irregular board without its solution
 *   ..3.1....:1:123456789…    a regular board with its solution
 */
import { InputError, type InputPosition } from '../../core/errors.ts';
import type { NumbridgeBoardFile } from '../../numbridge/schema.ts';
import { isRegularRegions, regularBlockShape, regularRegions } from '../../sudoku/regions.ts';
import type { Grid } from '../../sudoku/types.ts';
import { boardOfFile, normaliseRegions, type ImportedPuzzle } from './board.ts';

const SIZE_BY_CELLS: Readonly<Record<number, number>> = { 16: 4, 25: 5, 36: 6, 49: 7, 64: 8, 81: 9 };

/** Our own block labels: A, B, C, … */
export function blockLabels(regions: ArrayLike<number>): string {
  return Array.from(regions, (g) => String.fromCharCode(65 + g)).join('');
}

/** One board as a line; the block map only when the blocks are not the regular ones. */
export function toLine(file: NumbridgeBoardFile, options: { solution: boolean }): string {
  const { board, solution } = boardOfFile(file);
  let line = Array.from(board.givens, (d) => (d === 0 ? '.' : String(d))).join('');
  if (!isRegularRegions(board.size, board.regions)) line += ':' + blockLabels(board.regions);
  if (options.solution && solution) line += ':1:' + Array.from(solution).join('');
  return line;
}

/** Read one line. Positions are columns of the line (1-based), as the line format's errors give them. */
export function fromLine(text: string, where: InputPosition): ImportedPuzzle {
  const fields = text.trim().split(':');
  const givenText = fields[0]!.trim();
  const size = SIZE_BY_CELLS[givenText.length];
  if (size === undefined) throw new InputError({ ...where, column: 1 }, `puzzle has ${givenText.length} characters, expected 16, 25, 36, 49, 64 or 81`);
  const cells = size * size;
  const givens: Grid = new Uint8Array(cells);
  for (let i = 0; i < cells; i++) {
    const ch = givenText[i]!;
    if (ch === '.' || ch === '0') continue;
    const d = ch.charCodeAt(0) - 48;
    if (!(d >= 1 && d <= size)) throw new InputError({ ...where, column: i + 1 }, `bad character ${JSON.stringify(ch)} (expected 1..${size}, '.' or '0')`);
    givens[i] = d;
  }

  let column = givenText.length + 2;
  let regions: Uint8Array | null = null;
  let solution: Grid | null = null;
  let k = 1;
  if (k < fields.length && fields[k]!.length === cells) {
    regions = blockMap(fields[k]!, size, { ...where, column });
    column += fields[k]!.length + 1;
    k++;
  }
  if (k < fields.length) {
    // tdoku: count, then the solution
    const count = fields[k]!.trim();
    if (!/^\d+$/.test(count)) throw new InputError({ ...where, column }, `expected a solution count after the puzzle${regions ? ' and its blocks' : ''}, found ${JSON.stringify(count.slice(0, 12))}`);
    column += fields[k]!.length + 1;
    k++;
    if (k < fields.length) {
      const s = fields[k]!.trim();
      if (s.length !== cells || !isDigits(s, size)) throw new InputError({ ...where, column }, `the solution must be ${cells} digits 1..${size}`);
      solution = Uint8Array.from(s, (ch) => ch.charCodeAt(0) - 48);
      k++;
    }
  }
  if (k < fields.length) throw new InputError({ ...where, column }, 'unexpected extra field');
  if (!regions) {
    if (!regularBlockShape(size)) throw new InputError({ ...where, column: givenText.length + 1 }, `${size}×${size} has no regular blocks: add the block map (":" and ${cells} block labels)`);
    regions = regularRegions(size);
  }
  return { board: { size, regions, givens }, solution, origin: 'line' };
}

function isDigits(text: string, size: number): boolean {
  return [...text].every((ch) => ch >= '1' && ch.charCodeAt(0) - 48 <= size);
}

/** Labels to block numbers: A–I / a–i / 1–9 / 0–8 keep their order; other labels by first appearance. */
function blockMap(text: string, size: number, where: InputPosition): Uint8Array {
  const chars = [...text];
  const letters = (base: number) => chars.every((ch) => ch.charCodeAt(0) >= base && ch.charCodeAt(0) < base + size);
  let labels: number[];
  if (letters(65)) labels = chars.map((ch) => ch.charCodeAt(0) - 65);
  else if (letters(97)) labels = chars.map((ch) => ch.charCodeAt(0) - 97);
  else if (letters(49)) labels = chars.map((ch) => ch.charCodeAt(0) - 49);
  else if (letters(48)) labels = chars.map((ch) => ch.charCodeAt(0) - 48);
  else {
    const order = new Map<string, number>();
    labels = chars.map((ch) => {
      if (!order.has(ch)) order.set(ch, order.size);
      return order.get(ch)! + size; // outside 0..N−1: normaliseRegions numbers them by appearance
    });
  }
  return normaliseRegions(size, labels, where);
}
