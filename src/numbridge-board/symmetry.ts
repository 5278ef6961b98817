/**
 * Symmetric patterns of givens. The rhombus of hexagons has exactly three symmetries besides the
 * identity (a 60° rhombus has no 90° rotation):
 *
 *   rot180    (r, c) → (N−1−r, N−1−c)   half turn about the centre
 *   diag      (r, c) → (c, r)           mirror in the long diagonal (the acute corners r = c)
 *   antidiag  (r, c) → (N−1−c, N−1−r)   mirror in the short diagonal (r + c = N−1)
 *   all       all three at once
 *
 * Each maps hex neighbours to hex neighbours, so a symmetric pattern looks symmetric on the board.
 * A symmetric pattern is a union of orbits; orbit sizes are 1, 2 or 4, so a count of givens is
 * possible only when it is a sum of orbit sizes (rot180 and all on even N: even counts only).
 */
import { getOrMake } from '../core/memo.ts';
import type { Cell } from '../sudoku/types.ts';

export const SYMMETRIES = ['none', 'rot180', 'diag', 'antidiag', 'all'] as const;
export type Symmetry = (typeof SYMMETRIES)[number];

type CellMap = (size: number, r: number, c: number) => [number, number];

const MAPS: Record<Exclude<Symmetry, 'none' | 'all'>, CellMap> = {
  rot180: (n, r, c) => [n - 1 - r, n - 1 - c],
  diag: (_n, r, c) => [c, r],
  antidiag: (n, r, c) => [n - 1 - c, n - 1 - r],
};

/** The non-identity cell maps of a symmetry. */
function mapsOf(symmetry: Symmetry): CellMap[] {
  if (symmetry === 'none') return [];
  if (symmetry === 'all') return [MAPS.rot180, MAPS.diag, MAPS.antidiag];
  return [MAPS[symmetry]];
}

/** The image of a cell under one named symmetry. */
export function mapCell(size: number, symmetry: Exclude<Symmetry, 'none' | 'all'>, cell: Cell): Cell {
  const [r, c] = MAPS[symmetry](size, Math.floor(cell / size), cell % size);
  return r * size + c;
}

/**
 * The orbits of the cells under a symmetry, flat: orbit k's cells are
 * cells[start[k] .. start[k+1]−1]. Orbits are listed by their smallest cell.
 */
export interface Orbits {
  readonly count: number;
  readonly start: Uint16Array;
  readonly cells: Uint8Array;
  /** The orbit of each cell. */
  readonly orbitOf: Uint16Array;
  /** How many orbits have 1, 2 and 4 cells: sizes[1], sizes[2], sizes[4]. */
  readonly sizes: Readonly<Record<1 | 2 | 4, number>>;
}

const orbitCache = new Map<string, Orbits>();

export function orbitsOf(size: number, symmetry: Symmetry): Orbits {
  return getOrMake(orbitCache, size + symmetry, () => buildOrbits(size, symmetry));
}

function buildOrbits(size: number, symmetry: Symmetry): Orbits {
  const maps = mapsOf(symmetry);
  const cellCount = size * size;
  const orbitOf = new Uint16Array(cellCount).fill(0xffff);
  const start: number[] = [0];
  const cells: number[] = [];
  const sizes = { 1: 0, 2: 0, 4: 0 };
  for (let cell = 0; cell < cellCount; cell++) {
    if (orbitOf[cell] !== 0xffff) continue;
    const members = new Set<number>([cell]);
    for (const map of maps) {
      const [r, c] = map(size, Math.floor(cell / size), cell % size);
      members.add(r * size + c);
    }
    const k = start.length - 1;
    for (const m of [...members].sort((a, b) => a - b)) {
      orbitOf[m] = k;
      cells.push(m);
    }
    start.push(cells.length);
    sizes[members.size as 1 | 2 | 4]++;
  }
  return { count: start.length - 1, start: Uint16Array.from(start), cells: Uint8Array.from(cells), orbitOf, sizes };
}

/**
 * True when `total` cells can be made of whole orbits, given how many orbits of each size are
 * available. Sizes are 1, 2 and 4, so trying every count of 4s and 2s is enough (and tiny).
 */
export function isReachable(total: number, ones: number, twos: number, fours: number): boolean {
  if (total < 0 || total > ones + 2 * twos + 4 * fours) return false;
  for (let x4 = Math.min(fours, total >> 2); x4 >= 0; x4--) {
    const rest = total - 4 * x4;
    const x2 = Math.min(twos, rest >> 1);
    if (rest - 2 * x2 <= ones) return true;
  }
  return false;
}

/** Why `givens` givens cannot form a pattern with this symmetry on an N×N board, or null. */
export function symmetryProblem(size: number, symmetry: Symmetry, givens: number): string | null {
  const { sizes } = orbitsOf(size, symmetry);
  if (isReachable(givens, sizes[1], sizes[2], sizes[4])) return null;
  return `${givens} givens cannot form a ${symmetry}-symmetric pattern on ${size}×${size} (orbits of ${describeSizes(sizes)}${size % 2 === 0 && (symmetry === 'rot180' || symmetry === 'all') ? ': the count must be even' : ''})`;
}

function describeSizes(sizes: Record<1 | 2 | 4, number>): string {
  return ([1, 2, 4] as const).filter((s) => sizes[s] > 0).map((s) => `${sizes[s]}×${s}`).join(', ');
}

/** True when the pattern of non-zero cells is symmetric under the symmetry. */
export function isSymmetricPattern(size: number, symmetry: Symmetry, grid: ArrayLike<number>): boolean {
  const { count, start, cells } = orbitsOf(size, symmetry);
  for (let k = 0; k < count; k++) {
    const filled = grid[cells[start[k]!]!] !== 0;
    for (let i = start[k]! + 1; i < start[k + 1]!; i++) if ((grid[cells[i]!] !== 0) !== filled) return false;
  }
  return true;
}
