/**
 * Test boards for the prover: random full grids from the solver, random hex-connected irregular
 * region maps, and minimal puzzles (givens removed while the board stays unique), all seeded.
 */
import { Rng } from '../../../src/core/rng.ts';
import { isConnected, neighbours } from '../../../src/sudoku/hex.ts';
import { regularBlockShape, regularRegions } from '../../../src/sudoku/regions.ts';
import { solve } from '../../../src/sudoku/solver.ts';
import type { Board, Grid } from '../../../src/sudoku/types.ts';
import type { ProofStep } from '../../../src/sudoku/logic/index.ts';

/**
 * A random partition into N hex-connected regions of N cells: start from the rows (or the regular
 * blocks) and swap neighbouring cells between regions many times, keeping both regions connected.
 */
export function randomHexRegions(size: number, rng: Rng, swaps = size * size * 6): Uint8Array {
  const regions = regularBlockShape(size) && rng.chance(0.5) ? regularRegions(size) : Uint8Array.from({ length: size * size }, (_, i) => Math.floor(i / size));
  const members = (g: number) => Array.from(regions.keys()).filter((i) => regions[i] === g);
  for (let k = 0; k < swaps; k++) {
    const x = rng.int(size * size);
    const nx = neighbours(size, x, 'hex').filter((y) => regions[y] !== regions[x]);
    if (nx.length === 0) continue;
    const y = rng.pick(nx);
    // Move x into y's region and some cell of y's region bordering x's region back.
    const gx = regions[x]!;
    const gy = regions[y]!;
    const back = members(gy).filter((z) => z !== y && neighbours(size, z, 'hex').some((w) => regions[w] === gx && w !== x));
    if (back.length === 0) continue;
    const z = rng.pick(back);
    regions[x] = gy;
    regions[z] = gx;
    if (!isConnected(size, members(gx), 'hex') || !isConnected(size, members(gy), 'hex')) {
      regions[x] = gx;
      regions[z] = gy;
    }
  }
  return regions;
}

/** A random solution grid for the layout, or null when the solver finds none within budget. */
export function randomSolution(size: number, regions: Uint8Array, rng: Rng): Grid | null {
  const r = solve({ size, regions, givens: new Uint8Array(size * size) }, { rng, maxNodes: 20_000 });
  return r.count > 0 ? r.solution : null;
}

/** A board with a random hex-connected irregular layout that admits a solution. */
export function irregularSolution(size: number, rng: Rng): { regions: Uint8Array; solution: Grid } {
  for (;;) {
    const regions = randomHexRegions(size, rng);
    const solution = randomSolution(size, regions, rng);
    if (solution) return { regions, solution };
  }
}

/** Remove givens in shuffled order while the board stays unique, down to `floor` givens. */
export function minimalPuzzle(size: number, regions: Uint8Array, solution: Grid, rng: Rng, floor = 0): Board {
  const givens = Uint8Array.from(solution);
  let count = size * size;
  for (const cell of rng.shuffle(Array.from({ length: size * size }, (_, i) => i))) {
    if (count <= floor) break;
    const d = givens[cell]!;
    givens[cell] = 0;
    if (solve({ size, regions, givens }, { limit: 2 }).count !== 1) givens[cell] = d;
    else count--;
  }
  return { size, regions, givens };
}

/** Keep each cell of the solution with probability `keep` (the board need not be unique). */
export function randomPuzzle(size: number, regions: Uint8Array, solution: Grid, rng: Rng, keep: number): Board {
  return { size, regions, givens: Uint8Array.from(solution, (d) => (rng.chance(keep) ? d : 0)) };
}

/** The first step that removes a digit of `solution` or places a wrong one, as a message; or null. */
export function unsoundStep(steps: readonly ProofStep[], solution: Grid, size: number): string | null {
  for (const step of steps) {
    for (const [r, c, d] of step.eliminations) if (solution[r * size + c] === d) return `${step.technique} removed ${d} from r${r + 1}c${c + 1}: ${step.text.en}`;
    for (const [r, c, d] of step.placements) if (solution[r * size + c] !== d) return `${step.technique} placed ${d} in r${r + 1}c${c + 1}: ${step.text.en}`;
  }
  return null;
}
