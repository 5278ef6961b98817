import { describe, expect, test } from 'vitest';
import { Rng } from '../../src/core/rng.ts';
import { randomLayout } from '../../src/numbridge-board/layouts.ts';
import { geometryFor, type Geometry } from '../../src/sudoku/geometry.ts';
import { regularRegions } from '../../src/sudoku/regions.ts';
import { LayoutSolver, type SolveOptions, type SolveResult } from '../../src/sudoku/solver.ts';

const popcount = (m: number): number => {
  let k = 0;
  for (; m !== 0; m &= m - 1) k++;
  return k;
};
const single = (m: number): boolean => (m & (m - 1)) === 0;

/** Naked and hidden singles to their fixpoint, by rescanning; false on a contradiction. */
function referencePropagate(g: Geometry, m: Uint16Array): boolean {
  const cells = g.cellCount;
  const full = (1 << g.size) - 1;
  const cleared = new Uint8Array(cells); // placed cells whose digit has left the peers
  for (let changed = true; changed; ) {
    changed = false;
    for (let c = 0; c < cells; c++) {
      if (m[c] === 0) return false;
      if (!single(m[c]!) || cleared[c]) continue;
      cleared[c] = 1;
      for (const p of g.peersOf(c)) {
        if (!(m[p]! & m[c]!)) continue;
        m[p]! ^= m[c]!;
        if (m[p] === 0) return false;
        changed = true;
      }
    }
    for (let h = 0; h < g.houseCount; h++) {
      for (let bit = 1; bit <= full; bit <<= 1) {
        const where = Array.from(g.cellsOf(h)).filter((c) => m[c]! & bit);
        if (where.length === 0) return false;
        if (where.length === 1 && !single(m[where[0]!]!)) {
          m[where[0]!] = bit;
          changed = true;
        }
      }
    }
  }
  return true;
}

/**
 * The generic search written plainly: singles by rescanning every cell and house until nothing
 * changes, the fewest-options branch by counting afresh. The solver's bookkeeping (queues, place
 * counts per house-digit) must visit the same nodes in the same order and draw the same numbers,
 * or the grids generators fill from a seed would change.
 */
function referenceSearch(g: Geometry, givens: Uint8Array, options: SolveOptions): SolveResult {
  const n = g.size;
  const cells = g.cellCount;
  const full = (1 << n) - 1;
  const limit = options.limit ?? 1;
  const maxNodes = options.maxNodes ?? Infinity;
  const rng = options.rng;
  let nodes = 0;
  let count = 0;
  let solution: Uint8Array | null = null;

  const propagate = (m: Uint16Array): boolean => referencePropagate(g, m);

  const shuffled = (items: number[]): number[] => {
    if (rng) rng.shuffle(items);
    return items;
  };

  const search = (m: Uint16Array): boolean => {
    if (++nodes > maxNodes) return true;
    if (!propagate(m)) return false;
    let bestCell = -1;
    let bestCount = 99;
    let ties = 0;
    for (let c = 0; c < cells; c++) {
      if (single(m[c]!)) continue;
      const pc = popcount(m[c]!);
      if (pc < bestCount) {
        bestCount = pc;
        bestCell = c;
        ties = 1;
        if (pc === 2 && !rng) break;
      } else if (rng && pc === bestCount && rng.int(++ties) === 0) bestCell = c;
    }
    if (bestCell < 0) {
      if (++count === 1) solution = Uint8Array.from(m, (x) => 32 - Math.clz32(x));
      return count >= limit;
    }
    let house = -1;
    let digit = 0;
    if (bestCount > 2) {
      let fewest = bestCount;
      for (let h = 0; h < g.houseCount; h++) {
        const houseCells = Array.from(g.cellsOf(h));
        for (let bit = 1; bit <= full; bit <<= 1) {
          if (houseCells.some((c) => m[c] === bit)) continue; // placed: covered
          const places = houseCells.filter((c) => m[c]! & bit).length;
          if (places < fewest) {
            fewest = places;
            house = h;
            digit = bit;
          }
        }
      }
    }
    const branches =
      house >= 0
        ? shuffled(Array.from(g.cellsOf(house)).filter((c) => m[c]! & digit)).map((c) => [c, digit] as const)
        : shuffled(Array.from({ length: n }, (_, d) => d).filter((d) => m[bestCell]! & (1 << d))).map((d) => [bestCell, 1 << d] as const);
    for (const [cell, bit] of branches) {
      const next = m.slice();
      next[cell] = bit;
      if (search(next)) return true;
    }
    return false;
  };

  const masks = Uint16Array.from(givens, (d) => (d === 0 ? full : 1 << (d - 1)));
  search(masks);
  return { count, solution, nodes, complete: nodes <= maxNodes };
}

const plain = (r: SolveResult) => ({ ...r, solution: r.solution ? Array.from(r.solution) : null });

describe('the generic search visits the nodes of the plain search', () => {
  test.each([5, 6, 7, 8, 9])('N = %i, irregular: random fills from sparse deals and counts to 2, node for node', (n) => {
    for (let seed = 0; seed < 30; seed++) {
      const regions = seed % 4 === 3 && n % 2 === 0 ? regularRegions(n) : randomLayout(n, new Rng('order-layout', n, seed));
      const geometry = geometryFor(n, regions);
      const solver = new LayoutSolver(geometry);
      // a random deal from 5 % to 30 % of the cells (clashes allowed: contradictions must match
      // too); the sparse ones are what make the search branch deep
      const deal = new Rng('order-deal', n, seed);
      const density = 0.05 + (0.25 * (seed % 6)) / 5;
      const givens = Uint8Array.from({ length: n * n }, () => (deal.chance(density) ? deal.range(1, n) : 0));
      const options = (): SolveOptions => ({ rng: new Rng('order-fill', n, seed), maxNodes: 300 });
      const a = solver.solveGeneric(givens, options());
      const b = referenceSearch(geometry, givens, options());
      expect(plain(a)).toEqual(plain(b));
      // and the same stream afterwards: the fill's later draws depend on it
      const after = options();
      solver.solveGeneric(givens, after);
      const afterRef = options();
      referenceSearch(geometry, givens, afterRef);
      expect(after.rng!.nextU32()).toBe(afterRef.rng!.nextU32());
      if (a.solution) {
        // 25 % to 60 % of the grid kept, counted to 2 without a random order
        const keep = new Rng('order-holes', n, seed);
        const kept = 0.25 + (0.35 * ((seed * 7) % 10)) / 9;
        const holes = Uint8Array.from(a.solution, (d) => (keep.chance(kept) ? d : 0));
        expect(plain(solver.solveGeneric(holes, { limit: 2, maxNodes: 5_000 }))).toEqual(plain(referenceSearch(geometry, holes, { limit: 2, maxNodes: 5_000 })));
      }
    }
  });
});

describe('the singles of the root (the grade-1 test of the generators) are the plain fixpoint', () => {
  test.each([6, 7, 9])('N = %i, irregular: many givens, some clashing', (n) => {
    for (let seed = 0; seed < 40; seed++) {
      const regions = randomLayout(n, new Rng('singles-layout', n, seed));
      const geometry = geometryFor(n, regions);
      const solver = new LayoutSolver(geometry);
      const grid = solver.solveGeneric(new Uint8Array(n * n), { rng: new Rng('singles-fill', n, seed), maxNodes: 5_000 }).solution;
      if (!grid) continue;
      const rng = new Rng('singles-holes', n, seed);
      const givens = Uint8Array.from(grid, (d) => (rng.chance(0.45) ? d : rng.chance(0.03) ? rng.range(1, n) : 0));
      const masks = Uint16Array.from(givens, (d) => (d === 0 ? (1 << n) - 1 : 1 << (d - 1)));
      const ok = referencePropagate(geometry, masks);
      const singles = solver.propagateSingles(givens);
      expect(singles.contradiction).toBe(!ok);
      if (ok) {
        expect(Array.from(singles.grid)).toEqual(Array.from(masks, (m) => (m & (m - 1) ? 0 : 32 - Math.clz32(m))));
        expect(singles.solved).toBe(masks.every((m) => (m & (m - 1)) === 0));
      }
    }
  });
});
