/**
 * Cells and cell sets of a Murder board, in one layout for every size N = 4..9.
 *
 * A cell is `r·9 + c` whatever N is (stride 9), so a cell index never depends on the board size
 * and row r always starts at bit 9·r. A cell set is three 32-bit words, each holding three rows of
 * nine bits (27 bits used):
 *
 *   word 0:  ....  row 2 (bits 18..26)  row 1 (bits 9..17)  row 0 (bits 0..8)
 *   word 1:  ....  row 5                row 4               row 3
 *   word 2:  ....  row 8                row 7               row 6
 *                  bit c of a row = column c
 *
 * Sets live in `Uint32Array`s at an offset (`set[o]`, `set[o+1]`, `set[o+2]`), so a prover keeps
 * all N people's candidate sets in one flat array and never allocates while it reasons.
 */
import { popcount } from '../core/bits.ts';
import type { Lang } from '../core/lang.ts';

export const STRIDE = 9;
/** Words per cell set. */
export const WORDS = 3;
/** Bits of one row inside a word. */
export const ROW_BITS = 0x1ff;

export function cellAt(row: number, column: number): number {
  return row * STRIDE + column;
}
export function rowOf(cell: number): number {
  return (cell / STRIDE) | 0;
}
export function columnOf(cell: number): number {
  return cell % STRIDE;
}

/** "r3c5"-style cell names for proof texts, 1-based like the texts count rows. */
export function cellLabel(cell: number, language: Lang): string {
  return language === 'de' ? `R${rowOf(cell) + 1}/S${columnOf(cell) + 1}` : `r${rowOf(cell) + 1}c${columnOf(cell) + 1}`;
}

/** A new zeroed array of `count` cell sets. */
export function cellSets(count: number): Uint32Array {
  return new Uint32Array(count * WORDS);
}

/** Add one cell to the set at `o`. */
export function addCell(set: Uint32Array, o: number, cell: number): void {
  set[o + ((cell / 27) | 0)]! |= 1 << cell % 27;
}

export function hasCell(set: Uint32Array, o: number, cell: number): boolean {
  return (set[o + ((cell / 27) | 0)]! & (1 << cell % 27)) !== 0;
}

export function countCells(set: Uint32Array, o: number): number {
  return popcount(set[o]!) + popcount(set[o + 1]!) + popcount(set[o + 2]!);
}

/** The lowest cell of a non-empty set. */
export function firstCell(set: Uint32Array, o: number): number {
  for (let w = 0; w < WORDS; w++) {
    const x = set[o + w]!;
    if (x !== 0) return w * 27 + (31 - Math.clz32(x & -x));
  }
  return -1;
}

/** The cells of a set, lowest first (allocates: for proofs and tests, not hot loops). */
export function cellList(set: Uint32Array, o: number): number[] {
  const out: number[] = [];
  for (let w = 0; w < WORDS; w++) {
    let x = set[o + w]!;
    while (x !== 0) {
      out.push(w * 27 + (31 - Math.clz32(x & -x)));
      x &= x - 1;
    }
  }
  return out;
}

/** The rows the set touches, as a 9-bit mask. */
export function rowsOf(set: Uint32Array, o: number): number {
  let rows = 0;
  for (let w = 0; w < WORDS; w++) {
    const x = set[o + w]!;
    if (x === 0) continue;
    if (x & ROW_BITS) rows |= 1 << (3 * w);
    if ((x >>> 9) & ROW_BITS) rows |= 2 << (3 * w);
    if (x >>> 18) rows |= 4 << (3 * w);
  }
  return rows;
}

/** The columns the set touches, as a 9-bit mask. */
export function columnsOf(set: Uint32Array, o: number): number {
  const x = set[o]! | set[o + 1]! | set[o + 2]!;
  return (x | (x >>> 9) | (x >>> 18)) & ROW_BITS;
}

/** True when every cell of the set at `a` is also in the set at `b`. */
export function isSubset(a: Uint32Array, ao: number, b: Uint32Array, bo: number): boolean {
  return (a[ao]! & ~b[bo]!) === 0 && (a[ao + 1]! & ~b[bo + 1]!) === 0 && (a[ao + 2]! & ~b[bo + 2]!) === 0;
}

export function intersects(a: Uint32Array, ao: number, b: Uint32Array, bo: number): boolean {
  return ((a[ao]! & b[bo]!) | (a[ao + 1]! & b[bo + 1]!) | (a[ao + 2]! & b[bo + 2]!)) !== 0;
}
