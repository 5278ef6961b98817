/**
 * The fixed structure of an N×N board with a region map: its houses and each cell's peers.
 * Built once per layout and shared by the solver, the logic prover and the generators.
 *
 *   houseCells   3N houses × N cells, flat:  [ row 0 … row N−1 | col 0 … col N−1 | region 0 … ]
 *                house h's cells are houseCells[h·N .. h·N+N−1]
 *   cellHouses   N·N cells × 3: the row, column and region house of each cell
 *   peers        every cell that shares a house with a cell, flat, cell c's are
 *                peers[peerStart[c] .. peerStart[c+1]−1]  (20 per cell on regular 9×9)
 *   regionLabel  the caller's number of region house k (identity unless built by geometryInBlockOrder)
 */
import { BoundedCache, LastKey } from '../core/memo.ts';
import { regionProblem, regionsInOrder } from './regions.ts';
import type { Cell, House, HouseKind, Regions } from './types.ts';

export class Geometry {
  readonly size: number;
  readonly cellCount: number;
  readonly houseCount: number;
  readonly regions: Regions;
  readonly houseCells: Uint8Array;
  readonly cellHouses: Uint8Array;
  readonly peers: Uint8Array;
  readonly peerStart: Uint16Array;
  /** The block number a caller knows region house k by (sentences name blocks by it). */
  readonly regionLabel: Uint8Array;

  constructor(size: number, regions: Regions, regionLabel?: ArrayLike<number>) {
    const problem = regionProblem(size, regions);
    if (problem) throw new RangeError(problem);
    this.size = size;
    this.cellCount = size * size;
    this.houseCount = 3 * size;
    this.regions = Uint8Array.from(regions);
    this.regionLabel = regionLabel ? Uint8Array.from(regionLabel) : Uint8Array.from({ length: size }, (_, k) => k);
    this.houseCells = new Uint8Array(3 * size * size);
    this.cellHouses = new Uint8Array(3 * size * size);
    const fill = new Uint8Array(size);
    for (let cell = 0; cell < this.cellCount; cell++) {
      const r = Math.floor(cell / size);
      const c = cell % size;
      const g = this.regions[cell]!;
      this.houseCells[r * size + c] = cell;
      this.houseCells[(size + c) * size + r] = cell;
      this.houseCells[(2 * size + g) * size + fill[g]!++] = cell;
      this.cellHouses[cell * 3] = r;
      this.cellHouses[cell * 3 + 1] = size + c;
      this.cellHouses[cell * 3 + 2] = 2 * size + g;
    }
    // Peers in increasing order, straight into typed arrays (new irregular layouts are built
    // often by the generators, so this avoids sets and sorting).
    const n = this.cellCount;
    const scratch = new Uint8Array(n * n);
    this.peerStart = new Uint16Array(n + 1);
    let total = 0;
    for (let cell = 0; cell < n; cell++) {
      this.peerStart[cell] = total;
      const r = this.cellHouses[cell * 3]!;
      const c = this.cellHouses[cell * 3 + 1]!;
      const g = this.cellHouses[cell * 3 + 2]!;
      for (let other = 0; other < n; other++) {
        if (other !== cell && (this.cellHouses[other * 3] === r || this.cellHouses[other * 3 + 1] === c || this.cellHouses[other * 3 + 2] === g)) {
          scratch[total++] = other;
        }
      }
    }
    this.peerStart[n] = total;
    this.peers = scratch.slice(0, total);
  }

  /** The N cells of a house (a view, not a copy). */
  cellsOf(house: House): Uint8Array {
    return this.houseCells.subarray(house * this.size, house * this.size + this.size);
  }

  /** Peers of a cell (a view). */
  peersOf(cell: Cell): Uint8Array {
    return this.peers.subarray(this.peerStart[cell]!, this.peerStart[cell + 1]!);
  }

  rowOf(cell: Cell): number {
    return Math.floor(cell / this.size);
  }

  columnOf(cell: Cell): number {
    return cell % this.size;
  }

  regionOf(cell: Cell): number {
    return this.regions[cell]!;
  }

  houseKind(house: House): HouseKind {
    return house < this.size ? 'row' : house < 2 * this.size ? 'column' : 'region';
  }

  /** Index of the house within its kind (row number, column number or the caller's region number). */
  houseIndex(house: House): number {
    return house < 2 * this.size ? house % this.size : this.regionLabel[house - 2 * this.size]!;
  }

  /** True when two distinct cells share a house. */
  sees(a: Cell, b: Cell): boolean {
    if (a === b) return false;
    const n = this.size;
    return Math.floor(a / n) === Math.floor(b / n) || a % n === b % n || this.regions[a] === this.regions[b];
  }

  /** A short key identifying the layout, for caches. */
  get key(): string {
    return this.size + ':' + Array.from(this.regions).join('');
  }
}

/** Irregular generators make a new layout for almost every board: the caches keep the last 4,096. */
const CACHED_LAYOUTS = 4096;

const cache = new BoundedCache<string, Geometry>(CACHED_LAYOUTS);

/** The shared geometry for a layout (built once per distinct region map, while cached). */
export function geometryFor(size: number, regions: Regions): Geometry {
  // one character per cell (its block number as a char code): half the cost of join('')
  const key = size + ':' + String.fromCharCode.apply(null, regions as unknown as number[]);
  return cache.getOrMake(key, () => new Geometry(size, regions));
}

const inBlockOrder = new BoundedCache<string, Geometry>(CACHED_LAYOUTS);

/**
 * The geometry of a layout with its region houses in the order of their first cell (row-major),
 * whatever numbers the map gives the blocks; `houseIndex` still answers with the map's numbers.
 * The logic prover works on it, so the order in which it meets blocks, and with it the path it
 * finds and the score, depends on the layout only, never on how the blocks are labelled.
 */
export function geometryInBlockOrder(size: number, regions: Regions): Geometry {
  const ordered = regionsInOrder(size, regions);
  if (ordered.every((g, i) => g === regions[i])) return geometryFor(size, regions);
  const key = size + ':' + regions.join('');
  return inBlockOrder.getOrMake(key, () => {
    const problem = regionProblem(size, regions);
    if (problem) throw new RangeError(problem);
    const label = new Uint8Array(size);
    for (let c = 0; c < regions.length; c++) label[ordered[c]!] = regions[c]!;
    return new Geometry(size, ordered, label);
  });
}

/** A layout as the one-entry memos see it: a board, or anything with a size and a region map. */
export interface Layout {
  readonly size: number;
  readonly regions: Regions;
}

/** Runs on every `solve` and `prove` call: a plain loop over the map, no `every` callback. */
function sameLayout(a: Layout, kept: Layout): boolean {
  const r = a.regions;
  const k = kept.regions;
  if (a.size !== kept.size || r.length !== k.length) return false;
  for (let i = 0; i < r.length; i++) if (r[i] !== k[i]) return false;
  return true;
}

/** A copy of the key: the caller's map may be changed after the call. */
const keepLayout = (a: Layout): Layout => ({ size: a.size, regions: a.regions.slice() });

/**
 * `make(size, regions)` remembered for the last layout asked (a byte compare of the map): callers
 * that meet many boards of one layout in a row (every batch, every carve loop, the generators'
 * prover calls) skip building the layout's cache key, which on 9×9 costs about a microsecond, as
 * much as a whole 17-clue search. The solver's entry and the prover's each keep one.
 */
export function lastLayoutMemo<V>(make: (size: number, regions: Regions) => V): (layout: Layout) => V {
  const last = new LastKey<Layout, V>(sameLayout, keepLayout);
  const build = (layout: Layout): V => make(layout.size, layout.regions);
  return (layout) => last.get(layout, build);
}
