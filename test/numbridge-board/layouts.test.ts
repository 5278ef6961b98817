import { describe, expect, test } from 'vitest';
import { Rng } from '../../src/core/rng.ts';
import { IRREGULAR_FILL, leftoversForbidAGrid, randomSolution, REGULAR_FILL } from '../../src/numbridge-board/fill.ts';
import { hexNeighbourTable, innerEdges, randomLayout, shapeKey } from '../../src/numbridge-board/layouts.ts';
import { isSolutionOf } from '../../src/sudoku/check.ts';
import { solve } from '../../src/sudoku/solver.ts';
import { geometryFor } from '../../src/sudoku/geometry.ts';
import { isConnected } from '../../src/sudoku/hex.ts';
import { isRegularRegions, regionProblem, regionsInOrder, regularRegions } from '../../src/sudoku/regions.ts';

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

/**
 * The walk as first written, every test a pass over six neighbours: the walk keeps tables of
 * them, and must draw the same numbers and make the same swaps (same layouts for the same seeds).
 */
function referenceLayout(n: number, rng: Rng): Uint8Array {
  const NONE = 255;
  const cells = n * n;
  const nb = hexNeighbourTable(n);
  const regions = Uint8Array.from({ length: cells }, (_, c) => Math.floor(c / n));
  const members = new Uint8Array(cells);
  const slot = new Uint8Array(cells);
  const fill = new Uint8Array(n);
  for (let c = 0; c < cells; c++) {
    slot[c] = fill[regions[c]!]!;
    members[regions[c]! * n + fill[regions[c]!]!++] = c;
  }
  const touches = (cell: number, block: number, except: number) => [0, 1, 2, 3, 4, 5].some((k) => nb[cell * 6 + k] !== NONE && nb[cell * 6 + k] !== except && regions[nb[cell * 6 + k]!] === block);
  const oneArc = (cell: number) => {
    const inBlock = [0, 1, 2, 3, 4, 5].map((k) => nb[cell * 6 + k] !== NONE && regions[nb[cell * 6 + k]!] === regions[cell]);
    const starts = inBlock.filter((x, k) => x && !inBlock[(k + 5) % 6]).length;
    return inBlock.some((x) => x) && starts <= 1;
  };
  const run = (steps: number) => {
    for (let s = 0; s < steps; s++) {
      const a = rng.int(cells);
      const x = nb[a * 6 + rng.int(6)]!;
      if (x === NONE || regions[a] === regions[x] || !oneArc(a)) continue;
      const blockA = regions[a]!;
      const blockB = regions[x]!;
      const from = rng.int(n);
      for (let i = 0; i < n; i++) {
        const slotB = (from + i) % n;
        const b = members[blockB * n + slotB]!;
        if (!touches(b, blockA, a) || !touches(a, blockB, b) || !oneArc(b)) continue;
        regions[a] = blockB;
        regions[b] = blockA;
        members[blockA * n + slot[a]!] = b;
        members[blockB * n + slotB] = a;
        slot[b] = slot[a]!;
        slot[a] = slotB;
        break;
      }
    }
  };
  run(3 * n * n * n);
  const line = (r: number, c: number, i: number) => regions[r * n + c]! === regions[i]!;
  const duplicatesALine = () => Array.from({ length: n }, (_, l) => l).some((l) => Array.from({ length: n }, (_, i) => i).every((i) => line(l, i, l * n)) || Array.from({ length: n }, (_, i) => i).every((i) => line(i, l, l)));
  while (duplicatesALine() || isRegularRegions(n, regionsInOrder(n, regions))) run(cells);
  return regionsInOrder(n, regions);
}

describe('the layout walk', () => {
  test.each(SIZES)('%i×%i: the same layouts as the reference walk, and the same draws after it', (n) => {
    for (let seed = 0; seed < 40; seed++) {
      const a = new Rng('walk-reference', n, seed);
      const b = new Rng('walk-reference', n, seed);
      expect(Array.from(randomLayout(n, a))).toEqual(Array.from(referenceLayout(n, b)));
      expect(a.nextU32()).toBe(b.nextU32());
    }
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

describe('layouts the Law of Leftovers refuses', () => {
  test('have no grid (5×5: the search decides every one), and no layout with a grid is refused', () => {
    let refused = 0;
    for (const n of [5, 6]) {
      for (let seed = 0; seed < 150; seed++) {
        const regions = randomLayout(n, new Rng('leftover-refusal', n, seed));
        const counted = solve({ size: n, regions, givens: new Uint8Array(n * n) }, { limit: 1, maxNodes: n === 5 ? undefined : 20_000 });
        const refuses = leftoversForbidAGrid(geometryFor(n, regions));
        if (counted.count > 0) expect(refuses, `${n}×${n} seed ${seed} has a grid`).toBe(false);
        if (refuses) {
          refused++;
          if (n === 5) expect(counted).toMatchObject({ count: 0, complete: true });
          expect(randomSolution(geometryFor(n, regions), new Rng('fill', seed), IRREGULAR_FILL)).toBeNull();
        }
      }
    }
    expect(refused).toBeGreaterThan(10);
  });
});
