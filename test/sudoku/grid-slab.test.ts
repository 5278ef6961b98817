import { expect, test } from 'vitest';
import { newGrid } from '../../src/sudoku/grid-slab.ts';

test('grids cut from slabs are zeroed, of their own length, and never overlap, across slab ends', () => {
  const grids = [];
  // 81-, 36- and 16-cell grids in turn, and one larger than a slab: several slabs are cut
  for (let k = 0; k < 700; k++) grids.push(newGrid(k === 350 ? 9000 : [81, 36, 16][k % 3]!));
  grids.forEach((g, k) => {
    expect(g.length).toBe(k === 350 ? 9000 : [81, 36, 16][k % 3]);
    expect(g.every((x) => x === 0)).toBe(true);
    g.fill(k % 251);
  });
  grids.forEach((g, k) => expect(g.every((x) => x === k % 251), `grid ${k}`).toBe(true));
});
