/**
 * Random full grids for a layout, by the seeded exact-cover solver under a node budget.
 *
 * The solver pays most per node while every open cell still has three or more candidates (it
 * then looks for a house-digit with fewer places), so an empty board is its slowest start. The
 * first cells are therefore DEALT cheaply: row-major, each a random digit its row, column and
 * block still allow (forward checking on house masks, no search); a deal that runs into a cell
 * with no digit left is dealt again at no solver cost. The solver, with random branching,
 * completes the deal within a small node budget, or the deal is thrown away and dealt anew.
 *
 * Filling times have a heavy tail (most layouts fill in under 100 nodes, some take thousands),
 * and short restarts cut it off. Regular layouts always fill: after the deals fail, a last try
 * deals row 0 only — which loses no grid at all (relabel the digits of any solution and row 0
 * becomes any permutation) — with a large budget. Irregular layouts get no last try: a layout
 * that no deal completes is rejected and the generator draws another (bench/numbridge.ts measures
 * how often; "only layouts that admit a solution"). About two fifths of those rejected layouts on 9×9
 * are known to have no grid at all before any deal, by the Law of Leftovers (`leftoversForbidAGrid`).
 */
import { POPCOUNT_1024 } from '../core/bits.ts';
import type { Rng } from '../core/rng.ts';
import type { Geometry } from '../sudoku/geometry.ts';
import { layoutFor } from '../sudoku/logic/layout.ts';
import { MAX_LEFTOVER } from '../sudoku/logic/techniques/leftover-sets.ts';
import { solverFor } from '../sudoku/solver.ts';
import type { Grid } from '../sudoku/types.ts';

export interface FillPlan {
  /** Share of the cells dealt before the solver takes over. */
  share: number;
  /** Deals to try, and the solver's node budget for each. */
  deals: number;
  nodes: number;
  /** Node budget of the last try (row 0 only); 0 = no last try. */
  lastTryNodes: number;
}

/**
 * Measured on 9×9: regular grids fill fastest with 40 % dealt (≈ 60 µs). Irregular layouts dealt
 * 40 % often cannot be completed; 20 % dealt with 80-node restarts filled 290 of 300 layouts at
 * ≈ 1.1 ms each, the lowest cost per filled layout among the plans tried (bench/numbridge.ts,
 * "filling", shows the rate of layouts rejected).
 */
export const REGULAR_FILL: FillPlan = { share: 0.4, deals: 6, nodes: 300, lastTryNodes: 20_000 };
export const IRREGULAR_FILL: FillPlan = { share: 0.2, deals: 60, nodes: 80, lastTryNodes: 0 };

export interface FillStats {
  /** Deals handed to the solver. */
  deals: number;
  /** Solver nodes spent. */
  nodes: number;
}

/**
 * A random solution grid of the layout, or null when none was found within the plan (then what
 * the Rng has drawn is unspecified: every caller drops the layout with its stream).
 */
export function randomSolution(geometry: Geometry, rng: Rng, plan: FillPlan, stats?: FillStats): Grid | null {
  if (leftoversForbidAGrid(geometry)) return null; // no deal could be completed
  const n = geometry.size;
  const cells = geometry.cellCount;
  const solver = solverFor(geometry);
  const seed = new Uint8Array(cells);
  const used = new Uint16Array(geometry.houseCount);
  const houses = geometry.cellHouses;
  const full = (1 << n) - 1;
  const dealt = Math.max(n, Math.round(cells * plan.share));
  const tries = plan.deals + (plan.lastTryNodes > 0 ? 1 : 0);
  for (let attempt = 0; attempt < tries; attempt++) {
    const last = attempt === plan.deals;
    const count = last ? n : dealt;
    seed.fill(0);
    used.fill(0);
    let dead = false;
    for (let c = 0; c < count; c++) {
      const h0 = houses[c * 3]!, h1 = houses[c * 3 + 1]!, h2 = houses[c * 3 + 2]!;
      const free = full & ~(used[h0]! | used[h1]! | used[h2]!);
      if (free === 0) {
        dead = true;
        break;
      }
      let m = free;
      for (let k = rng.int(POPCOUNT_1024[free]!); k > 0; k--) m &= m - 1;
      const bit = m & -m;
      seed[c] = 32 - Math.clz32(bit);
      used[h0]! |= bit;
      used[h1]! |= bit;
      used[h2]! |= bit;
    }
    if (dead) continue;
    const result = solver.solve(seed, { rng, maxNodes: last ? plan.lastTryNodes : plan.nodes });
    if (stats) {
      stats.deals++;
      stats.nodes += result.nodes;
    }
    if (result.count > 0) return result.solution;
  }
  return null;
}

/**
 * True when the Law of Leftovers shows that the layout has no solution grid. The two sides A and
 * B of a leftover pair (sudoku/logic/techniques/leftover-sets.ts) hold the same digits, so in any
 * grid each cell of A has a partner in B with its digit, a different one for each, and partners
 * never see each other. No such pairing of cells that do not see each other (a perfect matching,
 * |A| = |B| ≤ 4) means no grid. Sound, so a layout that has a grid is never refused. Measured on
 * 9×9: 27 of the 68 layouts that no deal filled (the fill spends 60 deals of 80 nodes on each),
 * none of 1,500 filled ones (a cell that sees the whole other side alone finds 22). The tables
 * are the prover's, cached per layout, so a layout that fills pays nothing extra.
 */
export function leftoversForbidAGrid(geometry: Geometry): boolean {
  const { leftoverLists, sees } = layoutFor(geometry);
  const { cells, start } = leftoverLists;
  const cellCount = geometry.cellCount;
  const pairs = (start.length - 1) / 2;
  const partners = new Uint32Array(MAX_LEFTOVER); // per cell of A: bit j set when it does not see B's j-th cell
  for (let k = 0; k < pairs; k++) {
    const a0 = start[2 * k]!, a1 = start[2 * k + 1]!, b1 = start[2 * k + 2]!;
    for (let i = a0; i < a1; i++) {
      let m = 0;
      for (let j = a1; j < b1; j++) if (!sees[cells[i]! * cellCount + cells[j]!]) m |= 1 << (j - a1);
      partners[i - a0] = m;
    }
    if (!matchesAll(partners, 0, a1 - a0, 0)) return true;
  }
  return false;
}

/** Whether cells i.. of A can each take a distinct partner of B outside `taken` (tiny: |A| ≤ 4). */
function matchesAll(partners: Uint32Array, i: number, count: number, taken: number): boolean {
  if (i === count) return true;
  for (let m = partners[i]! & ~taken; m !== 0; m &= m - 1) if (matchesAll(partners, i + 1, count, taken | (m & -m))) return true;
  return false;
}
