/**
 * The hexagonal neighbour relation of Numbridge (docs/RULES.md). Cells are axial (r, c); row r is drawn
 * shifted r half-cells to the right, so the six neighbours of (r, c) are
 *
 *            (r−1,c) (r−1,c+1)
 *        (r,c−1)  (r,c)  (r,c+1)
 *            (r+1,c−1) (r+1,c)
 *
 * (r−1, c−1) and (r+1, c+1) are NOT neighbours, unlike on a square grid.
 */
import type { Cell } from './types.ts';

const HEX_STEPS: ReadonlyArray<readonly [number, number]> = [
  [0, -1], [0, 1], [-1, 0], [-1, 1], [1, -1], [1, 0],
];
const SQUARE_STEPS: ReadonlyArray<readonly [number, number]> = [
  [0, -1], [0, 1], [-1, 0], [1, 0],
];

export type Adjacency = 'hex' | 'square';

/** Neighbouring cells of `cell` on an N×N board under the given adjacency. */
export function neighbours(size: number, cell: Cell, adjacency: Adjacency = 'hex'): Cell[] {
  const r = Math.floor(cell / size);
  const c = cell % size;
  const out: Cell[] = [];
  for (const [dr, dc] of adjacency === 'hex' ? HEX_STEPS : SQUARE_STEPS) {
    const rr = r + dr;
    const cc = c + dc;
    if (rr >= 0 && rr < size && cc >= 0 && cc < size) out.push(rr * size + cc);
  }
  return out;
}

/** True when the cells form one connected piece under the adjacency. */
export function isConnected(size: number, cells: ReadonlyArray<Cell>, adjacency: Adjacency = 'hex'): boolean {
  if (cells.length === 0) return true;
  const inSet = new Set(cells);
  const seen = new Set<Cell>([cells[0]!]);
  const stack: Cell[] = [cells[0]!];
  while (stack.length > 0) {
    const cell = stack.pop()!;
    for (const n of neighbours(size, cell, adjacency)) {
      if (inSet.has(n) && !seen.has(n)) {
        seen.add(n);
        stack.push(n);
      }
    }
  }
  return seen.size === inSet.size;
}
