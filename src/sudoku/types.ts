/**
 * The vocabulary of the Sudoku core, named before any code uses it (Norvig's order).
 *
 *   Digit     1..N, the symbol in a cell (0 means "empty" wherever a grid of digits is stored)
 *   DigitSet  bit d−1 set ⇔ digit d is a member          N=9:  bit 8 ······· bit 0
 *                                                              [ 9 8 7 6 5 4 3 2 1 ]
 *   Cell      r·N + c, row r and column c 0-based (row 0 at the top, column 0 at the left)
 *   House     a set of N cells that must hold every digit once: a row, a column or a region.
 *             Houses are numbered 0..N−1 rows, N..2N−1 columns, 2N..3N−1 regions.
 *   Regions   N·N region numbers 0..N−1, one per cell: a partition into N blocks of N cells
 *   Board     size, regions and givens — everything needed to pose a puzzle
 *   Grid      N·N digits, 0 = empty (givens, partial states and solutions are all grids)
 */

import type { Rng } from '../core/rng.ts';

export type Digit = number;
export type DigitSet = number;
export type Cell = number;
export type House = number;

/** N·N bytes, row-major; 0 = empty. */
export type Grid = Uint8Array;

/** N·N region numbers 0..N−1, row-major. */
export type Regions = Uint8Array;

/** Everything needed to pose an N×N puzzle. */
export interface Board {
  readonly size: number;
  readonly regions: Regions;
  readonly givens: Grid;
}

/** Sizes the project supports. */
export const MIN_SIZE = 4;
export const MAX_SIZE = 9;

export type HouseKind = 'row' | 'column' | 'region';

// What a search is asked and answers: shared by the policy (solver.ts) and the searches it runs.

export interface SolveOptions {
  /** Stop after this many solutions (default 1; 2 proves uniqueness). */
  limit?: number;
  /** Randomise the branching order (for filling grids); deterministic for a given Rng state. */
  rng?: Rng;
  /** Give up after this many search nodes; the result then has `complete: false`. */
  maxNodes?: number;
}

/** What naked and hidden singles alone reach from the givens (see `propagateSingles`). */
export interface SinglesResult {
  /** Every cell placed without a contradiction: the board has exactly this one solution. */
  solved: boolean;
  /** A clash among the givens, or a cell or house-digit left with no option: no solution. */
  contradiction: boolean;
  /** Placed digits (givens included), 0 where open. Not meaningful after a contradiction. */
  grid: Grid;
}

export interface SolveResult {
  /** Solutions found, at most `limit`. With `limit: 2`: 0 none, 1 unique, 2 two or more. */
  count: number;
  /**
   * The first solution found, or null. Yours to read and change, but a view of N² bytes into a
   * buffer shared with up to 31 other results' grids (grids.ts), as Node's small Buffers share a
   * pool. Copy it (`solution.slice()`) before anything takes its `buffer`: transferring it
   * (postMessage's transfer list) empties the other grids, and a structured clone (postMessage,
   * IndexedDB) or an API given `.buffer` copies all of it, other puzzles' solutions included.
   */
  solution: Grid | null;
  /** Search nodes visited (the root and every branch taken): a machine-independent cost. */
  nodes: number;
  /** False when `maxNodes` stopped the search before it was decided. */
  complete: boolean;
}
