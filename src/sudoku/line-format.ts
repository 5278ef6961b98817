/**
 * The line format of FORMATS.md: one puzzle per line, N² characters row by row, digits for givens,
 * `.` or `0` for empty cells. N is inferred from the length (16, 36, 64, 81) and the blocks are the
 * regular ones of that size. Extra `:`-separated fields (tdoku's `puzzle:count:solution`) are
 * ignored; `#` comment lines and blank lines are not puzzles.
 */
import { findClash, cellName } from './check.ts';
import { regularRegions } from './regions.ts';
import type { Board, Grid } from './types.ts';

const SIZE_BY_LENGTH: Readonly<Record<number, number>> = { 16: 4, 36: 6, 64: 8, 81: 9 };

/** True for lines that hold no puzzle. */
export function isSkippableLine(line: string): boolean {
  const t = line.trim();
  return t === '' || t.startsWith('#');
}

/** Parse one line; throws an Error whose message is a one-line reason (with 1-based column). */
export function parseLine(line: string): Board {
  const text = line.replace(/\r$/, '');
  const field = text.split(':', 1)[0]!.trimEnd();
  const size = SIZE_BY_LENGTH[field.length];
  if (size === undefined) {
    throw new LineError(`puzzle has ${field.length} characters, expected 16, 36, 64 or 81`, 1);
  }
  const givens = new Uint8Array(size * size);
  for (let i = 0; i < field.length; i++) {
    const ch = field[i]!;
    if (ch === '.' || ch === '0') continue;
    const d = ch.charCodeAt(0) - 48;
    if (d < 1 || d > size) {
      throw new LineError(`bad character ${JSON.stringify(ch)} (expected 1..${size}, '.' or '0')`, i + 1);
    }
    givens[i] = d;
  }
  const regions = regularRegions(size);
  const clash = findClash(size, regions, givens);
  if (clash) {
    throw new LineError(
      `givens clash: ${clash.digit} at ${cellName(size, clash.a)} and ${cellName(size, clash.b)} share a ${clash.house}`,
      clash.b + 1,
    );
  }
  return { size, regions, givens };
}

/** A parse failure at a 1-based column of the line. */
export class LineError extends Error {
  constructor(message: string, readonly column: number) {
    super(message);
  }
}

/** Format a grid as a line; `empty` is the character for 0. */
export function formatLine(grid: Grid, empty = '.'): string {
  let s = '';
  for (const d of grid) s += d === 0 ? empty : String(d);
  return s;
}
