/**
 * Irregular block layouts: N blocks of N cells, each connected under the HEX adjacency of
 * RULES.md. A layout is drawn by a random walk on the space of such partitions:
 *
 *   start   the rows (block k = row k): a valid partition, as far from any final layout as can be
 *   step    pick a random cell a, a random hex neighbour of a in another block B, and a random
 *           cell b of B; swap the blocks of a and b (sizes stay N); keep the swap only when both
 *           blocks are still connected
 *
 * (Swapping only adjacent a and b is not enough: the rows are a dead end for that move.) Every
 * state is a valid layout, and enough steps forget the start, so the shapes are as varied as the
 * partitions themselves: bench/numbridge.ts measures how varied. Afterwards blocks are numbered in
 * order of their first cell, so equal layouts have equal maps. Whether a layout admits a solution
 * is decided by filling it (fill.ts); the generator throws away layouts that cannot be filled.
 *
 *   members[b·N + i]   the i-th cell of block b        slot[cell]   its index i in its block
 */
import type { Rng } from '../core/rng.ts';
import { neighbours } from '../sudoku/hex.ts';
import { isRegularRegions } from '../sudoku/regions.ts';
import type { Regions } from '../sudoku/types.ts';

const NONE = 255;

const tables = new Map<number, Uint8Array>();

/** Six hex neighbours per cell, flat (cell·6 + k), NONE where the board ends. */
export function hexNeighbourTable(size: number): Uint8Array {
  let t = tables.get(size);
  if (!t) {
    t = new Uint8Array(size * size * 6).fill(NONE);
    for (let cell = 0; cell < size * size; cell++) neighbours(size, cell, 'hex').forEach((nb, k) => (t![cell * 6 + k] = nb));
    tables.set(size, t);
  }
  return t;
}

/**
 * Swap attempts per layout. About 6·N³ accepted-or-not attempts: at that length the block shapes
 * of many layouts are statistically indistinguishable from much longer walks (bench/numbridge.ts,
 * "layout mixing"), while a 9×9 layout still takes well under a millisecond.
 */
export function defaultSwaps(size: number): number {
  return 6 * size * size * size;
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

/** The random walk's state: block member lists, a BFS stack and visit stamps. */
class Walk {
  private readonly members: Uint8Array;
  private readonly slot: Uint8Array;
  private readonly stack: Uint8Array;
  private readonly seen: Uint16Array;
  private stamp = 0;

  constructor(
    private readonly size: number,
    private readonly regions: Uint8Array,
    private readonly nb: Uint8Array,
  ) {
    const cells = size * size;
    this.members = new Uint8Array(cells);
    this.slot = new Uint8Array(cells);
    const fill = new Uint8Array(size);
    for (let c = 0; c < cells; c++) {
      const g = regions[c]!;
      this.slot[c] = fill[g]!;
      this.members[g * size + fill[g]!++] = c;
    }
    this.stack = new Uint8Array(cells);
    this.seen = new Uint16Array(cells);
  }

  run(rng: Rng, attempts: number): void {
    const { size, regions, nb, members, slot } = this;
    const cells = size * size;
    for (let s = 0; s < attempts; s++) {
      const a = rng.int(cells);
      const x = nb[a * 6 + rng.int(6)]!;
      if (x === NONE) continue;
      const blockA = regions[a]!;
      const blockB = regions[x]!;
      if (blockA === blockB) continue;
      const b = members[blockB * size + rng.int(size)]!;
      regions[a] = blockB;
      regions[b] = blockA;
      if (this.connected(blockA, b) && this.connected(blockB, a)) {
        const slotA = slot[a]!;
        const slotB = slot[b]!;
        members[blockA * size + slotA] = b;
        members[blockB * size + slotB] = a;
        slot[a] = slotB;
        slot[b] = slotA;
        continue;
      }
      regions[a] = blockA;
      regions[b] = blockB;
    }
  }

  /** True when the block reached from `from` has all N cells. */
  private connected(block: number, from: number): boolean {
    const { size, regions, nb, stack, seen } = this;
    if (++this.stamp === 0xffff) {
      seen.fill(0);
      this.stamp = 1;
    }
    const stamp = this.stamp;
    let top = 0;
    let reached = 1;
    stack[top++] = from;
    seen[from] = stamp;
    while (top > 0) {
      const cell = stack[--top]!;
      for (let k = cell * 6, end = k + 6; k < end; k++) {
        const next = nb[k]!;
        if (next !== NONE && regions[next] === block && seen[next] !== stamp) {
          seen[next] = stamp;
          reached++;
          stack[top++] = next;
        }
      }
    }
    return reached === size;
  }
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
  const rename = new Int16Array(size).fill(-1);
  const out = new Uint8Array(size * size);
  let next = 0;
  for (let c = 0; c < size * size; c++) {
    const g = regions[c]!;
    if (rename[g] === -1) rename[g] = next++;
    out[c] = rename[g]!;
  }
  return out;
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
