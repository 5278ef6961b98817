/**
 * A deliberately plain solution counter for tests: cells in reading order, digits 1..N, a full
 * validity scan at every step. It shares nothing with src/sudoku/solver.ts, so agreement means
 * something.
 */
export function bruteCount(size: number, regions: ArrayLike<number>, givens: ArrayLike<number>, limit: number): number {
  const grid = Array.from(givens);
  const ok = (cell: number, d: number): boolean => {
    const r = Math.floor(cell / size);
    const c = cell % size;
    for (let i = 0; i < size * size; i++) {
      if (i === cell || grid[i] !== d) continue;
      if (Math.floor(i / size) === r || i % size === c || regions[i] === regions[cell]) return false;
    }
    return true;
  };
  for (let i = 0; i < size * size; i++) if (grid[i] !== 0 && !ok(i, grid[i]!)) return 0;
  let count = 0;
  const go = (cell: number): void => {
    if (count >= limit) return;
    while (cell < size * size && grid[cell] !== 0) cell++;
    if (cell === size * size) {
      count++;
      return;
    }
    for (let d = 1; d <= size; d++) {
      if (!ok(cell, d)) continue;
      grid[cell] = d;
      go(cell + 1);
      grid[cell] = 0;
      if (count >= limit) return;
    }
  };
  go(0);
  return count;
}
