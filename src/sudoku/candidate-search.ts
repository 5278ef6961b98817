/**
 * The generic search for N×N boards with any region map: a backtracker over candidate masks (one
 * DigitSet per cell), not dancing links (that is src/core/exact-cover.ts). solver.ts decides when
 * it runs (filling grids, counting on layouts the faster engines do not take) and with what budget.
 *
 * It reads Sudoku as exact cover, with four kinds of constraint: every cell holds one digit, and
 * every row-digit, column-digit and region-digit pair is covered once. The options of a cell constraint
 * are its candidates; the options of a house-digit constraint are the cells of the house that can
 * still take the digit. The search always branches on the constraint with the fewest options
 * (Knuth's MRV heuristic); a constraint with one option is forced, which is exactly a naked single
 * (cell) or a hidden single (house-digit), so both are propagated before any branch is taken.
 *
 * State: one candidate mask (a DigitSet) per cell, kept in a Uint16Array. One copy of the state per
 * search depth lives in a single preallocated array, so a search node costs a copy of N·N shorts
 * and allocates nothing:
 *
 *     stack:  [ depth 0: cell 0 … cell N²−1 | depth 1: … | … | depth N²: … ]
 *
 * A cell whose mask has one bit is placed; its bit is removed from all peers once (queue).
 * Beside each depth's masks, the places of every house-digit are counted (one byte each), and
 * kept as candidates go: a count that drops to 1 is a hidden single (or the digit's placed cell),
 * one that drops to 0 a contradiction, so no house is rescanned to find them:
 *
 *   places: [ depth 0: house 0 digit 1 … house 0 digit N | house 1 … | … house 3N−1 | depth 1 … ]
 */
import { POPCOUNT_1024 } from '../core/bits.ts';
import { getOrMake } from '../core/memo.ts';
import type { Rng } from '../core/rng.ts';
import type { Geometry } from './geometry.ts';
import type { SinglesResult, SolveOptions, SolveResult } from './types.ts';
import type { Grid } from './types.ts';
import { newGrid } from './grids.ts';

/** The search's scratch memory for one board size. */
interface Scratch {
  stack: Uint16Array;
  places: Uint8Array;
  queue: Uint8Array;
  /** House-digit pairs whose places dropped to one (house, digit bit), at most one entry each. */
  hiddenHouse: Uint8Array;
  hiddenBit: Uint16Array;
  options: Uint8Array;
  solutionMasks: Uint16Array;
}

/**
 * Scratch memory is per board size, shared by every layout's search: a call never runs inside
 * another (nothing here calls back out), so one buffer serves all layouts of a size, and a search
 * costs only its layout tables (an irregular file has a new layout on almost every line).
 */
const scratchBySize = new Map<number, Scratch>();
function scratchFor(n: number): Scratch {
  return getOrMake(scratchBySize, n, newScratch);
}

function newScratch(n: number): Scratch {
  const cells = n * n;
  return {
    stack: new Uint16Array((cells + 1) * cells),
    places: new Uint8Array((cells + 1) * 3 * cells),
    hiddenHouse: new Uint8Array(3 * cells),
    hiddenBit: new Uint16Array(3 * cells),
    // Every cell enters the queue at most once per node (when it becomes placed).
    queue: new Uint8Array(cells),
    options: new Uint8Array((cells + 1) * n),
    solutionMasks: new Uint16Array(cells),
  };
}

/** The search for one layout; its scratch memory is its size's (`scratchFor`). */
export class CandidateSearch {
  readonly geometry: Geometry;
  private readonly n: number;
  private readonly cells: number;
  private readonly full: number;
  private readonly stack: Uint16Array;
  private readonly places: Uint8Array;
  /** House-digit pairs per depth: 3N·N. */
  private readonly houseDigits: number;
  private readonly queue: Uint8Array;
  private readonly hiddenHouse: Uint8Array;
  private readonly hiddenBit: Uint16Array;
  private readonly options: Uint8Array;
  private readonly solutionMasks: Uint16Array;
  /** cell → bit h for each of its three houses; all 3N houses */
  private readonly cellHouseMask: Int32Array;
  private readonly allHouses: number;
  /** Digits given per house (root propagation). */
  private readonly houseGiven: Uint16Array;
  // per-call state
  private limit = 1;
  private count = 0;
  private nodes = 0;
  private maxNodes = Infinity;
  private rng: Rng | undefined;
  private qTail = 0;
  /** The digits a branch just took from its cell, for `propagate` to uncount (0: none). */
  private branchCell = 0;
  private branchTaken = 0;

  constructor(geometry: Geometry) {
    this.geometry = geometry;
    this.n = geometry.size;
    this.cells = geometry.cellCount;
    this.full = (1 << this.n) - 1;
    const scratch = scratchFor(this.n);
    this.stack = scratch.stack;
    this.places = scratch.places;
    this.houseDigits = 3 * this.cells;
    this.queue = scratch.queue;
    this.hiddenHouse = scratch.hiddenHouse;
    this.hiddenBit = scratch.hiddenBit;
    this.options = scratch.options;
    this.solutionMasks = scratch.solutionMasks;
    this.cellHouseMask = new Int32Array(this.cells);
    for (let c = 0; c < this.cells; c++) {
      for (let k = 0; k < 3; k++) this.cellHouseMask[c]! |= 1 << geometry.cellHouses[c * 3 + k]!;
    }
    this.allHouses = 2 ** (3 * this.n) - 1;
    this.houseGiven = new Uint16Array(3 * this.n);
  }

  /**
   * Naked and hidden singles only, to their fixpoint, on every layout: exactly tier 1 of the
   * logic prover (full houses are naked singles), so `solved` ⇔ `prove(board, { maxTier: 1 })`
   * solves it, and where both stop they have placed the same cells (singles reach one fixpoint
   * whatever their order). Generators use it as the grade-1 test. `grid` is written into `into`
   * when given (no allocation for the result's grid).
   */
  propagateSingles(givens: Grid, into: Grid = new Uint8Array(this.cells)): SinglesResult {
    this.loadGivens(givens);
    const ok = this.propagateGivens();
    const s = this.stack;
    let open = 0;
    for (let c = 0; c < this.cells; c++) {
      const m = s[c]!;
      if ((m & (m - 1)) === 0) into[c] = 32 - Math.clz32(m);
      else {
        into[c] = 0;
        open++;
      }
    }
    return { solved: ok && open === 0, contradiction: !ok, grid: into };
  }

  /**
   * Count solutions up to `limit` by this search alone, whatever the layout (`LayoutSolver.solve`
   * picks an engine; tests compare this one with the others). With `rng` the branching order is
   * random: the only engine that fills grids.
   */
  solve(givens: Grid, options: SolveOptions = {}): SolveResult {
    this.limit = Math.max(1, options.limit ?? 1);
    this.rng = options.rng;
    this.maxNodes = options.maxNodes ?? Infinity;
    this.count = 0;
    this.nodes = 0;
    this.loadGivens(givens);
    this.search(0);
    const complete = this.nodes <= this.maxNodes;
    let solution: Grid | null = null;
    if (this.count > 0) {
      solution = newGrid(this.cells);
      for (let c = 0; c < this.cells; c++) solution[c] = 32 - Math.clz32(this.solutionMasks[c]!);
    }
    return { count: this.count, solution, nodes: this.nodes, complete };
  }

  /**
   * Depth 0: every open cell may take every digit; each given is placed and queued, so that
   * propagation removes it from its peers (and finds givens that clash).
   */
  private loadGivens(givens: Grid): void {
    const s = this.stack;
    s.fill(this.full, 0, this.cells);
    this.qTail = 0;
    for (let c = 0; c < this.cells; c++) {
      const d = givens[c]!;
      if (d === 0) continue;
      if (d > this.n) throw new RangeError(`digit ${d} in cell ${c} exceeds size ${this.n}`);
      s[c] = 1 << (d - 1);
      this.queue[this.qTail++] = c;
    }
  }

  /** Returns true when the search must stop (limit reached or node budget spent). */
  private search(depth: number): boolean {
    if (++this.nodes > this.maxNodes) return true;
    const base = depth * this.cells;
    if (depth === 0 ? !this.propagateGivens() : !this.propagate(depth, base)) return false;

    // Find the cell constraint with the fewest options.
    const s = this.stack;
    const cells = this.cells;
    let bestCell = -1;
    let bestCount = 99;
    let ties = 0;
    const rng = this.rng;
    for (let c = 0; c < cells; c++) {
      const m = s[base + c]!;
      if ((m & (m - 1)) === 0) continue;
      const pc = POPCOUNT_1024[m]!;
      if (pc < bestCount) {
        bestCount = pc;
        bestCell = c;
        ties = 1;
        if (pc === 2 && !rng) break;
      } else if (rng && pc === bestCount && rng.int(++ties) === 0) {
        bestCell = c;
      }
    }
    if (bestCell < 0) {
      this.count++;
      if (this.count === 1) this.solutionMasks.set(s.subarray(base, base + cells));
      return this.count >= this.limit;
    }

    if (depth === 0) this.countPlaces();
    const opts = this.options;
    const optBase = depth * this.n;
    let optCount = 0;
    const house = bestCount > 2 ? this.fewestPlaces(depth, bestCount) : -1;
    if (house >= 0) {
      // A house-digit constraint has fewer options than any cell: branch on its places.
      const digitBitToPlace = this.branchDigit;
      const hc = this.geometry.houseCells;
      for (let i = 0; i < this.n; i++) {
        const c = hc[house * this.n + i]!;
        if (s[base + c]! & digitBitToPlace) opts[optBase + optCount++] = c;
      }
      if (rng) shuffle(opts, optBase, optCount, rng);
      for (let k = 0; k < optCount; k++) {
        const c = opts[optBase + k]!;
        this.branch(depth, c, digitBitToPlace);
        if (this.search(depth + 1)) return true;
      }
      return false;
    }

    let m = s[base + bestCell]!;
    while (m !== 0) {
      opts[optBase + optCount++] = 31 - Math.clz32(m & -m);
      m &= m - 1;
    }
    if (rng) shuffle(opts, optBase, optCount, rng);
    for (let k = 0; k < optCount; k++) {
      this.branch(depth, bestCell, 1 << opts[optBase + k]!);
      if (this.search(depth + 1)) return true;
    }
    return false;
  }

  /** The state of depth + 1: depth's, with `cell` set to the digit `bit` (counted by propagate). */
  private branch(depth: number, cell: number, bit: number): void {
    const base = depth * this.cells;
    const next = base + this.cells;
    const s = this.stack;
    s.copyWithin(next, base, next);
    const counted = depth * this.houseDigits;
    this.places.copyWithin(counted + this.houseDigits, counted, counted + this.houseDigits);
    this.branchCell = cell;
    this.branchTaken = s[next + cell]! & ~bit;
    s[next + cell] = bit;
    this.queue[0] = cell;
    this.qTail = 1;
  }

  private branchDigit = 0;

  /**
   * The house-digit constraint with fewer than `than` places, or −1. Sets `branchDigit`.
   * Consulted only when every open cell has three or more candidates: uncommon when solving
   * puzzles (under 2 % of branch nodes on top1465 and 17-clue), common when filling grids from a
   * sparse deal (measured: a fifth of the branch nodes generating 9×9 regular boards, two fifths
   * on irregular ones).
   */
  private fewestPlaces(depth: number, than: number): number {
    // After propagation a digit placed in a house has exactly one place (its cell) and an open
    // one two or more, so the counts are the open places; houses, then digits, in increasing
    // order, a strictly smaller count wins.
    const places = this.places;
    const n = this.n;
    const from = depth * this.houseDigits;
    let best = -1;
    let bestCount = than;
    for (let i = 0; i < this.houseDigits; i++) {
      const count = places[from + i]!;
      if (count >= 2 && count < bestCount) {
        bestCount = count;
        best = i;
      }
    }
    if (best < 0) return -1;
    this.branchDigit = 1 << best % n;
    return (best / n) | 0;
  }

  /**
   * `propagate` at depth 0, from the givens: remove placed digits from peers (naked singles) and
   * place digits with one place left in a house (hidden singles) found by scanning the houses,
   * until nothing changes. False on contradiction. With many givens (the generators' singles
   * test) scanning houses is cheaper than counting places from scratch; the search counts them
   * once, from this fixpoint, if it branches (`countPlaces`).
   */
  private propagateGivens(): boolean {
    const base = 0;
    const s = this.stack;
    const q = this.queue;
    const peers = this.geometry.peers;
    const peerStart = this.geometry.peerStart;
    const hc = this.geometry.houseCells;
    const houseMask = this.cellHouseMask;
    const n = this.n;
    const full = this.full;
    // The givens leave their peers all at once: each open cell keeps the digits its three houses
    // lack (a digit given twice in a house is a contradiction). Only cells left with one digit
    // then need their digit taken from their peers.
    const ch = this.geometry.cellHouses;
    const given = this.houseGiven;
    given.fill(0);
    for (let k = 0; k < this.qTail; k++) {
      const c = q[k]!;
      const bit = s[c]!;
      for (let j = c * 3; j < c * 3 + 3; j++) {
        if (given[ch[j]!]! & bit) return false;
        given[ch[j]!]! |= bit;
      }
    }
    let qHead = 0;
    let qTail = 0;
    for (let c = 0; c < this.cells; c++) {
      if (s[c] !== full) continue; // a given (open cells start with every digit)
      const m = full & ~(given[ch[c * 3]!]! | given[ch[c * 3 + 1]!]! | given[ch[c * 3 + 2]!]!);
      if (m === 0) return false;
      s[c] = m;
      if ((m & (m - 1)) === 0) q[qTail++] = c;
    }
    // Houses holding a cell whose mask changed since they were last scanned (bit h, 3N ≤ 27):
    // only those can hold a new hidden single. Singles reach one fixpoint whatever their order,
    // so scanning fewer houses changes no result.
    let dirty = this.allHouses;
    for (;;) {
      while (qHead < qTail) {
        const c = q[qHead++]!;
        const bit = s[base + c]!;
        for (let k = peerStart[c]!, end = peerStart[c + 1]!; k < end; k++) {
          const cell = peers[k]!;
          const p = base + cell;
          let m = s[p]!;
          if (m & bit) {
            m ^= bit;
            if (m === 0) return false;
            s[p] = m;
            dirty |= houseMask[cell]!;
            if ((m & (m - 1)) === 0) q[qTail++] = cell;
          }
        }
      }
      if (dirty === 0) return true;
      let todo = dirty;
      dirty = 0;
      while (todo !== 0) {
        const h = 31 - Math.clz32(todo & -todo);
        todo &= todo - 1;
        const off = h * n;
        let once = 0;
        let twice = 0;
        let placed = 0;
        for (let i = 0; i < n; i++) {
          const m = s[base + hc[off + i]!]!;
          twice |= once & m;
          once |= m;
          if ((m & (m - 1)) === 0) placed |= m;
        }
        if (once !== full) return false;
        // a digit placed in the house is in no other cell of it: only the others can be hidden
        const hidden = once & ~twice & ~placed;
        if (hidden === 0) continue;
        for (let i = 0; i < n; i++) {
          const c = hc[off + i]!;
          const m = s[base + c]!;
          if ((m & (m - 1)) === 0) continue;
          const x = m & hidden;
          if (x === 0) continue;
          if (x & (x - 1)) return false; // two digits need this one cell
          s[base + c] = x;
          q[qTail++] = c;
          dirty |= houseMask[c]!;
        }
      }
    }
  }

  /**
   * The places of every house-digit at depth 0, counted from the root's fixpoint: per house, the
   * cells that can take each digit, summed in bit-sliced binary (b0 + 2·b1 + 4·b2 + 8·b3 per
   * digit bit) in one pass over its cells.
   */
  private countPlaces(): void {
    const s = this.stack;
    const n = this.n;
    const hc = this.geometry.houseCells;
    const places = this.places;
    for (let h = 0, off = 0; h < 3 * n; h++, off += n) {
      let b0 = 0, b1 = 0, b2 = 0, b3 = 0;
      for (let i = 0; i < n; i++) {
        const m = s[hc[off + i]!]!;
        const c0 = b0 & m;
        b0 ^= m;
        const c1 = b1 & c0;
        b1 ^= c0;
        const c2 = b2 & c1;
        b2 ^= c1;
        b3 |= c2;
      }
      for (let d = 0; d < n; d++) places[off + d] = ((b0 >> d) & 1) | (((b1 >> d) & 1) << 1) | (((b2 >> d) & 1) << 2) | (((b3 >> d) & 1) << 3);
    }
  }

  /**
   * Apply every forced option below the root (depth ≥ 1, after `branch`): remove placed digits
   * from peers (naked singles) and place digits with one place left in a house (hidden singles),
   * until nothing changes. False on contradiction. Hidden singles come from the place counts, not
   * from rescanning houses. Singles reach one fixpoint whatever their order (and a contradiction
   * in any order is one in every order), so the search sees the same states as with scans.
   */
  private propagate(depth: number, base: number): boolean {
    const s = this.stack;
    const q = this.queue;
    const peers = this.geometry.peers;
    const peerStart = this.geometry.peerStart;
    const hc = this.geometry.houseCells;
    const ch = this.geometry.cellHouses;
    const places = this.places;
    const hiddenHouse = this.hiddenHouse;
    const hiddenBit = this.hiddenBit;
    const n = this.n;
    const from = depth * this.houseDigits;
    let qHead = 0;
    let qTail = this.qTail;
    // Pairs whose places dropped to one: each at most once per call, as counts only fall.
    let hHead = 0;
    let hTail = 0;
    // A cell lost the digits `taken`: one place fewer for each in each of its houses.
    let taken = this.branchTaken;
    let takenFrom = this.branchCell;
    this.branchTaken = 0;
    for (;;) {
      while (taken !== 0) {
        const d = 31 - Math.clz32(taken & -taken);
        taken &= taken - 1;
        for (let k = takenFrom * 3; k < takenFrom * 3 + 3; k++) {
          const h = ch[k]!;
          const count = --places[from + h * n + d]!;
          if (count === 0) return false;
          if (count === 1) {
            hiddenHouse[hTail] = h;
            hiddenBit[hTail++] = 1 << d;
          }
        }
      }
      // Naked singles: a placed cell's digit leaves its peers.
      while (qHead < qTail) {
        const c = q[qHead++]!;
        const bit = s[base + c]!;
        const d = 31 - Math.clz32(bit);
        for (let k = peerStart[c]!, end = peerStart[c + 1]!; k < end; k++) {
          const cell = peers[k]!;
          const p = base + cell;
          let m = s[p]!;
          if (m & bit) {
            m ^= bit;
            if (m === 0) return false;
            s[p] = m;
            if ((m & (m - 1)) === 0) q[qTail++] = cell;
            for (let j = cell * 3; j < cell * 3 + 3; j++) {
              const h = ch[j]!;
              const count = --places[from + h * n + d]!;
              if (count === 0) return false;
              if (count === 1) {
                hiddenHouse[hTail] = h;
                hiddenBit[hTail++] = bit;
              }
            }
          }
        }
      }
      // Hidden singles: the one cell left for a digit in a house takes it (unless it holds it).
      if (hHead === hTail) return true;
      const h = hiddenHouse[hHead]!;
      const bit = hiddenBit[hHead++]!;
      let cell = -1;
      for (let i = h * n; cell < 0; i++) if (s[base + hc[i]!]! & bit) cell = hc[i]!;
      const m = s[base + cell]!;
      if ((m & (m - 1)) === 0) continue;
      s[base + cell] = bit;
      q[qTail++] = cell;
      taken = m ^ bit;
      takenFrom = cell;
    }
  }
}

function shuffle(a: Uint8Array, start: number, count: number, rng: Rng): void {
  for (let i = count - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    const t = a[start + i]!;
    a[start + i] = a[start + j]!;
    a[start + j] = t;
  }
}
