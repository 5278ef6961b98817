/**
 * The 36 dominoes of Domino-SUDOKU, every pair {a, b} with 1 ≤ a < b ≤ 9, and the cells of the
 * board as the sheet numbers them.
 *
 *   DominoId   0..35, pairs in order {1,2} {1,3} … {1,9} {2,3} … {8,9}
 *   Cell       r·9 + c (src/sudoku), written in the sheet as (Feld, Platz): the block and the
 *              cell in the block, both numbered like a telephone keypad
 *
 *        Feld (block)          Platz (cell in a block)     (3,4) = block 3, cell 4 = r2c7
 *        1 | 2 | 3              1 2 3
 *        4 | 5 | 6              4 5 6
 *        7 | 8 | 9              7 8 9
 *
 *   AdjacentPair  one of the 144 pairs of orthogonally adjacent cells (72 across, 72 down)
 */
import type { Cell, Digit } from '../../sudoku/types.ts';
import { SIZE } from '../sudoku-board.ts';

export type DominoId = number;
export const DOMINO_COUNT = 36;

const PAIRS: ReadonlyArray<readonly [Digit, Digit]> = (() => {
  const out: Array<readonly [Digit, Digit]> = [];
  for (let a = 1; a <= 9; a++) for (let b = a + 1; b <= 9; b++) out.push([a, b]);
  return out;
})();

/** The two numbers of a domino, smaller first. */
export function dominoDigits(id: DominoId): readonly [Digit, Digit] {
  const p = PAIRS[id];
  if (!p) throw new RangeError(`no domino ${id}`);
  return p;
}

/** The domino {a, b} in either order, or −1 when a = b or a number is outside 1..9. */
export function dominoId(a: Digit, b: Digit): DominoId {
  if (a === b || !(a >= 1 && a <= 9 && b >= 1 && b <= 9) || !Number.isInteger(a) || !Number.isInteger(b)) return -1;
  const lo = Math.min(a, b);
  const hi = Math.max(a, b);
  // pairs before lo: (9−1) + (9−2) + … + (9−(lo−1))
  return (lo - 1) * 9 - ((lo - 1) * lo) / 2 + (hi - lo - 1);
}

/** Pips: the minus points of a domino left in hand. */
export function pips(id: DominoId): number {
  const [a, b] = dominoDigits(id);
  return a + b;
}

/** The DO rule: two dominoes share a number. */
export function sharesNumber(x: DominoId, y: DominoId): boolean {
  const [a, b] = dominoDigits(x);
  const [c, d] = dominoDigits(y);
  return a === c || a === d || b === c || b === d;
}

/** "[4/9]" (smaller first). */
export function dominoLabel(id: DominoId): string {
  const [a, b] = dominoDigits(id);
  return `[${a}/${b}]`;
}

/** The cell of (Feld, Platz), both 1..9. */
export function cellOf(field: number, place: number): Cell {
  const r = Math.floor((field - 1) / 3) * 3 + Math.floor((place - 1) / 3);
  const c = ((field - 1) % 3) * 3 + ((place - 1) % 3);
  return r * SIZE + c;
}

/** (Feld, Platz) of a cell. */
export function fieldPlaceOf(cell: Cell): readonly [number, number] {
  const r = Math.floor(cell / SIZE);
  const c = cell % SIZE;
  return [Math.floor(r / 3) * 3 + Math.floor(c / 3) + 1, (r % 3) * 3 + (c % 3) + 1];
}

/** True when two cells are orthogonal neighbours. */
export function areAdjacent(a: Cell, b: Cell): boolean {
  const dr = Math.abs(Math.floor(a / SIZE) - Math.floor(b / SIZE));
  const dc = Math.abs((a % SIZE) - (b % SIZE));
  return dr + dc === 1;
}

/** The 144 adjacent pairs [first, second], first < second, in reading order of `first` (across before down). */
export const ADJACENT_PAIRS: ReadonlyArray<readonly [Cell, Cell]> = (() => {
  const out: Array<readonly [Cell, Cell]> = [];
  for (let r = 0; r < SIZE; r++) {
    for (let c = 0; c < SIZE; c++) {
      if (c + 1 < SIZE) out.push([r * SIZE + c, r * SIZE + c + 1]);
      if (r + 1 < SIZE) out.push([r * SIZE + c, (r + 1) * SIZE + c]);
    }
  }
  return out;
})();
