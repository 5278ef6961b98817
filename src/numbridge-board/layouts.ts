/**
 * Irregular block layouts: N blocks of N cells, each connected under the HEX adjacency of
 * docs/RULES.md. A layout is drawn by a random walk on the space of such partitions:
 *
 *   start   the rows (block k = row k): a valid partition, as far from any final layout as can be
 *   step    pick a random cell a, a random hex neighbour of a in another block B, and (from a
 *           random start) the first cell b of B that can trade places with a: b touches a's
 *           block A, a touches B without b, and each leaves its block along ONE unbroken arc of
 *           neighbours. Then swap the blocks of a and b.
 *
 * The arc test is the hex form of a "simple point" in digital topology: consecutive neighbours of
 * a cell touch each other, so if a block's neighbours of a form one arc, every path through a can
 * go round it and the block without a stays connected. With it every step is decided locally (no
 * search), sizes stay N, and every state is a valid layout. (Swapping only adjacent a and b is not
 * enough: the rows are a dead end for that move.) Enough steps forget the start, so the shapes are
 * as varied as the partitions the walk reaches: bench/numbridge.ts measures how varied. Afterwards
 * blocks are numbered in order of their first cell, so equal layouts have equal maps. Whether a
 * layout admits a solution is decided by filling it (fill.ts); the generator throws away layouts
 * that cannot be filled.
 *
 *   members[b·N + i]   the i-th cell of block b        slot[cell]   its index i in its block
 */
import { getOrMake } from '../core/memo.ts';
import type { Rng } from '../core/rng.ts';
import { isRegularRegions, regionsInOrder } from '../sudoku/regions.ts';
import type { Regions } from '../sudoku/types.ts';

const NONE = 255;

/**
 * The six neighbour directions in cyclic order around a cell, each adjacent to the next:
 * E (0,+1), NE (−1,+1), NW (−1,0), W (0,−1), SW (+1,−1), SE (+1,0).
 */
const CYCLE: ReadonlyArray<readonly [number, number]> = [[0, 1], [-1, 1], [-1, 0], [0, -1], [1, -1], [1, 0]];

const tables = new Map<number, Uint8Array>();

/** Six hex neighbours per cell in CYCLE order, flat (cell·6 + k), NONE where the board ends. */
export function hexNeighbourTable(size: number): Uint8Array {
  return getOrMake(tables, size, buildNeighbourTable);
}

function buildNeighbourTable(size: number): Uint8Array {
  const t = new Uint8Array(size * size * 6).fill(NONE);
  for (let cell = 0; cell < size * size; cell++) {
    const r = Math.floor(cell / size);
    const c = cell % size;
    CYCLE.forEach(([dr, dc], k) => {
      const rr = r + dr;
      const cc = c + dc;
      if (rr >= 0 && rr < size && cc >= 0 && cc < size) t[cell * 6 + k] = rr * size + cc;
    });
  }
  return t;
}

/** OPPOSITE_BIT[k]: the CYCLE bit of the direction opposite k (k + 3). */
const OPPOSITE_BIT = Uint8Array.from({ length: 6 }, (_, k) => 1 << ((k + 3) % 6));

/** RUNS[m]: contiguous runs of set bits in the 6-bit cyclic mask m (a full ring counts as one). */
const RUNS: Uint8Array = (() => {
  const t = new Uint8Array(64);
  for (let m = 1; m < 64; m++) {
    let runs = 0;
    for (let k = 0; k < 6; k++) if (m & (1 << k) && !(m & (1 << ((k + 5) % 6)))) runs++;
    t[m] = Math.max(runs, 1);
  }
  return t;
})();

/**
 * Steps per layout: 3·N³ (2,187 on 9×9). Measured (bench/numbridge.ts, "layout mixing"): from
 * about 2·N³ on, the block statistics — inner edges, distinct shapes, how much of row 0 still
 * shares a block — match those of walks ten times as long.
 */
export function defaultSwaps(size: number): number {
  return 3 * size * size * size;
}

/** A random hex-connected layout of N blocks of N cells (not yet known to admit a solution). */
export function randomLayout(size: number, rng: Rng, swaps = defaultSwaps(size)): Regions {
  const cells = size * size;
  const nb = hexNeighbourTable(size);
  const regions = new Uint8Array(cells);
  for (let c = 0; c < cells; c++) regions[c] = Math.floor(c / size);
  const walk = new Walk(size, regions, nb);
  walk.run(rng, swaps);
  // A block that is still a whole row or column would repeat that house, and the regular layout
  // is not irregular (small boards can walk back to it): walk on until neither holds.
  let numbered = numberInOrder(size, regions);
  while (duplicatesALine(size, regions) || isRegularRegions(size, numbered)) {
    walk.run(rng, cells);
    numbered = numberInOrder(size, regions);
  }
  return numbered;
}

/**
 * The random walk's state: the block member lists, and two tables kept up to date on every swap
 * so that each test of a step is one lookup instead of a pass over six neighbours:
 *
 *   same[cell]              6-bit mask: bit k set when the neighbour in CYCLE direction k is in
 *                           the cell's own block (the arc test reads RUNS[same[cell]])
 *   touching[cell·N + g]    how many of the cell's neighbours lie in block g
 */
class Walk {
  private readonly members: Uint8Array;
  private readonly slot: Uint8Array;
  private readonly same: Uint8Array;
  private readonly touching: Uint8Array;
  private readonly adjacent: Uint8Array;

  constructor(
    private readonly size: number,
    private readonly regions: Uint8Array,
    private readonly nb: Uint8Array,
  ) {
    const cells = size * size;
    this.members = new Uint8Array(cells);
    this.slot = new Uint8Array(cells);
    this.same = new Uint8Array(cells);
    this.touching = new Uint8Array(cells * size);
    this.adjacent = adjacencyTable(size);
    const fill = new Uint8Array(size);
    for (let c = 0; c < cells; c++) {
      const g = regions[c]!;
      this.slot[c] = fill[g]!;
      this.members[g * size + fill[g]!++] = c;
    }
    for (let c = 0; c < cells; c++) {
      this.same[c] = this.sameMask(c);
      for (let k = 0; k < 6; k++) {
        const x = nb[c * 6 + k]!;
        if (x !== NONE) this.touching[c * size + regions[x]!]!++;
      }
    }
  }

  run(rng: Rng, attempts: number): void {
    const { size, regions, nb, members, same, touching, adjacent } = this;
    const cells = size * size;
    for (let s = 0; s < attempts; s++) {
      const a = rng.int(cells);
      const x = nb[a * 6 + rng.int(6)]!;
      if (x === NONE) continue;
      const blockA = regions[a]!;
      const blockB = regions[x]!;
      // a leaves its block along one arc of its neighbours (see sameMask)
      if (blockA === blockB || RUNS[same[a]!] !== 1) continue;
      const aTouchesB = touching[a * size + blockB]!;
      // The first cell b of B, from a random start, that may trade places with a: b touches A
      // and a touches B without counting each other, and b leaves B along one arc.
      let slotB = rng.int(size);
      for (let i = 0; i < size; i++, slotB = slotB === size - 1 ? 0 : slotB + 1) {
        const b = members[blockB * size + slotB]!;
        const mutual = adjacent[a * cells + b]!;
        if (touching[b * size + blockA]! <= mutual || aTouchesB <= mutual || RUNS[same[b]!] !== 1) continue;
        this.swap(a, blockA, slotB, b, blockB);
        break;
      }
    }
  }

  /** a (of block A) and b (of block B, at slotB) trade blocks; the tables follow. */
  private swap(a: number, blockA: number, slotB: number, b: number, blockB: number): void {
    const { size, regions, members, slot } = this;
    regions[a] = blockB;
    regions[b] = blockA;
    const slotA = slot[a]!;
    members[blockA * size + slotA] = b;
    members[blockB * size + slotB] = a;
    slot[a] = slotB;
    slot[b] = slotA;
    this.moved(a, blockA, blockB);
    this.moved(b, blockB, blockA);
  }

  /**
   * After `cell` went from block `from` to block `to` (both swapped cells already moved): its
   * neighbours count one cell fewer in `from` and one more in `to`, see it from the opposite
   * direction in or out of their block, and its own arc mask is taken afresh.
   */
  private moved(cell: number, from: number, to: number): void {
    const { size, regions, nb, same, touching } = this;
    const block = regions[cell]!;
    let own = 0;
    for (let k = 0; k < 6; k++) {
      const y = nb[cell * 6 + k]!;
      if (y === NONE) continue;
      touching[y * size + from]!--;
      touching[y * size + to]!++;
      const back = OPPOSITE_BIT[k]!;
      if (regions[y] === block) {
        same[y]! |= back;
        own |= 1 << k;
      } else same[y]! &= ~back;
    }
    same[cell] = own;
  }

  /**
   * The neighbours of `cell` in its own block as a CYCLE mask. When they form one unbroken arc
   * around it (RUNS = 1), consecutive neighbours touch, so every path through `cell` can go
   * round it, and the block without it stays connected.
   */
  private sameMask(cell: number): number {
    const { regions, nb } = this;
    const block = regions[cell]!;
    let arc = 0;
    for (let k = 0; k < 6; k++) {
      const c = nb[cell * 6 + k]!;
      if (c !== NONE && regions[c] === block) arc |= 1 << k;
    }
    return arc;
  }
}

const adjacencies = new Map<number, Uint8Array>();

/** adjacent[a·N² + b] = 1 when cells a and b are hex neighbours. */
function adjacencyTable(size: number): Uint8Array {
  return getOrMake(adjacencies, size, buildAdjacency);
}

function buildAdjacency(size: number): Uint8Array {
  const cells = size * size;
  const nb = hexNeighbourTable(size);
  const t = new Uint8Array(cells * cells);
  for (let c = 0; c < cells; c++) for (let k = 0; k < 6; k++) if (nb[c * 6 + k] !== NONE) t[c * cells + nb[c * 6 + k]!] = 1;
  return t;
}

/** True when some block is exactly one row or one column. */
function duplicatesALine(size: number, regions: Uint8Array): boolean {
  for (let line = 0; line < size; line++) {
    let rowSame = true;
    let colSame = true;
    for (let i = 1; i < size; i++) {
      if (regions[line * size + i] !== regions[line * size]) rowSame = false;
      if (regions[i * size + line] !== regions[line]) colSame = false;
    }
    if (rowSame || colSame) return true;
  }
  return false;
}

/** Renumber blocks 0..N−1 in order of their first cell (row-major). */
export function numberInOrder(size: number, regions: ArrayLike<number>): Regions {
  return regionsInOrder(size, regions);
}

/**
 * The shape of one block, independent of where it sits: its cells as (r, c) offsets from the
 * block's top-left corner of its (r, c) bounding box, e.g. "0,0 0,1 1,0 …". Equal shapes (up to
 * translation) have equal keys; the benchmark and the tests count distinct keys.
 */
export function shapeKey(size: number, regions: ArrayLike<number>, block: number): string {
  const cells: Array<[number, number]> = [];
  for (let c = 0; c < size * size; c++) if (regions[c] === block) cells.push([Math.floor(c / size), c % size]);
  const r0 = Math.min(...cells.map(([r]) => r));
  const c0 = Math.min(...cells.map(([, c]) => c));
  return cells.map(([r, c]) => `${r - r0},${c - c0}`).sort().join(' ');
}

/** Hex edges inside a block: 3·N−… for a compact blob, N−1 for a path. A measure of compactness. */
export function innerEdges(size: number, regions: ArrayLike<number>, block: number): number {
  const nb = hexNeighbourTable(size);
  let edges = 0;
  for (let c = 0; c < size * size; c++) {
    if (regions[c] !== block) continue;
    for (let k = 0; k < 6; k++) {
      const d = nb[c * 6 + k]!;
      if (d !== NONE && d > c && regions[d] === block) edges++;
    }
  }
  return edges;
}
