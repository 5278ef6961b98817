/**
 * Random full grids for a layout, by the seeded exact-cover solver under a node budget.
 *
 * The solver pays most per node while every open cell still has three or more candidates (it
 * then looks for a house-digit with fewer places), so an empty board is its slowest start. The
 * first cells are therefore dealt cheaply: row-major, each a random digit its row, column and block
 * still allow (forward checking on house masks, no search). The solver, with random branching,
 * completes the rest. A deal that cannot be completed within the node budget is dealt again; after
 * a few failed deals the last try deals row 0 only, which loses no grid at all (relabel the digits
 * of any solution and row 0 becomes any permutation), so a layout that fails even then has no
 * solution within the budget and is rejected.
 */
import { POPCOUNT_1024 } from '../core/bits.ts';
import type { Rng } from '../core/rng.ts';
import type { Geometry } from '../sudoku/geometry.ts';
import { solverFor } from '../sudoku/solver.ts';
import type { Grid } from '../sudoku/types.ts';

/** Share of the cells dealt before the solver takes over (measured: fastest around 40 %). */
const DEAL_SHARE = 0.4;
const DEALS = 6;
const DEAL_NODES = 300;
const LAST_TRY_NODES = 20_000;

export interface FillStats {
  /** Deals tried (each a solver call). */
  deals: number;
  /** Solver nodes spent. */
  nodes: number;
}

/** A random solution grid of the layout, or null when none was found within the budget. */
export function randomSolution(geometry: Geometry, rng: Rng, stats?: FillStats): Grid | null {
  const n = geometry.size;
  const cells = geometry.cellCount;
  const solver = solverFor(geometry);
  const seed = new Uint8Array(cells);
  const used = new Uint16Array(geometry.houseCount);
  const houses = geometry.cellHouses;
  const full = (1 << n) - 1;
  const dealt = Math.round(cells * DEAL_SHARE);
  for (let attempt = 0; attempt <= DEALS; attempt++) {
    const last = attempt === DEALS;
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
    if (dead) continue; // a dead deal costs no solver call
    const result = solver.solve(seed, { rng, maxNodes: last ? LAST_TRY_NODES : DEAL_NODES });
    if (stats) {
      stats.deals++;
      stats.nodes += result.nodes;
    }
    if (result.count > 0) return result.solution;
  }
  return null;
}
