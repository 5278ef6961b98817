/**
 * Solving and counting Sudoku boards of any size and region map: the public entry (`solve`,
 * `solveMany`, `propagateSingles`, `solverFor`) and the policy — which engine answers a board
 * (fast9.ts for regular 9×9, bitboard.ts then candidate-search.ts with Luby restarts for other
 * layouts, candidate-search.ts alone for a random order) and the node budgets of the restarts.
 * The engines themselves hold no policy.
 */
import { getOrMake } from '../core/memo.ts';
import { luby } from '../core/restarts.ts';
import { Rng } from '../core/rng.ts';
import { BitboardSolver } from './bitboard.ts';
import { CandidateSearch } from './candidate-search.ts';
import { Fast9Solver } from './fast9.ts';
import { Geometry, geometryFor, lastLayoutMemo } from './geometry.ts';
import { isRegularRegions } from './regions.ts';
import type { Board, Grid, SinglesResult, SolveOptions, SolveResult } from './types.ts';

export type { SinglesResult, SolveOptions, SolveResult } from './types.ts';

/** Nodes of the plain first run when counting, and the base budget of each randomised re-run. */
const COUNT_FIRST_RUN_NODES = 100_000;
const COUNT_RESTART_NODES = 20_000;
/** Nodes the per-digit search gets before the generic runs take over (layouts fast9 does not take). */
const BITBOARD_TRY_NODES = 2_000;

/**
 * The solver of one layout: which engine answers, and with what budget. Regular 9×9 without a
 * random order goes to fast9; other layouts count with the per-digit search first, then the
 * generic search with restarts; a random order (filling grids) always takes the generic search.
 */
export class LayoutSolver {
  readonly geometry: Geometry;
  /** The generic search: every layout, and the only engine that takes a random order. */
  readonly search: CandidateSearch;
  /** The band-word solver, used for regular 9×9 layouts when no random order is asked for. */
  private readonly fast9: Fast9Solver | null;
  /** The per-digit search for every other layout: the first, plain run of the counter. */
  private readonly bitboard: BitboardSolver | null;

  constructor(geometry: Geometry) {
    this.geometry = geometry;
    this.search = new CandidateSearch(geometry);
    this.fast9 = geometry.size === 9 && isRegularRegions(9, geometry.regions) ? new Fast9Solver() : null;
    this.bitboard = this.fast9 ? null : new BitboardSolver(geometry);
  }

  /**
   * Count solutions up to `limit`. What the search deduces before it branches depends on the
   * layout (the 9×9 fast path also clears band patterns), so what its root propagation
   * (`maxNodes: 1`) reaches is no grade: ask `propagateSingles` for that.
   */
  solve(givens: Grid, options: SolveOptions = {}): SolveResult {
    if (this.fast9 && !options.rng) return this.fast9.solve(givens, options.limit ?? 1, options.maxNodes);
    if (!options.rng) return this.countWithRestarts(givens, options);
    return this.search.solve(givens, options);
  }

  /**
   * Solving and counting on any layout. The fewest-options order decides a puzzle with givens in a few
   * hundred nodes, but on a near-empty irregular board it can walk into a dead subtree that holds
   * millions of nodes before the first solution (seen: 10 M nodes undecided where a naive
   * backtracker finds two solutions in seconds). So one plain run gets COUNT_FIRST_RUN_NODES; past
   * that, randomised runs with Luby budgets take over, each a complete search in itself, and
   * solutions seen in different runs add up: `limit` distinct ones decide the count. Every
   * run but the last is cut short, so a count of 1 or 0 still comes from one complete search.
   * The random order is seeded from the run number only: the same board gets the same answer.
   */
  private countWithRestarts(givens: Grid, options: SolveOptions): SolveResult {
    const limit = Math.max(1, options.limit ?? 1);
    let maxNodes = options.maxNodes ?? Infinity;
    // The per-digit search decides almost every board with givens in a few nodes; it has no
    // house-digit branching, so a near-empty board gets only a short try, then the runs below.
    let spent = 0;
    if (this.bitboard) {
      const quickBudget = Math.min(maxNodes, BITBOARD_TRY_NODES);
      const quick = this.bitboard.solve(givens, limit, quickBudget);
      if (quick.complete) return quick;
      spent = Math.min(quick.nodes, quickBudget);
      if (spent >= maxNodes) return { ...quick, nodes: spent };
      maxNodes -= spent;
    }
    const firstBudget = Math.min(maxNodes, COUNT_FIRST_RUN_NODES);
    const first = this.search.solve(givens, { limit, maxNodes: firstBudget });
    if (first.complete) return { ...first, nodes: first.nodes + spent };
    let nodes = Math.min(first.nodes, firstBudget);
    const seen = new Map<string, Grid>();
    const remember = (r: SolveResult) => {
      if (r.solution) seen.set(r.solution.join(''), r.solution);
    };
    remember(first);
    for (let run = 1; nodes < maxNodes && seen.size < limit; run++) {
      const budget = Math.min(maxNodes - nodes, COUNT_RESTART_NODES * luby(run));
      const r = this.search.solve(givens, { limit, maxNodes: budget, rng: new Rng('count-restart', run) });
      nodes += Math.min(r.nodes, budget);
      if (r.complete) return { ...r, nodes: nodes + spent };
      remember(r);
    }
    nodes += spent;
    if (seen.size >= limit) return { count: limit, solution: seen.values().next().value!, nodes, complete: true };
    return { count: seen.size, solution: seen.values().next().value ?? null, nodes, complete: false };
  }

  /**
   * `propagateSingles(givens).solved`, faster on regular 9×9 (the band-word solver's singles):
   * the generators' grade-1 test.
   */
  singlesSolve(givens: Grid, into?: Grid): boolean {
    if (this.fast9) return this.fast9.singlesSolve(givens);
    return this.search.propagateSingles(givens, into).solved;
  }

  /**
   * Naked and hidden singles to their fixpoint on every layout (`CandidateSearch.propagateSingles`):
   * exactly tier 1 of the logic prover.
   */
  propagateSingles(givens: Grid, into?: Grid): SinglesResult {
    return this.search.propagateSingles(givens, into);
  }

  /** The generic search alone, whatever the layout (tests and the bench compare it with the others). */
  solveGeneric(givens: Grid, options: SolveOptions = {}): SolveResult {
    return this.search.solve(givens, options);
  }
}

/** Solvers live as long as their geometry (geometry.ts bounds its cache); a solver is small. */
const solvers = new WeakMap<Geometry, LayoutSolver>();

/** The shared solver for a layout. */
export function solverFor(geometry: Geometry): LayoutSolver {
  return getOrMake(solvers, geometry, newSolver);
}

const newSolver = (geometry: Geometry): LayoutSolver => new LayoutSolver(geometry);

/**
 * The solver of the board's layout, remembered for the last layout (`lastLayoutMemo`):
 * `geometryFor` builds a text key from the map, a microsecond on 9×9, as much as a 17-clue search.
 */
const solverForBoard = lastLayoutMemo((size, regions) => solverFor(geometryFor(size, regions)));

/** Naked and hidden singles to their fixpoint: the logic prover's tier 1 (see the method). */
export function propagateSingles(board: Board): SinglesResult {
  return solverForBoard(board).propagateSingles(board.givens);
}

/**
 * Solve a board, tdoku style: the number of solutions up to `limit` and the first one.
 * `solve(board, { limit: 2 }).count === 1` is the uniqueness proof.
 */
export function solve(board: Board, options: SolveOptions = {}): SolveResult {
  return solverForBoard(board).solve(board.givens, options);
}

/**
 * `solve` for a batch of boards with one options object (benchmarks, verify): the same results,
 * in order, as calling `solve` on each. An `rng` is shared, consumed board after board.
 */
export function solveMany(boards: Iterable<Board>, options: SolveOptions = {}): SolveResult[] {
  const results: SolveResult[] = [];
  for (const board of boards) results.push(solverForBoard(board).solve(board.givens, options));
  return results;
}
