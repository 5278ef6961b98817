import { describe, expect, test } from 'vitest';
import { Rng } from '../../src/core/rng.ts';
import { IRREGULAR_FILL, randomSolution, REGULAR_FILL } from '../../src/numbridge/fill.ts';
import { innerEdges, randomLayout, shapeKey } from '../../src/numbridge/layouts.ts';
import { isSolutionOf } from '../../src/sudoku/check.ts';
import { geometryFor } from '../../src/sudoku/geometry.ts';
import { isConnected } from '../../src/sudoku/hex.ts';
import { isRegularRegions, regionProblem, regularRegions } from '../../src/sudoku/regions.ts';

const SIZES = [4, 5, 6, 7, 8, 9];
const blockCells = (n: number, regions: Uint8Array, g: number) => Array.from({ length: n * n }, (_, c) => c).filter((c) => regions[c] === g);

describe('irregular layouts', () => {
  test.each(SIZES)('%i×%i: N hex-connected blocks of N cells, none a whole line, not the regular layout, numbered in order', (n) => {
    for (let seed = 0; seed < 15; seed++) {
      const regions = randomLayout(n, new Rng('layout-test', n, seed));
      expect(regionProblem(n, regions, 'hex')).toBeNull();
      expect(isRegularRegions(n, regions)).toBe(false);
      for (let g = 0; g < n; g++) {
        const cells = blockCells(n, regions, g);
        expect(new Set(cells.map((c) => Math.floor(c / n))).size, `block ${g} is a row`).toBeGreaterThan(1);
        expect(new Set(cells.map((c) => c % n)).size, `block ${g} is a column`).toBeGreaterThan(1);
      }
      let next = 0;
      for (const g of regions) if (g >= next) expect(g).toBe(next++);
    }
  });

  test('a different layout for every seed, with varied shapes that use the hex diagonals', () => {
    const n = 9;
    const layouts = new Set<string>();
    const shapes = new Set<string>();
    let squareDisconnected = 0;
    const edges: number[] = [];
    for (let seed = 0; seed < 40; seed++) {
      const regions = randomLayout(n, new Rng('variety', seed));
      layouts.add(regions.join(''));
      for (let g = 0; g < n; g++) {
        shapes.add(shapeKey(n, regions, g));
        edges.push(innerEdges(n, regions, g));
        if (!isConnected(n, blockCells(n, regions, g), 'square')) squareDisconnected++;
      }
    }
    expect(layouts.size).toBe(40);
    // 360 blocks: a generator of bent rectangles would repeat a handful of shapes.
    expect(shapes.size).toBeGreaterThan(250);
    // Blocks held together only by a hex diagonal exist: the adjacency really is hex.
    expect(squareDisconnected).toBeGreaterThan(20);
    // Compact blobs (a 3×3 rhombus has 16 inner edges) and thin snakes (8) both occur.
    expect(Math.min(...edges)).toBeLessThanOrEqual(9);
    expect(Math.max(...edges)).toBeGreaterThanOrEqual(14);
  });
});

describe('random solutions', () => {
  test.each(SIZES)('%i×%i: valid, seeded, and different per seed', (n) => {
    const grids = new Set<string>();
    for (let seed = 0; seed < 10; seed++) {
      const regular = n % 2 === 0 && seed % 2 === 0;
      const regions = regular ? regularRegions(n) : randomLayout(n, new Rng('fill-layout', n, seed));
      const plan = regular ? REGULAR_FILL : IRREGULAR_FILL;
      const a = randomSolution(geometryFor(n, regions), new Rng('fill', n, seed), plan);
      const b = randomSolution(geometryFor(n, regions), new Rng('fill', n, seed), plan);
      expect(a === null ? null : Array.from(a)).toEqual(b === null ? null : Array.from(b));
      if (regular) expect(a).not.toBeNull();
      if (!a) continue;
      expect(isSolutionOf({ size: n, regions, givens: new Uint8Array(n * n) }, a)).toBe(true);
      grids.add(a.join(''));
    }
    expect(grids.size).toBeGreaterThanOrEqual(8);
  });
});
