/**
 * checkProof(board, steps): replay a carried proof from the givens and check every step as a
 * proof step, independently of the search that found it. The technique finders are never called:
 * for each technique the step's own named pattern (its cells, digits and, for chains, its nodes)
 * is checked against the candidates of the position the step is applied to, and each claimed
 * placement and elimination must follow from that pattern by the technique's argument.
 *
 * The replay starts from the givens' candidates (every digit no placed peer has), applies each
 * step's eliminations, then its placements (a placement removes its digit from the peers), so
 * step k is judged in exactly the position the steps before it left. An unknown technique fails
 * (closed): a step we cannot check is not a proof.
 *
 * Houses a step does not name (the line of a pointing pair, the strong link of a W-Wing) are found
 * among the houses of the named cells; Law of Leftovers re-derives its band from the named cells.
 * A uniqueness step (unique rectangle, BUG+1) must carry `assumesUniqueness` and holds only on a
 * board with exactly one solution: the caller says how many (`solutions`) or the board is counted.
 *
 * This file is the entry and the table; the checks live in checks/, one file per technique family
 * named like its finder in techniques/. Nothing here or there imports techniques/ (or state.ts):
 * a checker sharing code with the finders would not be an independent check.
 */
import { solve } from '../solver.ts';
import type { Board, Grid } from '../types.ts';
import { alsChain, alsXyWing, alsXz } from './checks/als.ts';
import { chain } from './checks/chains.ts';
import { simpleColors } from './checks/coloring.ts';
import { emptyRectangle } from './checks/empty-rectangle.ts';
import { fish } from './checks/fish.ts';
import { forcingChain, nestedShape } from './checks/forcing.ts';
import { groupedChain } from './checks/grouped-chains.ts';
import { lockedCandidates } from './checks/intersections.ts';
import { leftovers } from './checks/leftovers.ts';
import { bit, Position, type StepCheck } from './checks/position.ts';
import { singleDigit } from './checks/single-digit.ts';
import { fullHouse, hiddenSingle, nakedSingle } from './checks/singles.ts';
import { hiddenSubset, nakedSubset } from './checks/subsets.ts';
import { bugPlusOne, uniqueRectangle } from './checks/uniqueness.ts';
import { wWing, xyWing, xyzWing } from './checks/wings.ts';
import type { ProofStep } from './step-schema.ts';

/** Where a proof fails: 1-based step number, its technique and why. */
export interface ProofFailure {
  step: number;
  technique: string;
  reason: string;
}

export interface ProofReplay {
  failure: ProofFailure | null;
  /** The grid after the last step checked (givens included). */
  grid: Grid;
}

/** The technique ids we can check, with their tier. Every ladder technique must be here. */
export const CHECKED_TECHNIQUES: Readonly<Record<string, { tier: number; check: StepCheck; assumesUniqueness?: true }>> = {
  'full-house': { tier: 1, check: fullHouse },
  'naked-single': { tier: 1, check: nakedSingle },
  'hidden-single': { tier: 1, check: hiddenSingle },
  'locked-pair': { tier: 2, check: (s, c) => nakedSubset(s, c, 2, true) },
  'locked-triple': { tier: 2, check: (s, c) => nakedSubset(s, c, 3, true) },
  'locked-candidates-pointing': { tier: 2, check: (s, c) => lockedCandidates(s, c, true) },
  'locked-candidates-claiming': { tier: 2, check: (s, c) => lockedCandidates(s, c, false) },
  'naked-pair': { tier: 2, check: (s, c) => nakedSubset(s, c, 2, false) },
  'naked-triple': { tier: 2, check: (s, c) => nakedSubset(s, c, 3, false) },
  'naked-quad': { tier: 3, check: (s, c) => nakedSubset(s, c, 4, false) },
  'hidden-pair': { tier: 2, check: (s, c) => hiddenSubset(s, c, 2) },
  'hidden-triple': { tier: 2, check: (s, c) => hiddenSubset(s, c, 3) },
  'hidden-quad': { tier: 3, check: (s, c) => hiddenSubset(s, c, 4) },
  'law-of-leftovers': { tier: 2, check: leftovers },
  'x-wing': { tier: 3, check: (s, c) => fish(s, c, 2) },
  swordfish: { tier: 3, check: (s, c) => fish(s, c, 3) },
  jellyfish: { tier: 3, check: (s, c) => fish(s, c, 4) },
  skyscraper: { tier: 4, check: (s, c) => singleDigit(s, c, 'skyscraper') },
  'two-string-kite': { tier: 4, check: (s, c) => singleDigit(s, c, 'kite') },
  'turbot-fish': { tier: 4, check: (s, c) => singleDigit(s, c, 'turbot') },
  'empty-rectangle': { tier: 4, check: emptyRectangle },
  'xy-wing': { tier: 3, check: xyWing },
  'xyz-wing': { tier: 3, check: xyzWing },
  'w-wing': { tier: 4, check: wWing },
  'simple-colors': { tier: 4, check: simpleColors },
  'x-chain': { tier: 4, check: (s, c) => chain(s, c, 'x') },
  'xy-chain': { tier: 4, check: (s, c) => chain(s, c, 'xy') },
  aic: { tier: 4, check: (s, c) => chain(s, c, 'aic') },
  // tier 5: uniqueness and ALS (t5a)
  'unique-rectangle-1': { tier: 3, check: (s, c) => uniqueRectangle(s, c, 1), assumesUniqueness: true },
  'unique-rectangle-2': { tier: 3, check: (s, c) => uniqueRectangle(s, c, 2), assumesUniqueness: true },
  'unique-rectangle-3': { tier: 3, check: (s, c) => uniqueRectangle(s, c, 3), assumesUniqueness: true },
  'unique-rectangle-4': { tier: 3, check: (s, c) => uniqueRectangle(s, c, 4), assumesUniqueness: true },
  'bug-plus-one': { tier: 3, check: bugPlusOne, assumesUniqueness: true },
  'als-xz': { tier: 5, check: alsXz },
  'als-xy-wing': { tier: 5, check: alsXyWing },
  'als-chain': { tier: 5, check: alsChain },
  // tier 5: grouped chains and forcing chains (t5b)
  'nice-loop': { tier: 5, check: (s, c) => groupedChain(s, c, 'nice-loop') },
  'grouped-nice-loop': { tier: 5, check: (s, c) => groupedChain(s, c, 'grouped-nice-loop') },
  'grouped-aic': { tier: 5, check: (s, c) => groupedChain(s, c, 'grouped-aic') },
  'forcing-chain-contradiction': { tier: 5, check: (s, c) => forcingChain(s, c, 'contradiction') },
  'cell-forcing-chain': { tier: 5, check: (s, c) => forcingChain(s, c, 'cell') },
  'house-forcing-chain': { tier: 5, check: (s, c) => forcingChain(s, c, 'house') },
  'nested-forcing-chain': { tier: 5, check: (s, c) => forcingChain(s, c, nestedShape(s, c), true) },
};

export interface CheckOptions {
  /**
   * Solutions of the board, when the caller has counted them (0, 1, or 2 for two or more). A
   * uniqueness step (unique rectangle, BUG+1) holds only when it is 1; when not given, the board
   * is counted at the first such step.
   */
  solutions?: number;
  /**
   * The steps were written by an earlier ladder (a file of an earlier grade scale, before the
   * calibration moved techniques between tiers): their tiers are that ladder's, not held to today's.
   */
  earlierLadder?: boolean;
}

/** Why a uniqueness step cannot be accepted on this board, or null. */
function uniquenessProblem(board: Board, step: ProofStep, options: CheckOptions, count: () => number): string | null {
  if (step.assumesUniqueness !== true) return 'assumes the puzzle has exactly one solution but is not marked assumesUniqueness';
  const solutions = options.solutions ?? count();
  if (solutions === 1) return null;
  return `assumes the puzzle has exactly one solution, but it has ${solutions === 0 ? 'none' : 'more than one'}`;
}

/** The board's solutions counted up to 2 (once per check). */
function counter(board: Board): () => number {
  let solutions: number | null = null;
  return () => (solutions ??= solve(board, { limit: 2 }).count);
}

/** Replay `steps` on the board's givens; the first step that does not hold is reported. */
export function checkProof(board: Board, steps: readonly ProofStep[], options: CheckOptions = {}): ProofReplay {
  const s = new Position(board);
  const count = counter(board);
  for (let i = 0; i < steps.length; i++) {
    const step = steps[i]!;
    const fail = (reason: string): ProofReplay => ({ failure: { step: i + 1, technique: step.technique, reason }, grid: s.grid.slice() });
    const known = Object.hasOwn(CHECKED_TECHNIQUES, step.technique) ? CHECKED_TECHNIQUES[step.technique]! : null;
    if (!known) return fail('unknown technique: the step cannot be checked');
    if (step.tier !== known.tier && options.earlierLadder !== true) return fail(`says tier ${step.tier}, the technique is tier ${known.tier}`);
    if (known.assumesUniqueness) {
      const problem = uniquenessProblem(board, step, options, count);
      if (problem) return fail(problem);
    }
    const claim = s.claimOf(step);
    if (typeof claim === 'string') return fail(claim);
    if (claim.elims.length === 0 && claim.places.length === 0) return fail('changes nothing');
    for (const [cell, d] of claim.elims) if (!s.has(cell, d)) return fail(`eliminates ${d} from ${s.name(cell)}, which is no candidate there`);
    for (const [cell, d] of claim.places) if (!s.has(cell, d)) return fail(`places ${d} in ${s.name(cell)}, which is no candidate there`);
    const reason = known.check(s, claim);
    if (reason) return fail(reason);
    for (const [cell, d] of claim.elims) s.cand[cell]! &= ~bit(d);
    for (const [cell, d] of claim.places) {
      if (!s.has(cell, d)) return fail(`places ${d} in ${s.name(cell)}, which an earlier part of the step ruled out`);
      s.place(cell, d);
    }
  }
  return { failure: null, grid: s.grid.slice() };
}

/**
 * Check one step in a given pencil-mark position (placed digits, candidates of the open cells):
 * null when it holds, else the reason. For tests against reference positions.
 */
export function checkStepIn(
  marks: { size: number; regions: Uint8Array; grid: Grid; candidates: Uint16Array },
  step: ProofStep,
  options: CheckOptions = {},
): string | null {
  const board = { size: marks.size, regions: marks.regions, givens: marks.grid };
  const s = new Position(board);
  for (let c = 0; c < s.cand.length; c++) if (!marks.grid[c]) s.cand[c]! &= marks.candidates[c]!;
  const known = Object.hasOwn(CHECKED_TECHNIQUES, step.technique) ? CHECKED_TECHNIQUES[step.technique]! : null;
  if (!known) return 'unknown technique: the step cannot be checked';
  if (known.assumesUniqueness) {
    const problem = uniquenessProblem(board, step, options, counter(board));
    if (problem) return problem;
  }
  const claim = s.claimOf(step);
  if (typeof claim === 'string') return claim;
  for (const [cell, d] of [...claim.elims, ...claim.places]) if (!s.has(cell, d)) return `${d} is no candidate of ${s.name(cell)}`;
  return known.check(s, claim);
}

/** "proof step 3 (x-wing): reason" — the one-line form verify prints. */
export function proofFailureText(f: ProofFailure): string {
  return `proof step ${f.step} (${f.technique}): ${f.reason}`;
}
