/**
 * Solution grids cut from shared slabs, the way Node cuts small Buffers from its pool. A Uint8Array
 * of its own costs about 300 ns at 81 bytes (V8 keeps only typed arrays of up to 64 bytes on its
 * heap; larger ones get a backing store apiece), a view into a slab about 40 ns: on a 17-clue
 * puzzle that is a twentieth of the whole count to 2.
 *
 * A grid is a view: its `.buffer` is the slab, shared with about a hundred other grids, so copy
 * it (`grid.slice()`) before transferring its buffer or posting it to a worker (a structured
 * clone copies the whole slab).
 */
import type { Grid } from './types.ts';

const SLAB_BYTES = 8192;
let slab = new Uint8Array(0);
let used = 0;

/** A zeroed grid of `cells` cells, a view into the current slab. */
export function newGrid(cells: number): Grid {
  if (used + cells > slab.length) {
    slab = new Uint8Array(Math.max(SLAB_BYTES, cells));
    used = 0;
  }
  const grid = slab.subarray(used, used + cells);
  used += cells;
  return grid;
}
