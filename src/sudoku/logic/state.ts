/**
 * The pencil-mark state the logic prover works on, in typed arrays (see README.md for diagrams).
 *
 *   cand[cell]          DigitSet of the candidates of an open cell; 0 once the cell is placed
 *   grid[cell]          the placed digit, 0 while open
 *   housePlaced[house]  DigitSet of the digits placed in the house
 *   houseOpen[house]    number of open cells in the house
 *
 * Two work queues make the singles cheap: a house enters `fullHouseQueue` when its open count
 * drops to one, a cell enters `nakedQueue` when its candidates drop to one. Every other deduction
 * is found by the technique functions, which describe what they found in the `finding` scratch
 * buffer and hand it to `commit` (see finding.ts).
 */
import { lowestBit } from '../../core/bits.ts';
import { getOrMake } from '../../core/memo.ts';
import { geometryInBlockOrder, lastLayoutMemo, type Geometry } from '../geometry.ts';
import type { Board, Grid } from '../types.ts';
import { Finding } from './finding.ts';
import { layoutFor, type LogicLayout } from './layout.ts';
import type { ProofStep } from './step-schema.ts';
import type { Technique } from './technique.ts';

/** `apply`: a committed finding changes the state (the prover). `all`: findings are listed, the
 * state is left alone (one technique asked for every instance, e.g. by the oracle tests). */
export type CommitMode = 'apply' | 'all';

/**
 * The techniques' scratch arrays, one set per board size: a technique fills them and is done with
 * them before it returns, and a technique never runs inside another state's, so every layout's
 * state can use the same ones (generators make a new layout, and so a new state, for almost every
 * board; three 6 KB arrays were a tenth of building one).
 */
const scratchBySize = new Map<number, [Int32Array, Int32Array, Int32Array]>();
function scratchFor(cellCount: number, n: number): [Int32Array, Int32Array, Int32Array] {
  return getOrMake(scratchBySize, cellCount, () => {
    const nodes = cellCount * n;
    return [new Int32Array(nodes * 2 + 16), new Int32Array(nodes * 2 + 16), new Int32Array(nodes * 2 + 16)];
  });
}

const states = new WeakMap<Geometry, LogicState>();

/** The shared prover state of a layout (all scratch memory allocated once, freed with the layout). */
export function stateFor(geometry: Geometry): LogicState {
  return getOrMake(states, geometry, (g) => new LogicState(g));
}

// Generators prove many boards of one layout in a row: remember the last one, so a call costs a
// byte comparison instead of building the layout's cache key. Blocks in the order of their first
// cell: nothing the prover finds can depend on the blocks' labels.
const blockOrderGeometryOf = lastLayoutMemo(geometryInBlockOrder);

/** The shared prover state of a board's layout, its blocks in the order of their first cell. */
export function stateForBoard(board: Board): LogicState {
  return stateFor(blockOrderGeometryOf(board));
}

export class LogicState {
  readonly geometry: Geometry;
  readonly layout: LogicLayout;
  readonly n: number;
  readonly cellCount: number;
  readonly houseCount: number;
  /** All digits of the board as a DigitSet. */
  readonly full: number;
  readonly cand: Uint16Array;
  readonly grid: Uint8Array;
  readonly housePlaced: Uint16Array;
  readonly houseOpen: Uint8Array;
  /** Open (unplaced) cells left. */
  open = 0;
  /** Set as soon as a cell or a house-digit is left without any option. */
  contradiction = false;
  readonly fullHouseQueue: Uint8Array;
  fullHouseHead = 0;
  fullHouseTail = 0;
  readonly nakedQueue: Uint8Array;
  nakedHead = 0;
  nakedTail = 0;
  /** Scratch buffer of the deduction being reported. */
  readonly finding: Finding;
  /** Scratch: N-bit position masks, one per house and digit (filled by `fillPositions`). */
  readonly positions: Uint16Array;
  /** Bumped on every change of the candidates; `positions` is current when the stamps agree. */
  private version = 0;
  private positionsVersion = -1;
  /** Scratch for techniques (marks, BFS queues), sized generously once; shared by every state of
   * a board size (`scratchFor`). */
  readonly scratchA: Int32Array;
  readonly scratchB: Int32Array;
  readonly scratchC: Int32Array;

  // How findings are committed, and what the prover has counted so far.
  mode: CommitMode = 'apply';
  /** Build ProofStep objects (with texts) for committed findings. */
  collect = false;
  readonly steps: ProofStep[] = [];
  /** Committed steps per technique index (see ladder.ts). */
  readonly counts: Uint32Array = new Uint32Array(64);
  /** The work of the run: the sum of the committed steps' costs. */
  work = 0;
  tier = 0;
  /**
   * The forcing-chain rungs' budget: assumptions they follow (each premise of a position, each
   * inner assumption of a nested chain) in this run, and the most they may (prove's `maxBranches`).
   * A count, not a clock, so a run gives the same result on any machine; past it the rungs stop
   * and `exhausted` is set (the prover then reports the board unfinished, the caller "undecided").
   */
  branches = 0;
  branchLimit = Infinity;
  exhausted = false;
  /**
   * In `apply` mode, a finding this returns false for is passed over as if it changed nothing (the
   * technique searches on): a caller that wants only some instances of a rung (explainer-order.ts:
   * a locked candidate that leaves a hidden single at once). Null (the prover): every finding counts.
   */
  accept: ((state: LogicState) => boolean) | null = null;

  constructor(geometry: Geometry) {
    this.geometry = geometry;
    this.layout = layoutFor(geometry);
    this.n = geometry.size;
    this.cellCount = geometry.cellCount;
    this.houseCount = geometry.houseCount;
    this.full = (1 << this.n) - 1;
    this.cand = new Uint16Array(this.cellCount);
    this.grid = new Uint8Array(this.cellCount);
    this.housePlaced = new Uint16Array(this.houseCount);
    this.houseOpen = new Uint8Array(this.houseCount);
    this.fullHouseQueue = new Uint8Array(this.houseCount);
    this.nakedQueue = new Uint8Array(this.cellCount);
    this.finding = new Finding(this.cellCount, this.n, this.houseCount);
    this.positions = new Uint16Array(this.houseCount * this.n);
    [this.scratchA, this.scratchB, this.scratchC] = scratchFor(this.cellCount, this.n);
  }

  /**
   * Reset to the board's givens: every open cell gets the digits its houses still lack. Done in
   * bulk (one pass for the houses, one for the cells); a digit twice in a house, or an open cell
   * left without candidates, is a contradiction.
   */
  load(board: Board | { givens: Grid }): void {
    this.reset();
    const givens = board.givens;
    const ch = this.geometry.cellHouses;
    const placed = this.housePlaced;
    for (let c = 0; c < this.cellCount; c++) {
      const d = givens[c]!;
      if (d === 0) continue;
      if (d > this.n) throw new RangeError(`digit ${d} in cell ${c} exceeds size ${this.n}`);
      const bit = 1 << (d - 1);
      for (let k = 0; k < 3; k++) {
        const h = ch[c * 3 + k]!;
        if (placed[h]! & bit) this.contradiction = true;
        placed[h]! |= bit;
        this.houseOpen[h]!--;
      }
      this.grid[c] = d;
      this.open--;
    }
    for (let c = 0; c < this.cellCount; c++) {
      if (this.grid[c] !== 0) {
        this.cand[c] = 0;
        continue;
      }
      const m = this.full & ~(placed[ch[c * 3]!]! | placed[ch[c * 3 + 1]!]! | placed[ch[c * 3 + 2]!]!);
      this.cand[c] = m;
      if (m === 0) this.contradiction = true;
      else if ((m & (m - 1)) === 0) this.nakedQueue[this.nakedTail++] = c;
    }
    for (let h = 0; h < this.houseCount; h++) if (this.houseOpen[h] === 1) this.fullHouseQueue[this.fullHouseTail++] = h;
  }

  /**
   * Hand the finding to the prover. `apply` mode: apply its eliminations and placements, count
   * it, record a step when collecting; returns true (the technique stops: progress). `all` mode:
   * list it and return false (the technique goes on searching). An empty finding is dropped.
   */
  commit(t: Technique): boolean {
    const f = this.finding;
    if (f.elimCount === 0 && f.placeCount === 0) {
      f.clear();
      return false;
    }
    if (this.accept !== null && this.mode === 'apply' && !this.accept(this)) {
      f.clear();
      return false;
    }
    if (this.mode === 'all') {
      this.steps.push(f.toStep(this.geometry, t.id, t.tier, t.describe(this), t.assumesUniqueness === true));
      f.clear();
      return false;
    }
    if (this.collect) this.steps.push(f.toStep(this.geometry, t.id, t.tier, t.describe(this), t.assumesUniqueness === true));
    this.counts[t.index]!++;
    this.work += t.cost;
    if (t.tier > this.tier) this.tier = t.tier;
    for (let i = 0; i < f.elimCount; i++) {
      const code = f.elims[i]!;
      this.removeCandidate(code >> 4, 1 << (code & 15));
    }
    for (let i = 0; i < f.placeCount; i++) {
      const code = f.places[i]!;
      this.setDigit(code >> 4, (code & 15) + 1);
    }
    f.clear();
    return true;
  }

  /**
   * The run's steps, handed over: the state keeps none, since it lives as long as its layout (a
   * generator's cache holds thousands) and the steps would keep every old board's proof alive.
   */
  takeSteps(): ProofStep[] {
    const steps = this.steps.slice();
    this.steps.length = 0;
    return steps;
  }

  /** Forget the steps, counts and work of the previous run. */
  resetRun(mode: CommitMode, collect: boolean): void {
    this.mode = mode;
    this.collect = collect;
    this.steps.length = 0;
    this.counts.fill(0);
    this.work = 0;
    this.tier = 0;
    this.branches = 0;
    this.branchLimit = Infinity;
    this.exhausted = false;
    this.accept = null;
    this.finding.clear();
  }

  /** Has the run followed as many branches as it may? Then `exhausted` (checked by the forcing rungs before more work). */
  outOfBranches(): boolean {
    if (this.branches < this.branchLimit) return false;
    this.exhausted = true;
    return true;
  }

  /** Empty board, all candidates. */
  reset(): void {
    this.version++;
    this.cand.fill(this.full);
    this.grid.fill(0);
    this.housePlaced.fill(0);
    this.houseOpen.fill(this.n);
    this.open = this.cellCount;
    this.contradiction = false;
    this.fullHouseHead = this.fullHouseTail = 0;
    this.nakedHead = this.nakedTail = 0;
  }

  /**
   * Place digit d in cell c and remove it from the peers (no proof step: the caller records one
   * when it is a deduction). A digit the cell cannot take is a contradiction.
   */
  setDigit(c: number, d: number): void {
    const bit = 1 << (d - 1);
    if (this.grid[c] !== 0 || (this.cand[c]! & bit) === 0) {
      this.contradiction = true;
      return;
    }
    const g = this.geometry;
    this.grid[c] = d;
    this.cand[c] = 0;
    this.open--;
    this.version++;
    const ch = g.cellHouses;
    for (let k = 0; k < 3; k++) {
      const h = ch[c * 3 + k]!;
      this.housePlaced[h]! |= bit;
      if (--this.houseOpen[h]! === 1) this.fullHouseQueue[this.fullHouseTail++] = h;
    }
    const peers = g.peers;
    const cand = this.cand;
    for (let k = g.peerStart[c]!, end = g.peerStart[c + 1]!; k < end; k++) {
      const p = peers[k]!;
      const m = cand[p]!;
      if ((m & bit) === 0) continue;
      const rest = m ^ bit;
      cand[p] = rest;
      if (rest === 0) {
        if (this.grid[p] === 0) this.contradiction = true;
      } else if ((rest & (rest - 1)) === 0) {
        this.nakedQueue[this.nakedTail++] = p;
      }
    }
  }

  /** Remove the candidates `bits` from cell c (no proof step). */
  removeCandidate(c: number, bits: number): void {
    const m = this.cand[c]!;
    if ((m & bits) === 0) return;
    const rest = m & ~bits;
    this.cand[c] = rest;
    this.version++;
    if (rest === 0) this.contradiction = true;
    else if ((rest & (rest - 1)) === 0) this.nakedQueue[this.nakedTail++] = c;
  }

  /** Grows with every change of the candidates (never repeats): a cache key for searches that
   * reuse work between rungs on the same position (forcing chains). */
  get candidateVersion(): number {
    return this.version;
  }

  /** True when every cell is placed. */
  get solved(): boolean {
    return this.open === 0;
  }

  /**
   * positions[h·N + d−1] = N-bit mask of the places of digit d in house h (bit i = i-th cell of
   * the house). Placed cells have no candidates, so a placed digit has an empty mask.
   */
  fillPositions(): void {
    if (this.positionsVersion === this.version) return;
    this.positionsVersion = this.version;
    const n = this.n;
    const hc = this.geometry.houseCells;
    const pos = this.positions;
    pos.fill(0);
    for (let h = 0; h < this.houseCount; h++) {
      const base = h * n;
      for (let i = 0; i < n; i++) {
        let m = this.cand[hc[base + i]!]!;
        while (m !== 0) {
          const d = lowestBit(m);
          m &= m - 1;
          pos[base + d]! |= 1 << i;
        }
      }
    }
  }

  /** True when distinct cells a and b share a house. */
  sees(a: number, b: number): boolean {
    return this.layout.sees[a * this.cellCount + b] === 1;
  }

  /** A copy of the placed digits. */
  gridCopy(): Grid {
    return this.grid.slice();
  }
}
