/**
 * The 9×9 board both tile games are played on, seen by a referee: which digits a cell still
 * admits, which tiles a new one would clash with, when a house is complete, and how the sheets
 * name houses. Boards are Grids (81 bytes, 0 = empty) and may hold clashes that a late-noticed
 * error left behind, so nothing here assumes a valid Sudoku.
 *
 *   House  0..8 rows (R1..R9) | 9..17 columns (S1..S9, "Spalte") | 18..26 blocks (F1..F9, "Feld")
 *          blocks numbered like a telephone keypad:   1 2 3
 *                                                      4 5 6
 *                                                      7 8 9
 */
import { geometryFor } from '../sudoku/geometry.ts';
import { regularRegions } from '../sudoku/regions.ts';
import type { Cell, Digit, DigitSet, Grid, House } from '../sudoku/types.ts';

export const SIZE = 9;
export const CELLS = 81;
const HOUSES = 27;
export const ALL_DIGITS: DigitSet = 0x1ff;
export const GEOMETRY = geometryFor(SIZE, regularRegions(SIZE));

/** A house as the sheets name it: R (Reihe, row), S (Spalte, column), F (Feld, block), 1-based. */
export type HouseName = `${'R' | 'S' | 'F'}${1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9}`;

export function houseName(house: House): HouseName {
  return `${'RSF'[Math.floor(house / SIZE)]}${(house % SIZE) + 1}` as HouseName;
}

/** The house of a name like "S3", or −1. */
export function houseOfName(name: string): House {
  const m = /^([RSF])([1-9])$/.exec(name);
  if (!m) return -1;
  return 'RSF'.indexOf(m[1]!) * SIZE + Number(m[2]) - 1;
}

/** "r3c5", 1-based, as Sudoku players write it. */
export function cellLabel(cell: Cell): string {
  return `r${Math.floor(cell / SIZE) + 1}c${(cell % SIZE) + 1}`;
}

/** The digits already in each house (one DigitSet per house; clashing duplicates count once). */
export function houseMasks(board: Grid): Uint16Array {
  const masks = new Uint16Array(HOUSES);
  const ch = GEOMETRY.cellHouses;
  for (let cell = 0; cell < CELLS; cell++) {
    const d = board[cell]!;
    if (d === 0) continue;
    const bit = 1 << (d - 1);
    masks[ch[cell * 3]!] |= bit;
    masks[ch[cell * 3 + 1]!] |= bit;
    masks[ch[cell * 3 + 2]!] |= bit;
  }
  return masks;
}

/** Digits a cell admits under the Sudoku rule, given the house masks (0 when the cell is taken). */
export function allowedDigits(board: Grid, masks: Uint16Array, cell: Cell): DigitSet {
  if (board[cell] !== 0) return 0;
  const ch = GEOMETRY.cellHouses;
  return ALL_DIGITS & ~(masks[ch[cell * 3]!]! | masks[ch[cell * 3 + 1]!]! | masks[ch[cell * 3 + 2]!]!);
}

/** A tile the new digit would repeat: the house they share and the cell of the earlier tile. */
export interface Clash {
  house: HouseName;
  cell: Cell;
}

/** Every tile that placing `digit` on `cell` would repeat, one per house (row, column, block). */
export function clashesOf(board: Grid, cell: Cell, digit: Digit): Clash[] {
  const out: Clash[] = [];
  const ch = GEOMETRY.cellHouses;
  for (let k = 0; k < 3; k++) {
    const house = ch[cell * 3 + k]!;
    for (const other of GEOMETRY.cellsOf(house)) {
      if (other !== cell && board[other] === digit) {
        out.push({ house: houseName(house), cell: other });
        break;
      }
    }
  }
  return out;
}

/** A house is complete when its nine cells hold the nine digits (a house with a clash never is). */
function isHouseComplete(board: Grid, house: House): boolean {
  let mask = 0;
  for (const cell of GEOMETRY.cellsOf(house)) {
    const d = board[cell]!;
    if (d === 0) return false;
    mask |= 1 << (d - 1);
  }
  return mask === ALL_DIGITS;
}

/** The houses through any of `cells`, each once, in order R, S, F. */
function housesThrough(cells: readonly Cell[]): House[] {
  const set = new Set<House>();
  for (const cell of cells) for (let k = 0; k < 3; k++) set.add(GEOMETRY.cellHouses[cell * 3 + k]!);
  return [...set].sort((a, b) => a - b);
}

/** Houses through `cells` that are complete now but were not before those cells were filled. */
export function completedBy(board: Grid, cells: readonly Cell[]): House[] {
  return housesThrough(cells).filter((h) => isHouseComplete(board, h));
}
