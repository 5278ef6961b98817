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
 */
import { digitBit, digitCount, digitsOf } from '../digits.ts';
import { geometryFor, type Geometry } from '../geometry.ts';
import { solve } from '../solver.ts';
import type { Board, Grid } from '../types.ts';
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

/** One step as cell indices, for the technique checks. */
interface Claim {
  cells: number[];
  digits: number[];
  elims: Array<[cell: number, digit: number]>;
  places: Array<[cell: number, digit: number]>;
  /** Chain nodes (cell, digit), for chain techniques. */
  chain: Array<[cell: number, digit: number]> | null;
  /** Almost locked sets (cell lists), for ALS techniques. */
  sets: number[][] | null;
  /** Grouped chains and nice loops: each node a list of (cell, digit) of one digit. */
  groups: Array<Array<[cell: number, digit: number]>> | null;
  /** Forcing chains: per branch the assumed candidate and the facts (cell, digit, 1 true / 0 false). */
  branches: Array<{ assume: [cell: number, digit: number]; implies: Fact[]; nested: InnerBranch[] }> | null;
}

/** A forcing-chain fact: (cell, digit, 1 true / 0 false). */
type Fact = [cell: number, digit: number, value: number];
/** A nested forcing chain's inner branch: it assumes a candidate inside its branch and contradicts. */
type InnerBranch = { assume: [cell: number, digit: number]; implies: Fact[] };

/** Returns null when the claim follows from the pattern, else the reason it does not. */
type StepCheck = (s: Position, claim: Claim) => string | null;

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
  skyscraper: { tier: 3, check: (s, c) => singleDigit(s, c, 'skyscraper') },
  'two-string-kite': { tier: 3, check: (s, c) => singleDigit(s, c, 'kite') },
  'turbot-fish': { tier: 3, check: (s, c) => singleDigit(s, c, 'turbot') },
  'empty-rectangle': { tier: 3, check: emptyRectangle },
  'xy-wing': { tier: 3, check: xyWing },
  'xyz-wing': { tier: 3, check: xyzWing },
  'w-wing': { tier: 3, check: wWing },
  'simple-colors': { tier: 4, check: simpleColors },
  'x-chain': { tier: 4, check: (s, c) => chain(s, c, 'x') },
  'xy-chain': { tier: 4, check: (s, c) => chain(s, c, 'xy') },
  aic: { tier: 4, check: (s, c) => chain(s, c, 'aic') },
  // tier 5: uniqueness and ALS (t5a)
  'unique-rectangle-1': { tier: 5, check: (s, c) => uniqueRectangle(s, c, 1), assumesUniqueness: true },
  'unique-rectangle-2': { tier: 5, check: (s, c) => uniqueRectangle(s, c, 2), assumesUniqueness: true },
  'unique-rectangle-3': { tier: 5, check: (s, c) => uniqueRectangle(s, c, 3), assumesUniqueness: true },
  'unique-rectangle-4': { tier: 5, check: (s, c) => uniqueRectangle(s, c, 4), assumesUniqueness: true },
  'bug-plus-one': { tier: 5, check: bugPlusOne, assumesUniqueness: true },
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
    if (step.tier !== known.tier) return fail(`says tier ${step.tier}, the technique is tier ${known.tier}`);
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

const bit = digitBit;
const popcount = digitCount;
/** The same elements, each once: a list that names one thing twice is never "every place" or "every candidate". */
const sameSet = (a: readonly number[], b: readonly number[]): boolean =>
  a.length === b.length && new Set(a).size === a.length && new Set(b).size === b.length && a.every((x) => b.includes(x));

/** The replayed pencil marks: candidates of open cells, placed digits. */
class Position {
  readonly g: Geometry;
  readonly n: number;
  readonly grid: Uint8Array;
  readonly cand: Uint16Array;

  constructor(board: Board) {
    this.n = board.size;
    this.g = geometryFor(board.size, board.regions);
    this.grid = new Uint8Array(this.n * this.n);
    this.cand = new Uint16Array(this.n * this.n).fill((1 << this.n) - 1);
    for (let c = 0; c < this.n * this.n; c++) if (board.givens[c]) this.place(c, board.givens[c]!);
  }

  place(cell: number, d: number): void {
    this.grid[cell] = d;
    this.cand[cell] = 0;
    for (const p of this.g.peersOf(cell)) this.cand[p]! &= ~bit(d);
  }

  has(cell: number, d: number): boolean {
    return this.grid[cell] === 0 && (this.cand[cell]! & bit(d)) !== 0;
  }

  name(cell: number): string {
    return `r${Math.floor(cell / this.n) + 1}c${(cell % this.n) + 1}`;
  }

  sees(a: number, b: number): boolean {
    return this.g.sees(a, b);
  }

  housesOf(cell: number): number[] {
    const ch = this.g.cellHouses;
    return [ch[cell * 3]!, ch[cell * 3 + 1]!, ch[cell * 3 + 2]!];
  }

  /** Houses containing every one of `cells`. */
  commonHouses(cells: readonly number[]): number[] {
    if (cells.length === 0) return [];
    return this.housesOf(cells[0]!).filter((h) => cells.every((c) => this.housesOf(c).includes(h)));
  }

  /** The open cells of house h that still hold digit d. */
  places(h: number, d: number): number[] {
    const cells = this.g.houseCells;
    const found: number[] = [];
    for (let i = h * this.n, end = i + this.n; i < end; i++) if (this.has(cells[i]!, d)) found.push(cells[i]!);
    return found;
  }

  /** How many open cells of house h still hold d (no allocation: singles are most steps). */
  placeCount(h: number, d: number): number {
    const cells = this.g.houseCells;
    let k = 0;
    for (let i = h * this.n, end = i + this.n; i < end; i++) if (this.has(cells[i]!, d)) k++;
    return k;
  }

  openCount(h: number): number {
    const cells = this.g.houseCells;
    let k = 0;
    for (let i = h * this.n, end = i + this.n; i < end; i++) if (this.grid[cells[i]!] === 0) k++;
    return k;
  }

  placedIn(h: number, d: number): boolean {
    return Array.from(this.g.cellsOf(h)).some((c) => this.grid[c] === d);
  }

  /** A house whose places of d are exactly {a, b}: a strong link on d. */
  strongLink(a: number, b: number, d: number): number {
    if (a === b || !this.has(a, d) || !this.has(b, d)) return -1;
    for (const h of this.commonHouses([a, b])) if (this.placeCount(h, d) === 2) return h;
    return -1;
  }

  /** The step with cells as indices; a string says why it is not a step of this board. */
  claimOf(step: ProofStep): Claim | string {
    const n = this.n;
    const inBoard = (r: number, c: number) => r >= 0 && c >= 0 && r < n && c < n;
    const candidate = (ref: readonly number[], what: string): [number, number] | string => {
      const [r, c, d] = ref as [number, number, number];
      if (!inBoard(r, c) || d < 1 || d > n) return `${what} ${d} at r${r + 1}c${c + 1}, outside the board`;
      return [r * n + c, d];
    };
    const cells: number[] = [];
    for (const [r, c] of step.cells) {
      if (!inBoard(r, c)) return `names r${r + 1}c${c + 1}, outside the board`;
      cells.push(r * n + c);
    }
    const collect = (refs: readonly (readonly number[])[], what: string): Array<[number, number]> | string => {
      const out: Array<[number, number]> = [];
      for (const ref of refs) {
        const x = candidate(ref, what);
        if (typeof x === 'string') return x;
        out.push(x);
      }
      return out;
    };
    const elims = collect(step.eliminations, 'eliminates');
    if (typeof elims === 'string') return elims;
    const places = collect(step.placements, 'places');
    if (typeof places === 'string') return places;
    let chainNodes: Array<[number, number]> | null = null;
    const refs = step.chain ?? chainFromText(step.text.en);
    if (refs) {
      const nodes = collect(refs, 'chains');
      if (typeof nodes === 'string') return nodes;
      chainNodes = nodes;
    }
    let groups: Claim['groups'] = null;
    if (step.groupedChain) {
      groups = [];
      for (const node of step.groupedChain) {
        const members = collect(node, 'chains');
        if (typeof members === 'string') return members;
        groups.push(members);
      }
    }
    let branches: Claim['branches'] = null;
    if (step.branches) {
      branches = [];
      const facts = (refs: ReadonlyArray<readonly [number, number, number, number]>): Fact[] | string => {
        const out: Fact[] = [];
        for (const ref of refs) {
          const x = candidate([ref[0], ref[1], ref[2]], 'implies');
          if (typeof x === 'string') return x;
          if (ref[3] !== 0 && ref[3] !== 1) return 'a branch fact is neither true (1) nor false (0)';
          out.push([x[0], x[1], ref[3]]);
        }
        return out;
      };
      for (const b of step.branches) {
        const assume = candidate(b.assume, 'assumes');
        if (typeof assume === 'string') return assume;
        const implies = facts(b.implies);
        if (typeof implies === 'string') return implies;
        const nested: InnerBranch[] = [];
        for (const inner of b.nested ?? []) {
          const innerAssume = candidate(inner.assume, 'assumes');
          if (typeof innerAssume === 'string') return innerAssume;
          const innerImplies = facts(inner.implies);
          if (typeof innerImplies === 'string') return innerImplies;
          nested.push({ assume: innerAssume, implies: innerImplies });
        }
        branches.push({ assume, implies, nested });
      }
    }
    if (step.digits.some((d) => d < 1 || d > n)) return `names a digit outside 1..${n}`;
    let sets: number[][] | null = null;
    if (step.als) {
      sets = [];
      for (const list of step.als) {
        const set: number[] = [];
        for (const [r, c] of list) {
          if (!inBoard(r, c)) return `names r${r + 1}c${c + 1}, outside the board`;
          set.push(r * n + c);
        }
        sets.push(set);
      }
    }
    return { cells, digits: step.digits.slice(), elims, places, chain: chainNodes, sets, groups, branches };
  }
}

/**
 * Files written before steps carried their chain name it in the sentence, in Eureka notation
 * "(5)r1c2=(5)r1c7-(5)r4c7=(5)r4c3"; the nodes are then read from there (and checked like any).
 */
function chainFromText(text: string): Array<[number, number, number]> | null {
  const m = /\(\d\)r\dc\d(?:[=-]\(\d\)r\dc\d)+/.exec(text);
  if (!m) return null;
  return Array.from(m[0].matchAll(/\((\d)\)r(\d)c(\d)/g), (x) => [Number(x[2]) - 1, Number(x[3]) - 1, Number(x[1])]);
}

// ——— the checks, one per family ———

/** A step that only places one digit (the singles). */
function single(claim: Claim): [number, number] | string {
  if (claim.elims.length !== 0 || claim.places.length !== 1) return 'a single places exactly one digit and eliminates nothing';
  return claim.places[0]!;
}

function fullHouse(s: Position, claim: Claim): string | null {
  const one = single(claim);
  if (typeof one === 'string') return one;
  const [cell, d] = one;
  for (const h of s.housesOf(cell)) if (s.openCount(h) === 1 && !s.placedIn(h, d)) return null;
  return `${s.name(cell)} is not the last empty cell of any of its houses`;
}

function nakedSingle(s: Position, claim: Claim): string | null {
  const one = single(claim);
  if (typeof one === 'string') return one;
  const [cell, d] = one;
  return s.cand[cell] === bit(d) ? null : `${s.name(cell)} still has the candidates ${digitsOf(s.cand[cell]!).join(',')}`;
}

function hiddenSingle(s: Position, claim: Claim): string | null {
  const one = single(claim);
  if (typeof one === 'string') return one;
  const [cell, d] = one;
  for (const h of s.housesOf(cell)) if (s.placeCount(h, d) === 1) return null;
  return `${d} has another place in every house of ${s.name(cell)}`;
}

/** Every elimination satisfies `ok`, else the first that does not is named. */
function eachElim(s: Position, claim: Claim, ok: (cell: number, d: number) => boolean, why: string): string | null {
  if (claim.places.length !== 0) return 'places a digit, which this technique never does';
  for (const [cell, d] of claim.elims) if (!ok(cell, d)) return `the pattern does not remove ${d} from ${s.name(cell)} (${why})`;
  return null;
}

const seesAll = (s: Position, x: number, cells: readonly number[]) => cells.every((c) => c !== x && s.sees(x, c));

/** k cells of one house whose candidates are k digits; locked: the house pair of an intersection. */
function nakedSubset(s: Position, claim: Claim, k: number, locked: boolean): string | null {
  const cells = claim.cells;
  if (cells.length !== k || new Set(cells).size !== k) return `names ${cells.length} cells, the technique needs ${k}`;
  if (cells.some((c) => s.grid[c] !== 0)) return 'names a filled cell';
  const union = cells.reduce((m, c) => m | s.cand[c]!, 0);
  if (popcount(union) !== k) return `the cells hold ${digitsOf(union).join(',')}, not ${k} digits`;
  if (!sameSet(claim.digits, digitsOf(union))) return `names digits ${claim.digits.join(',')}, the cells hold ${digitsOf(union).join(',')}`;
  const common = s.commonHouses(cells);
  if (common.length === 0) return 'the cells share no house';
  if (locked && !(common.some((h) => s.g.houseKind(h) === 'region') && common.some((h) => s.g.houseKind(h) !== 'region'))) {
    return 'the cells are not the intersection of a line and a block';
  }
  return eachElim(s, claim, (x, d) => (union & bit(d)) !== 0 && seesAll(s, x, cells), 'not one of the subset digits in a cell seeing every subset cell');
}

/** k digits whose places in one house are k cells. */
function hiddenSubset(s: Position, claim: Claim, k: number): string | null {
  const cells = claim.cells;
  const digits = claim.digits;
  if (cells.length !== k || new Set(cells).size !== k || digits.length !== k || new Set(digits).size !== k) return `needs ${k} cells and ${k} digits`;
  const house = s.commonHouses(cells).find((h) => digits.every((d) => !s.placedIn(h, d) && s.places(h, d).every((c) => cells.includes(c))));
  if (house === undefined) return `no house where ${digits.join(',')} can only go in the named cells`;
  return eachElim(s, claim, (x, d) => cells.includes(x) && !digits.includes(d), 'only other digits leave the subset cells');
}

/** Pointing: in a block d only sits in the named cells; claiming: the same in a line. */
function lockedCandidates(s: Position, claim: Claim, pointing: boolean): string | null {
  if (claim.digits.length !== 1) return 'names more than one digit';
  const d = claim.digits[0]!;
  const cells = claim.cells;
  if (cells.length === 0 || cells.some((c) => !s.has(c, d))) return `a named cell has no candidate ${d}`;
  const common = s.commonHouses(cells);
  const source = common.find((h) => (s.g.houseKind(h) === 'region') === pointing && sameSet(s.places(h, d), cells));
  if (source === undefined) return `no ${pointing ? 'block' : 'line'} where ${d} only sits in the named cells`;
  if (!common.some((h) => (s.g.houseKind(h) === 'region') !== pointing)) return `the cells share no ${pointing ? 'line' : 'block'}`;
  return eachElim(s, claim, (x, e) => e === d && seesAll(s, x, cells), `only ${d} from cells seeing all the named cells`);
}

/**
 * Law of Leftovers: the named cells are A (band cells outside k blocks) and B (those blocks'
 * cells outside the band) of some band of k consecutive rows or columns; A and B hold the same
 * digits, so a digit B cannot supply once more than A already uses leaves A (and vice versa).
 */
function leftovers(s: Position, claim: Claim): string | null {
  const n = s.n;
  const named = new Set(claim.cells);
  if (named.size === 0 || named.size !== claim.cells.length) return 'names no cells or a cell twice';
  for (let axis = 0; axis < 2; axis++) {
    for (let k = 1; k < n; k++) {
      for (let first = 0; first + k <= n; first++) {
        const inBand = (c: number) => {
          const line = axis === 0 ? Math.floor(c / n) : c % n;
          return line >= first && line < first + k;
        };
        const a = claim.cells.filter(inBand);
        const b = claim.cells.filter((c) => !inBand(c));
        if (a.length === 0 || a.length !== b.length) continue;
        const regions = new Set<number>();
        for (let c = 0; c < n * n; c++) if ((inBand(c) && !named.has(c)) || (!inBand(c) && named.has(c))) regions.add(s.g.regionOf(c));
        if (regions.size !== k) continue;
        let matches = true;
        for (let c = 0; c < n * n && matches; c++) {
          const inRegions = regions.has(s.g.regionOf(c));
          if (named.has(c) !== (inBand(c) !== inRegions)) matches = false;
        }
        if (!matches) continue;
        const supply = (side: number[], d: number) => side.filter((c) => s.grid[c] === d || s.has(c, d)).length;
        const used = (side: number[], d: number) => side.filter((c) => s.grid[c] === d).length;
        const ok = (x: number, d: number) => {
          const [own, other] = a.includes(x) ? [a, b] : [b, a];
          return supply(other, d) <= used(own, d);
        };
        if (claim.places.length === 0 && claim.elims.every(([x, d]) => named.has(x) && ok(x, d))) return null;
      }
    }
  }
  return 'the named cells are no leftover pair of a band and its blocks that removes these candidates';
}

/** Basic fish on rows/columns: the named cells are every place of d in k base lines, which meet only k cover lines. */
function fish(s: Position, claim: Claim, k: number): string | null {
  if (claim.digits.length !== 1) return 'names more than one digit';
  const d = claim.digits[0]!;
  const cells = claim.cells;
  if (cells.some((c) => !s.has(c, d))) return `a named cell has no candidate ${d}`;
  const n = s.n;
  for (const [lineOf, crossOf, lineHouse] of [
    [(c: number) => Math.floor(c / n), (c: number) => c % n, (i: number) => i],
    [(c: number) => c % n, (c: number) => Math.floor(c / n), (i: number) => n + i],
  ] as const) {
    const base = new Set(cells.map(lineOf));
    const cover = new Set(cells.map(crossOf));
    if (base.size !== k || cover.size !== k) continue;
    if (![...base].every((l) => s.places(lineHouse(l), d).every((c) => cells.includes(c)))) continue;
    const reason = eachElim(s, claim, (x, e) => e === d && cover.has(crossOf(x)) && !base.has(lineOf(x)), `only ${d} from the cover lines outside the base lines`);
    if (!reason) return null;
  }
  return `the named cells are not a ${k}-line fish on ${d} that removes these candidates`;
}

/** Two strong links farA=a, b=farB on d with a seeing b: cells seeing both far ends lose d. */
function singleDigit(s: Position, claim: Claim, shape: 'skyscraper' | 'kite' | 'turbot'): string | null {
  if (claim.digits.length !== 1) return 'names more than one digit';
  const d = claim.digits[0]!;
  if (claim.cells.length !== 4 || new Set(claim.cells).size !== 4) return 'needs four distinct cells: far end, near end, near end, far end';
  const [farA, a, b, farB] = claim.cells as [number, number, number, number];
  const h1 = s.strongLink(farA, a, d);
  const h2 = s.strongLink(b, farB, d);
  if (h1 < 0 || h2 < 0) return `${s.name(farA)}–${s.name(a)} and ${s.name(b)}–${s.name(farB)} are not both strong links on ${d}`;
  if (!s.sees(a, b)) return `the near ends ${s.name(a)} and ${s.name(b)} do not see each other`;
  const g = s.g;
  const links = (x: number, y: number) => s.commonHouses([x, y]).filter((h) => s.places(h, d).length === 2).map((h) => g.houseKind(h));
  const k1 = links(farA, a);
  const k2 = links(b, farB);
  if (shape === 'skyscraper') {
    const rows = k1.includes('row') && k2.includes('row') && a % s.n === b % s.n && farA % s.n !== farB % s.n;
    const cols = k1.includes('column') && k2.includes('column') && Math.floor(a / s.n) === Math.floor(b / s.n) && Math.floor(farA / s.n) !== Math.floor(farB / s.n);
    if (!rows && !cols) return 'not a skyscraper: the links are not parallel lines with near ends in one cross line';
  } else if (shape === 'kite') {
    const crossed = (k1.includes('row') && k2.includes('column')) || (k1.includes('column') && k2.includes('row'));
    if (!crossed || g.regionOf(a) !== g.regionOf(b)) return 'not a 2-string kite: no row and column link with near ends in one block';
  }
  return eachElim(s, claim, (x, e) => e === d && seesAll(s, x, [farA, farB]), `only ${d} from cells seeing both far ends`);
}

/**
 * Empty rectangle: the first named cells are every place of d in a block, lying in one row and one
 * column; the last two are a strong link A=B with A in one of those lines outside the block. A cell
 * of the other line, outside the block, seeing B loses d.
 */
function emptyRectangle(s: Position, claim: Claim): string | null {
  if (claim.digits.length !== 1) return 'names more than one digit';
  const d = claim.digits[0]!;
  const n = s.n;
  if (claim.cells.length < 3) return 'needs the block cells and the two ends of a strong link';
  const arms = claim.cells.slice(0, -2);
  const [a, b] = claim.cells.slice(-2) as [number, number];
  const region = s.g.regionOf(arms[0]!);
  const block = 2 * n + region;
  if (!sameSet(s.places(block, d), arms)) return `the first named cells are not every place of ${d} in a block`;
  if (s.g.regionOf(a) === region || s.strongLink(a, b, d) < 0) return `${s.name(a)}=${s.name(b)} is no strong link on ${d} outside the block`;
  const row = (c: number) => Math.floor(c / n);
  const col = (c: number) => c % n;
  for (const r of new Set(arms.map(row))) {
    for (const c of new Set(arms.map(col))) {
      if (!arms.every((x) => row(x) === r || col(x) === c)) continue;
      // A in the row arm's line: X in column c; A in the column arm's line: X in row r.
      const crossOk = (x: number) =>
        (row(a) === r && col(x) === c) || (col(a) === c && row(x) === r);
      const ok = (x: number, e: number) => e === d && x !== b && s.g.regionOf(x) !== region && s.sees(x, b) && crossOk(x);
      if (claim.places.length === 0 && claim.elims.every(([x, e]) => ok(x, e))) return null;
    }
  }
  return `the block's ${d}s, the link and the eliminations do not form an empty rectangle`;
}

function xyWing(s: Position, claim: Claim): string | null {
  if (claim.cells.length !== 3) return 'needs the pivot and two pincers';
  const [p, a, b] = claim.cells as [number, number, number];
  const [mp, ma, mb] = [s.cand[p]!, s.cand[a]!, s.cand[b]!];
  if (popcount(mp) !== 2 || popcount(ma) !== 2 || popcount(mb) !== 2) return 'pivot and pincers must have two candidates each';
  if (!s.sees(p, a) || !s.sees(p, b)) return 'the pivot does not see both pincers';
  const z = ma & mb;
  if (popcount(z) !== 1 || z & mp || popcount(ma & mp) !== 1 || popcount(mb & mp) !== 1 || (ma & mp) === (mb & mp)) return 'the candidates are not {x,y}, {x,z}, {y,z}';
  const zd = digitsOf(z)[0]!;
  return eachElim(s, claim, (x, e) => e === zd && seesAll(s, x, [a, b]), `only ${zd} from cells seeing both pincers`);
}

function xyzWing(s: Position, claim: Claim): string | null {
  if (claim.cells.length !== 3) return 'needs the pivot and two pincers';
  const [p, a, b] = claim.cells as [number, number, number];
  const [mp, ma, mb] = [s.cand[p]!, s.cand[a]!, s.cand[b]!];
  if (popcount(mp) !== 3 || popcount(ma) !== 2 || popcount(mb) !== 2 || ma & ~mp || mb & ~mp || ma === mb) return 'the candidates are not {x,y,z}, {x,z}, {y,z}';
  if (!s.sees(p, a) || !s.sees(p, b)) return 'the pivot does not see both pincers';
  const zd = digitsOf(ma & mb)[0]!;
  return eachElim(s, claim, (x, e) => e === zd && seesAll(s, x, [p, a, b]), `only ${zd} from cells seeing the pivot and both pincers`);
}

/** W-Wing: two equal bivalue cells {x,y}, a strong link on x whose ends see one each: y leaves cells seeing both. */
function wWing(s: Position, claim: Claim): string | null {
  if (claim.cells.length !== 4 || new Set(claim.cells).size !== 4) return 'needs the two wing cells and the two ends of a strong link';
  const [a, b, e1, e2] = claim.cells as [number, number, number, number];
  const m = s.cand[a]!;
  if (popcount(m) !== 2 || s.cand[b] !== m) return 'the wing cells are not two cells with the same two candidates';
  for (const x of digitsOf(m)) {
    const y = digitsOf(m & ~bit(x))[0]!;
    if (s.strongLink(e1, e2, x) < 0) continue;
    if (!((s.sees(e1, a) && s.sees(e2, b)) || (s.sees(e1, b) && s.sees(e2, a)))) continue;
    if (!eachElim(s, claim, (c, e) => e === y && seesAll(s, c, [a, b]), '')) return null;
  }
  return 'the link and the wing cells do not remove these candidates';
}

/**
 * Simple colouring: the named cells, joined by strong links on d, coloured alternately. A colour
 * with two cells seeing each other is false (wrap); a cell seeing both colours loses d (trap).
 */
function simpleColors(s: Position, claim: Claim): string | null {
  if (claim.digits.length !== 1) return 'names more than one digit';
  const d = claim.digits[0]!;
  const cells = claim.cells;
  if (cells.length < 2 || cells.some((c) => !s.has(c, d))) return `the cluster needs cells holding ${d}`;
  const colour = new Map<number, number>([[cells[0]!, 0]]);
  const queue = [cells[0]!];
  while (queue.length > 0) {
    const c = queue.shift()!;
    for (const o of cells) {
      if (o === c || s.strongLink(c, o, d) < 0) continue;
      const want = 1 - colour.get(c)!;
      if (!colour.has(o)) {
        colour.set(o, want);
        queue.push(o);
      } else if (colour.get(o) !== want) return 'the strong links do not colour the cells consistently';
    }
  }
  if (colour.size !== cells.length) return `the named cells are not one cluster of strong links on ${d}`;
  const falseColour = [0, 1].filter((k) => cells.some((x) => cells.some((y) => x < y && colour.get(x) === k && colour.get(y) === k && s.sees(x, y))));
  const ok = (x: number, e: number) => {
    if (e !== d) return false;
    if (colour.has(x)) return falseColour.includes(colour.get(x)!);
    return [0, 1].every((k) => cells.some((c) => colour.get(c) === k && s.sees(x, c)));
  };
  return eachElim(s, claim, ok, 'neither a wrap nor a trap');
}

/**
 * Chains: nodes alternate strong, weak, strong … links and begin and end with a strong link, so
 * one end is true. Strong: the two places of a digit in a house, or the two digits of a bivalue
 * cell; weak: one digit in two cells that see each other, or two digits of one cell.
 */
function chain(s: Position, claim: Claim, kind: 'x' | 'xy' | 'aic'): string | null {
  const nodes = claim.chain;
  if (!nodes) return 'does not name its chain';
  if (nodes.length < 4 || nodes.length % 2 !== 0) return 'a chain needs an even number of at least four nodes';
  const keys = nodes.map(([c, d]) => c * 16 + d);
  if (new Set(keys).size !== keys.length) return 'a chain node repeats';
  for (const [c, d] of nodes) if (!s.has(c, d)) return `chain node (${d})${s.name(c)} is no candidate`;
  for (let i = 1; i < nodes.length; i++) {
    const [c1, d1] = nodes[i - 1]!;
    const [c2, d2] = nodes[i]!;
    const at = `(${d1})${s.name(c1)}${i % 2 ? '=' : '-'}(${d2})${s.name(c2)}`;
    if (i % 2 === 1) {
      const inCell = c1 === c2 && d1 !== d2 && s.cand[c1] === (bit(d1) | bit(d2));
      const inHouse = d1 === d2 && s.strongLink(c1, c2, d1) >= 0;
      if (!inCell && !inHouse) return `${at} is no strong link`;
      if (kind === 'x' && !inHouse) return `${at}: an X-chain links places of one digit in a house`;
      if (kind === 'xy' && !inCell) return `${at}: an XY-chain's strong links are bivalue cells`;
    } else {
      const inCell = c1 === c2 && d1 !== d2;
      const seen = d1 === d2 && s.sees(c1, c2);
      if (!inCell && !seen) return `${at} is no weak link`;
      if (kind !== 'aic' && !seen) return `${at}: this chain's weak links join one digit in two cells`;
    }
  }
  const strong = nodes.length / 2;
  if (strong < (kind === 'xy' ? 3 : 2)) return `too short for this technique (${strong} strong links)`;
  const [a, x] = nodes[0]!;
  const [b, y] = nodes[nodes.length - 1]!;
  if (kind !== 'aic' && x !== y) return 'the chain ends on two different digits';
  let ok: (c: number, d: number) => boolean;
  if (x === y) ok = (c, d) => d === x && seesAll(s, c, [a, b]);
  else if (a === b) ok = (c, d) => c === a && d !== x && d !== y;
  else if (s.sees(a, b)) ok = (c, d) => (c === a && d === y) || (c === b && d === x);
  else ok = () => false;
  return eachElim(s, claim, ok, 'not weakly linked to both ends of the chain');
}

// ——— tier 5: uniqueness and ALS (t5a) ———

const digitSetOf = (digits: readonly number[]) => digits.reduce((m, d) => m | bit(d), 0);

/**
 * Unique rectangles: the first four named cells are open cells in two rows, two columns and
 * exactly two regions, each holding one of the two named digits {x,y}. "Floor" corners hold no
 * other digit; the rest ("roof") have extra digits. If all four took only x and y, swapping them
 * would give a second solution, so a roof cell takes an extra digit (type 1: the only roof cell
 * loses x and y; type 2: two roof cells whose only extra is z: z leaves cells seeing both;
 * type 3: the roof cells as one cell holding their extras form a naked subset with named cells of
 * a house they share; type 4: x has no other place in a house the two roof cells share, so neither
 * is y). Sound only when the puzzle has exactly one solution (checked by the caller).
 */
function uniqueRectangle(s: Position, claim: Claim, type: 1 | 2 | 3 | 4): string | null {
  if (claim.cells.length < 4) return 'needs the four corners of the rectangle';
  const corners = claim.cells.slice(0, 4);
  if (new Set(corners).size !== 4 || corners.some((c) => s.grid[c] !== 0)) return 'the corners are not four distinct open cells';
  const n = s.n;
  const rows = new Set(corners.map((c) => Math.floor(c / n)));
  const cols = new Set(corners.map((c) => c % n));
  if (rows.size !== 2 || cols.size !== 2) return 'the corners are not a rectangle of two rows and two columns';
  const regions = new Set(corners.map((c) => s.g.regionOf(c))).size;
  if (regions !== 2) return `the rectangle spans ${regions} regions; a deadly pattern needs exactly two`;
  if (claim.digits.length !== 2) return 'names not exactly the two digits of the rectangle';
  const pair = digitSetOf(claim.digits);
  if (corners.some((c) => (s.cand[c]! & pair) === 0)) return `a corner holds neither ${claim.digits.join(' nor ')}`;
  const roof = corners.filter((c) => (s.cand[c]! & ~pair) !== 0);
  const extrasOf = (c: number) => s.cand[c]! & ~pair;
  if (claim.places.length !== 0) return 'places a digit, which this technique never does';
  if (type === 1) {
    if (roof.length !== 1) return `type 1 needs three corners with only ${claim.digits.join(',')}, found ${4 - roof.length}`;
    return eachElim(s, claim, (x, d) => x === roof[0] && (pair & bit(d)) !== 0, 'only the rectangle digits from the one corner with more');
  }
  if (roof.length !== 2) return `needs exactly two corners with extra digits, found ${roof.length}`;
  const [e1, e2] = roof as [number, number];
  if (type === 2) {
    const z = extrasOf(e1);
    if (popcount(z) !== 1 || extrasOf(e2) !== z) return 'the two roof cells do not have the same one extra digit';
    return eachElim(s, claim, (x, d) => bit(d) === z && !corners.includes(x) && seesAll(s, x, roof), 'only the extra digit from cells seeing both roof cells');
  }
  const shared = s.commonHouses(roof);
  if (shared.length === 0) return 'the roof cells share no house';
  if (type === 4) {
    const ok = (x: number, d: number) =>
      roof.includes(x) &&
      (pair & bit(d)) !== 0 &&
      claim.digits.some((u) => u !== d && shared.some((h) => sameSet(s.places(h, u), roof)));
    return eachElim(s, claim, ok, 'the other rectangle digit is locked to the roof cells in no house they share');
  }
  const subsetCells = claim.cells.slice(4);
  if (subsetCells.some((c) => s.grid[c] !== 0 || corners.includes(c))) return 'a subset cell is filled or a corner';
  // a cell named twice would count twice towards the subset's size
  if (new Set(subsetCells).size !== subsetCells.length) return 'names a subset cell twice';
  const extras = extrasOf(e1) | extrasOf(e2);
  const ok = (x: number, d: number) => {
    if (corners.includes(x)) return false;
    for (const h of shared) {
      const inHouse = subsetCells.filter((c) => s.g.cellsOf(h).includes(c));
      if (!s.g.cellsOf(h).includes(x) || inHouse.includes(x)) continue;
      for (let mask = 1; mask < 1 << inHouse.length; mask++) {
        const chosen = inHouse.filter((_, i) => mask & (1 << i));
        const union = chosen.reduce((m, c) => m | s.cand[c]!, extras);
        if (popcount(union) === chosen.length + 1 && (union & bit(d)) !== 0) return true;
      }
    }
    return false;
  };
  return eachElim(s, claim, ok, 'no naked subset of the roof cells and named cells in a house they share');
}

/**
 * BUG+1: the named cell is the only open cell with three candidates, all others have two; every
 * digit has two places (or none) in every house, except one digit with three in each house of that
 * cell. Without it the cell would leave a bivalue grave (no or several solutions), so it keeps only
 * that digit.
 */
function bugPlusOne(s: Position, claim: Claim): string | null {
  if (claim.cells.length !== 1) return 'names not exactly the one cell with three candidates';
  const cell = claim.cells[0]!;
  if (s.grid[cell] !== 0 || popcount(s.cand[cell]!) !== 3) return `${s.name(cell)} does not have three candidates`;
  for (let c = 0; c < s.cand.length; c++) if (c !== cell && s.grid[c] === 0 && popcount(s.cand[c]!) !== 2) return `${s.name(c)} does not have two candidates`;
  let extra = 0;
  for (let h = 0; h < s.g.houseCount; h++) {
    const own = s.housesOf(cell).includes(h);
    for (let d = 1; d <= s.n; d++) {
      const k = s.placeCount(h, d);
      if (k === 0 || k === 2) continue;
      if (k !== 3 || !own || (extra !== 0 && extra !== bit(d))) return `${d} has ${k} places in ${s.g.houseKind(h)} ${s.g.houseIndex(h) + 1}`;
      extra = bit(d);
    }
  }
  if (extra === 0 || !s.housesOf(cell).every((h) => s.placeCount(h, digitsOf(extra)[0]!) === 3)) return `no digit has three places in every house of ${s.name(cell)}`;
  if (claim.places.length !== 0) return 'places a digit, which this technique never does';
  return eachElim(s, claim, (x, d) => x === cell && bit(d) !== extra, 'only the other two candidates of the BUG+1 cell');
}

/** An almost locked set: open cells of one house holding one digit more than there are cells. */
function alsProblem(s: Position, set: readonly number[]): string | null {
  const name = `{${set.map((c) => s.name(c)).join(' ')}}`;
  if (set.length === 0 || new Set(set).size !== set.length) return 'an almost locked set is empty or names a cell twice';
  if (set.some((c) => s.grid[c] !== 0)) return `${name} has a filled cell`;
  if (s.commonHouses(set).length === 0) return `${name} is not in one house`;
  const k = popcount(set.reduce((m, c) => m | s.cand[c]!, 0));
  return k === set.length + 1 ? null : `${name} holds ${k} digits in ${set.length} cells, not one more`;
}

const alsDigits = (s: Position, set: readonly number[]) => set.reduce((m, c) => m | s.cand[c]!, 0);
const holding = (s: Position, set: readonly number[], d: number) => set.filter((c) => s.has(c, d));

/** Restricted common candidates of two sets: digits of both whose cells in one all see those in the other. */
function rccs(s: Position, a: readonly number[], b: readonly number[]): number[] {
  return digitsOf(alsDigits(s, a) & alsDigits(s, b)).filter((x) => holding(s, a, x).every((c) => seesAll(s, c, holding(s, b, x))));
}

/** The claim's sets, each an ALS; a string says why not. */
function alsSets(s: Position, claim: Claim, count: (k: number) => boolean, what: string): number[][] | string {
  const sets = claim.sets;
  if (!sets || !count(sets.length)) return `needs ${what}`;
  for (const set of sets) {
    const p = alsProblem(s, set);
    if (p) return p;
  }
  if (claim.places.length !== 0) return 'places a digit, which this technique never does';
  return sets;
}

/** ALS-XZ: A and B share an RCC x; a common z leaves cells seeing all z of both; doubly linked: both sets lock. */
function alsXz(s: Position, claim: Claim): string | null {
  const sets = alsSets(s, claim, (k) => k === 2, 'two almost locked sets');
  if (typeof sets === 'string') return sets;
  const [a, b] = sets as [number[], number[]];
  const r = rccs(s, a, b);
  if (r.length === 0) return 'the two sets have no restricted common candidate';
  const common = alsDigits(s, a) & alsDigits(s, b);
  const ok = (x: number, d: number) => {
    const both = [...holding(s, a, d), ...holding(s, b, d)];
    if ((common & bit(d)) !== 0 && r.some((rc) => rc !== d) && seesAll(s, x, both)) return true;
    if (r.length < 2) return false;
    if (r.includes(d)) return seesAll(s, x, both);
    return [a, b].some((set) => (alsDigits(s, set) & bit(d)) !== 0 && seesAll(s, x, holding(s, set, d)));
  };
  return eachElim(s, claim, ok, 'not seeing every place of a digit the sets must hold');
}

/** ALS-XY-Wing: sets A, B and pivot C; A–C by x, B–C by y ≠ x; a z of A and B (not x, y) leaves cells seeing all its places. */
function alsXyWing(s: Position, claim: Claim): string | null {
  const sets = alsSets(s, claim, (k) => k === 3, 'three almost locked sets: two wings and the pivot');
  if (typeof sets === 'string') return sets;
  const [a, b, c] = sets as [number[], number[], number[]];
  const rac = rccs(s, a, c);
  const rbc = rccs(s, b, c);
  if (rac.length === 0 || rbc.length === 0) return 'a wing has no restricted common candidate with the pivot';
  const ok = (x: number, z: number) =>
    (alsDigits(s, a) & alsDigits(s, b) & bit(z)) !== 0 &&
    rac.some((p) => p !== z && rbc.some((q) => q !== z && q !== p)) &&
    seesAll(s, x, [...holding(s, a, z), ...holding(s, b, z)]);
  return eachElim(s, claim, ok, 'not a common digit of the wings outside their links, seen in all its places');
}

/** ALS chain A1 … Ak (k ≥ 4): consecutive sets share RCCs, each differing from the one before; a z of A1 and Ak leaves cells seeing all its places. */
function alsChain(s: Position, claim: Claim): string | null {
  const sets = alsSets(s, claim, (k) => k >= 4, 'at least four almost locked sets');
  if (typeof sets === 'string') return sets;
  const links = sets.slice(1).map((set, i) => rccs(s, sets[i]!, set));
  const gap = links.findIndex((l) => l.length === 0);
  if (gap >= 0) return `sets ${gap + 1} and ${gap + 2} have no restricted common candidate`;
  // For each first link x1: the last links reachable with every link differing from the one before.
  const lastAfter = new Map<number, Set<number>>();
  for (const x1 of links[0]!) {
    let now = new Set([x1]);
    for (const link of links.slice(1)) now = new Set(link.filter((y) => [...now].some((x) => x !== y)));
    lastAfter.set(x1, now);
  }
  const first = sets[0]!;
  const last = sets[sets.length - 1]!;
  const ok = (x: number, z: number) =>
    (alsDigits(s, first) & alsDigits(s, last) & bit(z)) !== 0 &&
    [...lastAfter].some(([x1, ends]) => x1 !== z && [...ends].some((e) => e !== z)) &&
    seesAll(s, x, [...holding(s, first, z), ...holding(s, last, z)]);
  return eachElim(s, claim, ok, 'not a digit of both end sets outside the end links, seen in all its places');
}

// ——— tier 5: grouped chains and forcing chains (t5b) ———

type GroupNode = Array<[cell: number, digit: number]>;

function nodeName(s: Position, node: GroupNode): string {
  return node.map(([c, d]) => `(${d})${s.name(c)}`).join('+');
}

/** (c, d) cannot be true together with the node (one of whose cells holds the node's digit). */
function weakToNode(s: Position, c: number, d: number, node: GroupNode): boolean {
  const e = node[0]![1];
  if (d === e) return node.every(([x]) => x !== c && s.sees(x, c));
  return node.length === 1 && node[0]![0] === c;
}

/**
 * Grouped chains and nice loops: nodes are candidates or groups (one digit's candidates inside a
 * line and a region). Strong link: a house whose places of the digit are exactly the two nodes'
 * cells, or a bivalue cell; weak link: one cell's two digits, or one digit in two disjoint nodes
 * whose cells all see each other. Conclusions: candidates weakly linked to both ends; a chain
 * from a candidate back to itself places it; a loop whose last node links weakly to its first
 * removes whatever is weakly linked to both ends of any of its weak links.
 */
function groupedChain(s: Position, claim: Claim, kind: 'nice-loop' | 'grouped-nice-loop' | 'grouped-aic'): string | null {
  const nodes = claim.groups;
  if (!nodes) return 'does not name its grouped chain';
  if (nodes.length < 2 || nodes.length % 2 !== 0) return 'a chain needs an even number of nodes (it starts and ends with a strong link)';
  for (const node of nodes) {
    const d = node[0]![1];
    if (node.some(([, e]) => e !== d)) return `chain node ${nodeName(s, node)} mixes digits`;
    if (new Set(node.map(([c]) => c)).size !== node.length) return `chain node ${nodeName(s, node)} names a cell twice`;
    for (const [c, e] of node) if (!s.has(c, e)) return `chain node (${e})${s.name(c)} is no candidate`;
    if (node.length > 1) {
      const common = s.commonHouses(node.map(([c]) => c));
      if (!(common.some((h) => s.g.houseKind(h) === 'region') && common.some((h) => s.g.houseKind(h) !== 'region'))) {
        return `group ${nodeName(s, node)} is not inside one line and one block`;
      }
    }
  }
  const hasGroup = nodes.some((node) => node.length > 1);
  if (kind === 'nice-loop' && hasGroup) return 'a nice loop without groups names a group';
  if (kind !== 'nice-loop' && !hasGroup) return 'a grouped chain needs a group node';
  const cellsOf = (node: GroupNode) => node.map(([c]) => c);
  const strong = (u: GroupNode, v: GroupNode): boolean => {
    if (u.length === 1 && v.length === 1 && u[0]![0] === v[0]![0]) {
      const [c, d1] = u[0]!;
      const d2 = v[0]![1];
      return d1 !== d2 && s.cand[c] === (bit(d1) | bit(d2));
    }
    const d = u[0]![1];
    if (v[0]![1] !== d) return false;
    const both = [...cellsOf(u), ...cellsOf(v)];
    if (new Set(both).size !== both.length) return false;
    return s.commonHouses(both).some((h) => sameSet(s.places(h, d), both));
  };
  const weak = (u: GroupNode, v: GroupNode): boolean => {
    if (u.length === 1 && v.length === 1 && u[0]![0] === v[0]![0]) return u[0]![1] !== v[0]![1];
    return u[0]![1] === v[0]![1] && u.every(([c]) => weakToNode(s, c, u[0]![1], v));
  };
  for (let i = 1; i < nodes.length; i++) {
    const [u, v] = [nodes[i - 1]!, nodes[i]!];
    const at = `${nodeName(s, u)}${i % 2 ? '=' : '-'}${nodeName(s, v)}`;
    if (i % 2 === 1 ? !strong(u, v) : !weak(u, v)) return `${at} is no ${i % 2 === 1 ? 'strong' : 'weak'} link`;
  }
  const first = nodes[0]!;
  const last = nodes[nodes.length - 1]!;
  const key = (node: GroupNode) => node.map(([c, d]) => c * 16 + d).sort((a, b) => a - b).join(',');
  const closesOnStart = key(first) === key(last);
  const inner = closesOnStart ? nodes.slice(1) : nodes;
  if (new Set(inner.map(key)).size !== inner.length) return 'a chain node repeats';
  if (claim.places.length > 0) {
    if (kind === 'grouped-aic') return 'an AIC places no digit';
    if (!closesOnStart || first.length !== 1 || claim.elims.length > 0 || claim.places.length !== 1) return 'only a chain from a candidate back to itself places it';
    const [c, d] = first[0]!;
    return claim.places[0]![0] === c && claim.places[0]![1] === d ? null : 'the placement is not the chain\'s start';
  }
  if (closesOnStart) return 'a chain back to its start places it, it removes nothing';
  const weakLinks: Array<[GroupNode, GroupNode]> = [[first, last]];
  if (kind !== 'grouped-aic' && weak(last, first)) {
    for (let i = 2; i < nodes.length; i += 2) weakLinks.push([nodes[i - 1]!, nodes[i]!]);
  }
  return eachElim(
    s,
    claim,
    (c, d) => weakLinks.some(([u, v]) => weakToNode(s, c, d, u) && weakToNode(s, c, d, v)),
    'not weakly linked to both ends of the chain or of a weak link of the loop',
  );
}

/** Longest implication path of a forcing-chain branch (techniques/forcing.ts). */
const MAX_BRANCH_DEPTH = 20;

/**
 * Forcing chains: each branch assumes a candidate and lists facts, each of which must follow from
 * the position and the facts before it (a true fact makes its peers' digit and its cell's other
 * digits false; a cell with one digit left or a digit with one place left in a house is true; a
 * digit whose places left in a house all lie in another house is false in the rest of that one),
 * at most MAX_BRANCH_DEPTH levels deep. The branches must cover every case (every candidate of a
 * cell, every place of a digit in a house) and each must reach every conclusion; each branch of
 * a contradiction chain must reach a contradiction, and its conclusion is that its assumption is false.
 */
function forcingChain(s: Position, claim: Claim, shape: 'contradiction' | 'cell' | 'house', nesting = false): string | null {
  const branches = claim.branches;
  if (!branches || branches.length === 0) return 'does not name its branches';
  if (!nesting && branches.some((b) => b.nested.length > 0)) return 'a plain forcing chain has no inner branches';
  const premises = branches.map((b) => b.assume);
  for (const [c, d] of premises) if (!s.has(c, d)) return `assumes ${d} in ${s.name(c)}, which is no candidate there`;
  if (shape === 'contradiction') {
    const assumed = premises.map(([c, d]) => c * 16 + d);
    const removed = claim.elims.map(([c, d]) => c * 16 + d);
    if (claim.places.length !== 0 || !sameSet(assumed, removed) || new Set(assumed).size !== assumed.length) return 'a contradiction chain removes exactly its assumptions';
  } else if (shape === 'cell') {
    const cell = premises[0]![0];
    if (premises.some(([c]) => c !== cell) || !sameSet(premises.map(([, d]) => d), digitsOf(s.cand[cell]!)) || premises.length < 2) {
      return 'the branches are not every candidate of one cell';
    }
  } else {
    const d = premises[0]![1];
    const cells = premises.map(([c]) => c);
    if (premises.some(([, e]) => e !== d) || premises.length < 2 || !s.commonHouses(cells).some((h) => sameSet(s.places(h, d), cells))) {
      return 'the branches are not every place of one digit in a house';
    }
  }
  for (let b = 0; b < branches.length; b++) {
    const branch = branches[b]!;
    const replay = replayBranch(s, branch.assume, branch.implies, branch.nested);
    if (typeof replay === 'string') return `branch ${b + 1}: ${replay}`;
    if (shape === 'contradiction') {
      if (!replay.contradiction) return 'the branch reaches no contradiction';
      continue;
    }
    for (const [c, d] of claim.elims) if (replay.value.get(c * 16 + d) !== 0) return `branch ${b + 1} does not show ${d} leaving ${s.name(c)}`;
    for (const [c, d] of claim.places) if (replay.value.get(c * 16 + d) !== 1) return `branch ${b + 1} does not show ${d} in ${s.name(c)}`;
  }
  return null;
}

/**
 * A nested forcing chain's shape, from its branches: one branch is a contradiction, branches on
 * one cell a cell forcing chain, otherwise the places of a digit in a house.
 */
function nestedShape(_s: Position, claim: Claim): 'contradiction' | 'cell' | 'house' {
  const branches = claim.branches ?? [];
  if (branches.length === 1) return 'contradiction';
  return branches.every((b) => b.assume[0] === branches[0]!.assume[0]) ? 'cell' : 'house';
}

/**
 * Replay one branch: the facts it reaches (key cell·16 + digit → 1/0) and whether they contradict.
 * `nested`: inner branches (nested forcing chains) — a false fact may also hold because its inner
 * branch, replayed on the position plus the facts before it (known at level 0 there), contradicts;
 * it is then one level deeper than the deepest fact before it. `outer`: the enclosing branch's
 * facts when this is an inner branch itself (which never nests again).
 */
function replayBranch(
  s: Position,
  assume: [number, number],
  implies: ReadonlyArray<Fact>,
  nested: readonly InnerBranch[] = [],
  outer?: ReadonlyMap<number, number>,
): { value: Map<number, number>; contradiction: boolean } | string {
  const value = new Map<number, number>(outer ?? []);
  const depth = new Map<number, number>([...value.keys()].map((k) => [k, 0]));
  if (value.get(assume[0] * 16 + assume[1]) === 0) return `assumes ${assume[1]} in ${s.name(assume[0])}, which the enclosing branch has shown false`;
  value.set(assume[0] * 16 + assume[1], 1);
  depth.set(assume[0] * 16 + assume[1], 0);
  // The position does not change while a branch is replayed: each house-digit's places once.
  const placesCache: number[][] = [];
  const placesOf = (h: number, d: number): number[] => (placesCache[h * 16 + d] ??= s.places(h, d));
  const inner = new Map<number, InnerBranch>();
  for (const b of nested) {
    const k = b.assume[0] * 16 + b.assume[1];
    if (inner.has(k) || !implies.some(([c, d, v]) => v === 0 && c * 16 + d === k)) return `the inner branch assuming ${b.assume[1]} in ${s.name(b.assume[0])} shows no fact of the branch`;
    inner.set(k, b);
  }
  let contradiction = false;
  const falseAt = (c: number, d: number) => (value.get(c * 16 + d) === 0 ? depth.get(c * 16 + d)! : -1);
  for (const [c, d, v] of implies) {
    const at = `${s.name(c)}${v ? '=' : '≠'}${d}`;
    if (!s.has(c, d)) return `${at}: ${d} is no candidate of ${s.name(c)}`;
    let level = Infinity;
    if (v === 0) {
      // The shallowest true fact excluding it: the same cell's other digit, or the digit in a peer.
      for (const [k, x] of value) {
        const [tc, td] = [k >> 4, k & 15];
        if (x === 1 && ((tc === c && td !== d) || (td === d && s.sees(tc, c)))) level = Math.min(level, depth.get(k)! + 1);
      }
      // Locked candidates: in a house without c, the digit's places not yet ruled out all share a house with c.
      const own = s.housesOf(c);
      for (let h = 0; h < s.g.houseCount; h++) {
        if (own.includes(h)) continue;
        const places = placesOf(h, d);
        const left = places.filter((x) => falseAt(x, d) < 0);
        if (left.length === 0 || !own.some((H) => left.every((x) => s.housesOf(x).includes(H)))) continue;
        level = Math.min(level, Math.max(0, ...places.filter((x) => falseAt(x, d) >= 0).map((x) => falseAt(x, d))) + 1);
      }
    } else {
      const others = digitsOf(s.cand[c]! & ~bit(d)).map((e) => falseAt(c, e));
      if (others.every((x) => x >= 0)) level = Math.max(0, ...others) + 1;
      for (const h of s.housesOf(c)) {
        const rest = placesOf(h, d).filter((x) => x !== c).map((x) => falseAt(x, d));
        if (rest.every((x) => x >= 0)) level = Math.min(level, Math.max(0, ...rest) + 1);
      }
    }
    const innerBranch = v === 0 ? inner.get(c * 16 + d) : undefined;
    if (innerBranch && level > MAX_BRANCH_DEPTH) {
      const replay = replayBranch(s, innerBranch.assume, innerBranch.implies, [], value);
      if (typeof replay === 'string') return `${at}, inner branch: ${replay}`;
      if (!replay.contradiction) return `${at}: its inner branch reaches no contradiction`;
      level = Math.max(...depth.values()) + 1;
    }
    if (level === Infinity) return `${at} does not follow from the assumption and the facts before it`;
    if (level > MAX_BRANCH_DEPTH) return `${at} lies ${level} implications deep, more than ${MAX_BRANCH_DEPTH}`;
    const k = c * 16 + d;
    if (value.has(k) && value.get(k) !== v) contradiction = true;
    else if (!value.has(k)) {
      value.set(k, v);
      depth.set(k, level);
    }
  }
  if (!contradiction) {
    for (let c = 0; c < s.cand.length && !contradiction; c++) {
      if (s.grid[c] === 0 && s.cand[c] !== 0 && digitsOf(s.cand[c]!).every((d) => value.get(c * 16 + d) === 0)) contradiction = true;
    }
    for (let h = 0; h < s.g.houseCount && !contradiction; h++) {
      for (let d = 1; d <= s.n && !contradiction; d++) {
        const places = placesOf(h, d);
        if (places.length > 0 && places.every((c) => value.get(c * 16 + d) === 0)) contradiction = true;
      }
    }
  }
  return { value, contradiction };
}
