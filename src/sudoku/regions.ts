/**
 * Region maps: regular rectangular blocks, and the checks every region map must pass
 * (a partition into N regions of N cells, optionally each connected).
 */
import { getOrMake } from '../core/memo.ts';
import { isConnected, type Adjacency } from './hex.ts';
import { MAX_SIZE, MIN_SIZE, type Regions } from './types.ts';

/** Block height × width of each size's regular layout; sizes absent here (5, 7) have none. */
const REGULAR_BLOCK_SHAPES: Array<Readonly<{ rows: number; cols: number }> | undefined> = [];
for (const [size, rows, cols] of [[4, 2, 2], [6, 2, 3], [8, 2, 4], [9, 3, 3]] as const) REGULAR_BLOCK_SHAPES[size] = Object.freeze({ rows, cols });

/**
 * Block height × width of the regular layout of size N, or null when N has none (5, 7). Shared
 * and frozen: the line reader asks for every line, where a fresh object was a tenth of what
 * solving an easy line allocates.
 */
export function regularBlockShape(size: number): Readonly<{ rows: number; cols: number }> | null {
  return REGULAR_BLOCK_SHAPES[size] ?? null;
}

/** The regular region map: blocks numbered left to right, top to bottom (a fresh copy each call). */
export function regularRegions(size: number): Regions {
  // every board owns its map (callers may change theirs): copying is what a line's read costs
  return sharedRegularRegions(size).slice();
}

/**
 * The regular region map itself, one per size, shared by every caller: for boards that live only
 * for one call inside the library (the scratch board of browser.ts's `solve` of a line), never
 * written, never handed out.
 */
export function sharedRegularRegions(size: number): Readonly<Regions> {
  return getOrMake(regularTemplates, size, (size) => {
    const shape = regularBlockShape(size);
    if (!shape) throw new RangeError(`size ${size} has no regular blocks (only irregular ones)`);
    const template = new Uint8Array(size * size);
    const perRow = size / shape.cols;
    for (let r = 0; r < size; r++) {
      for (let c = 0; c < size; c++) {
        template[r * size + c] = Math.floor(r / shape.rows) * perRow + Math.floor(c / shape.cols);
      }
    }
    return template;
  });
}

const regularTemplates = new Map<number, Regions>();

/**
 * The same blocks numbered by first appearance (row-major): block 0 holds cell 0, block 1 the
 * first cell outside block 0, … Equal for two maps that differ only in their block numbers, so
 * whatever depends on the blocks and not on their labels (ids, the prover's order) uses it.
 */
export function regionsInOrder(size: number, regions: ArrayLike<number>): Regions {
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

/** True when the blocks are those of the regular layout of its size, whatever their numbers. */
export function isRegularRegions(size: number, regions: Regions): boolean {
  if (!regularBlockShape(size)) return false;
  // The regular layout is numbered in first-appearance order, so comparing in that order ignores labels.
  const regular = regularRegions(size);
  return regionsInOrder(size, regions).every((v, i) => v === regular[i]);
}

/** True when two maps have the same blocks as sets of cells, whatever their numbers. */
export function samePartition(a: ArrayLike<number>, b: ArrayLike<number>): boolean {
  if (a.length !== b.length) return false;
  const forward = new Map<number, number>();
  const back = new Map<number, number>();
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!, y = b[i]!;
    if ((forward.has(x) && forward.get(x) !== y) || (back.has(y) && back.get(y) !== x)) return false;
    forward.set(x, y);
    back.set(y, x);
  }
  return true;
}

/**
 * The first reason the map is not a valid partition, or null when it is: N·N entries, each
 * 0..N−1, every region of exactly N cells and (when `adjacency` is given) connected.
 */
export function regionProblem(size: number, regions: ArrayLike<number>, adjacency?: Adjacency): string | null {
  if (!Number.isInteger(size) || size < MIN_SIZE || size > MAX_SIZE) return `size ${size} is outside ${MIN_SIZE}..${MAX_SIZE}`;
  if (regions.length !== size * size) return `region map has ${regions.length} cells, expected ${size * size}`;
  const members: number[][] = Array.from({ length: size }, () => []);
  for (let i = 0; i < regions.length; i++) {
    const g = regions[i]!;
    if (!Number.isInteger(g) || g < 0 || g >= size) {
      return `cell r${Math.floor(i / size) + 1}c${(i % size) + 1} has region ${g}, expected 0..${size - 1}`;
    }
    members[g]!.push(i);
  }
  for (let g = 0; g < size; g++) {
    if (members[g]!.length !== size) return `region ${g} has ${members[g]!.length} cells, expected ${size}`;
    if (adjacency && !isConnected(size, members[g]!, adjacency)) {
      return `region ${g} is not connected (${adjacency} adjacency)`;
    }
  }
  return null;
}
