/**
 * Solution grids as the solvers hand them out: views of N² bytes into small buffers shared by
 * GRIDS_PER_BUFFER grids in a row, as Node's small Buffers share a pool. A grid with a buffer of
 * its own costs V8 an off-heap allocation (typed arrays above 64 bytes keep their bytes outside
 * the JS heap): about a microsecond, a tenth of a regular 9×9 count to 2, and most of what the
 * count allocates. Each grid is its caller's to read and write; only `grid.buffer` is shared.
 * So a grid is copied (`grid.slice()`) before its buffer goes anywhere: transferred to a worker
 * it empties the other grids of that buffer, and cloned (postMessage, IndexedDB) or handed to an
 * API as `.buffer` it takes them along. Nothing in puzzlemill does either (results cross workers
 * and the network as text). A detached buffer is left behind: the next grid starts a new one.
 */
const GRIDS_PER_BUFFER = 32;

let buffer = new ArrayBuffer(0);
let used = 0;

/** A fresh grid of `cells` zero bytes: a view into the current shared buffer, or a new one. */
export function newGrid(cells: number): Uint8Array {
  if (used + cells > buffer.byteLength) { // full, or detached by a caller's transfer (byteLength 0)
    buffer = new ArrayBuffer(cells * GRIDS_PER_BUFFER);
    used = 0;
  }
  const grid = new Uint8Array(buffer, used, cells);
  used += cells;
  return grid;
}
