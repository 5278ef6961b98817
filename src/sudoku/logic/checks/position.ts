/**
 * What every check works on: the replayed pencil marks (`Position`), a step read as cell indices
 * (`Claim`), and the small helpers several families share. Nothing here knows a technique.
 */
import { digitBit, digitCount } from '../../digits.ts';
import { geometryFor, type Geometry } from '../../geometry.ts';
import type { Board } from '../../types.ts';
import type { ProofStep } from '../step-schema.ts';

/** One step as cell indices, for the technique checks. */
export interface Claim {
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
export type Fact = [cell: number, digit: number, value: number];
/** A nested forcing chain's inner branch: it assumes a candidate inside its branch and contradicts. */
export type InnerBranch = { assume: [cell: number, digit: number]; implies: Fact[] };

/** Returns null when the claim follows from the pattern, else the reason it does not. */
export type StepCheck = (s: Position, claim: Claim) => string | null;

export const bit = digitBit;
export const popcount = digitCount;
/** The same elements, each once: a list that names one thing twice is never "every place" or "every candidate". */
export const sameSet = (a: readonly number[], b: readonly number[]): boolean =>
  a.length === b.length && new Set(a).size === a.length && new Set(b).size === b.length && a.every((x) => b.includes(x));

/** Every elimination satisfies `ok`, else the first that does not is named. */
export function eachElim(s: Position, claim: Claim, ok: (cell: number, d: number) => boolean, why: string): string | null {
  if (claim.places.length !== 0) return 'places a digit, which this technique never does';
  for (const [cell, d] of claim.elims) if (!ok(cell, d)) return `the pattern does not remove ${d} from ${s.name(cell)} (${why})`;
  return null;
}

export const seesAll = (s: Position, x: number, cells: readonly number[]) => cells.every((c) => c !== x && s.sees(x, c));

/** The replayed pencil marks: candidates of open cells, placed digits. */
export class Position {
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
