/**
 * Carving: from a full grid to a board with EXACTLY K givens whose grade is exactly G (Tatham's
 * gate), by removing givens (whole symmetry orbits) in a shuffled order.
 *
 * A removal is kept only while the board stays solvable by the logic prover capped at G — a board
 * a sound prover solves is unique — and, for the top grade above K, while it stays unique (4.
 * below). The tests, cheapest first:
 *
 *   1. immediate   the removed cell is a naked or hidden single of the remaining givens. Then the
 *                  prover's first singles put it back, so uniqueness AND grade are unchanged: no
 *                  call at all. (Most removals on the way from N² down to ~40 % are of this kind.)
 *      refuted     the removal leaves given-free an unavoidable set: the cells where a second
 *                  solution differs from ours (one an earlier count found, or a two-digit swap
 *                  known from the grid). That solution fits the givens left, so there are two:
 *                  refused without a count.
 *   2. singles     naked and hidden singles alone solve the board (`propagateSingles`, exactly
 *                  the prover's tier 1 — not the search's root propagation, which on 9×9 also
 *                  applies locked candidates): unique, grade 1. Only while the board is at tier 1.
 *   3. unique      only when G ≥ 2: the exact-cover count (limit 2) must be 1 — a cheap veto
 *                  before the prover, which would work through every tier to fail a board that has
 *                  two solutions.
 *   4. prover      prove(board, { maxTier: G }) solves it: the grade is its tier. When G is the
 *                  ladder's top tier, only from K givens down: above K every answer but "beyond
 *                  the ladder" (rare there) lets the carve go on (`passesGate`).
 *
 * The grade of the current board is known after every kept removal (1. keeps it, 2. makes it 1,
 * 4. reports it; for the top grade from K givens down). Reaching K givens at grade G ends the
 * carve. Reaching K below G, the carve goes on removing (still capped at G) until the grade reaches G at some m < K givens, then ADDS BACK
 * K − m givens that the prover capped at G − 1 places anyway: they change nothing the prover
 * needs, so the grade stays G (the final check in generate.ts proves it) and the count is K.
 * Running out of orbits first (the board turned minimal above K, or never reached G) fails the
 * carve; a carve minimal above K may then descend (trade givens, see `descend`), otherwise the
 * generator tries another order or another grid.
 *
 * With a symmetry, an orbit is skipped when removing it would leave a number of givens to remove
 * that the orbits still untried cannot make up exactly (orbit sizes 1, 2, 4).
 *
 * A practice board asked for without a count (`carveToTier`) has no exact K: the carve stops at
 * the first board at the target tier near K, and walks over unique near-minimal boards (each
 * trade repaired where a second solution differs) until one is.
 */
import type { Rng } from '../core/rng.ts';
import type { Geometry } from '../sudoku/geometry.ts';
import { solverFor, type LayoutSolver } from '../sudoku/solver.ts';
import type { Board, Grid } from '../sudoku/types.ts';
import { isReachable, type Orbits } from './symmetry.ts';

/** What the carver needs from the logic prover. */
export interface TierJudge {
  /** Solve by logic with techniques up to `maxTier`: solved?, the highest tier used, the grid reached. */
  prove(board: Board, maxTier: number): { solved: boolean; tier: number; grid: Grid };
  /**
   * True: the judge alone decides every removal — no immediate removals, no singles test, no
   * count. For a judge narrower than the singles (full houses only), which the carver's
   * shortcuts would overrule; it must be sound (solved = unique), as full houses are.
   */
  decidesAlone?: boolean;
}

export interface CarveTarget {
  givens: number;
  /** Exact grade; undefined = any grade the prover reaches up to `maxTier`. */
  grade: number | undefined;
  /** The prover's top tier (the cap when no grade is asked for). */
  maxTier: number;
}

/** Counts of the work done, for the benchmark. */
export interface CarveStats {
  immediate: number;
  singles: number;
  unique: number;
  prover: number;
  /** Boards kept on the count alone above K (the top grade: Carver.passesGate). */
  unproven: number;
  /** Removals refused without a count: they leave an unavoidable set given-free (Carver.unavoidable). */
  refuted: number;
  rejected: number;
}

export function emptyCarveStats(): CarveStats {
  return { immediate: 0, singles: 0, unique: 0, prover: 0, unproven: 0, refuted: 0, rejected: 0 };
}

export type CarveFailure = 'minimal' | 'grade';

/** Unavoidable sets a carver keeps (Carver.unavoidable): enough for the sets a grid's carves meet. */
const UNAVOIDABLE_KEPT = 512;

/** Orbits a repair may give back before it gives up (repairTrade). */
const MAX_REPAIRS = 6;

/** Carver.trade's answers when no trade was made. */
const NO_TRADE_LEFT = -1;
const TRADE_REFUSED = -2;

/** The tier of a board kept without a proof (above K, for the top grade). */
const UNPROVEN = 0;

/** Cell sets as three 27-bit words (boards have at most 81 cells): cell c's word and bit. */
const wordOf = (c: number): number => (c / 27) | 0;
const bitOf = (c: number): number => 1 << c % 27;
export type CarveResult = { ok: true; tier: number } | { ok: false; reason: CarveFailure };

export class Carver {
  readonly givens: Grid;
  private readonly n: number;
  private readonly full: number;
  private readonly used: Uint16Array;
  private readonly solver: LayoutSolver;
  private readonly board: Board;
  /** Where the singles test writes the grid it reaches (read by nothing; no allocation per call). */
  private readonly singlesGrid: Grid;
  private count = 0;
  private tier = 1;
  /**
   * Boards with more givens than this are kept on the count alone, their tier unproven (0): K
   * when the grade asked for is the ladder's top tier, else none (see passesGate).
   */
  private proveFrom = Infinity;
  /** Orbit lists for descend(). */
  private readonly scratch: Uint16Array;
  /**
   * Unavoidable sets: for each second solution a count found, and for the grid's
   * two-digit swaps (keepTwoDigitSets), the cells where it differs from ours (three 27-bit words;
   * boards have at most 81 cells). A board whose givens miss
   * one of them has that solution too, so a removal that leaves one given-free is refused without a
   * count: the later orders of a grid and the passes of `descend` retry the same removals many
   * times. Kept: the first UNAVOIDABLE_KEPT, none that contains one already kept.
   */
  private readonly unavoidable = new Int32Array(UNAVOIDABLE_KEPT * 3);
  private unavoidableCount = 0;
  /** The current givens as three 27-bit words (cell c: word ⌊c/27⌋, bit c mod 27). */
  private readonly givenWords = new Int32Array(3);

  constructor(
    private readonly geometry: Geometry,
    private readonly solution: Grid,
    private readonly orbits: Orbits,
    private readonly judge: TierJudge,
    readonly stats: CarveStats = emptyCarveStats(),
  ) {
    this.n = geometry.size;
    this.full = (1 << this.n) - 1;
    this.givens = new Uint8Array(geometry.cellCount);
    this.used = new Uint16Array(geometry.houseCount);
    this.solver = solverFor(geometry);
    this.board = { size: this.n, regions: geometry.regions, givens: this.givens };
    this.singlesGrid = new Uint8Array(geometry.cellCount);
    this.scratch = new Uint16Array(orbits.count);
    this.keepTwoDigitSets();
  }

  /**
   * The unavoidable sets of two digits, known before any count. Swapping digits a and b on a set
   * of their cells gives another solution when every row, column and region that has one of the
   * two in the set has the other one there too; the smallest such sets are the connected pieces of
   * the graph that joins, in each house, the cell of a to the cell of b (a rectangle of a, b / b, a
   * in two regions is the smallest). Near the minimal count most refused removals leave one of
   * these given-free. Kept smallest first (a set containing a kept one adds nothing).
   */
  private keepTwoDigitSets(): void {
    const { n, solution, geometry } = this;
    const cells = geometry.cellCount;
    // cellOf[(h·N + d−1)]: the cell of digit d in house h (rows, columns, regions: geometry's houses)
    const cellOf = new Uint8Array(geometry.houseCount * n);
    for (let c = 0; c < cells; c++) for (let k = 0; k < 3; k++) cellOf[geometry.cellHouses[c * 3 + k]! * n + solution[c]! - 1] = c;
    const parent = new Uint8Array(cells);
    const root = (c: number): number => {
      while (parent[c] !== c) c = parent[c] = parent[parent[c]!]!;
      return c;
    };
    const sets: number[][] = [];
    for (let a = 1; a <= n; a++) {
      for (let b = a + 1; b <= n; b++) {
        for (let r = 0; r < n; r++) {
          // houses 0 .. N−1 are the rows: each holds one cell of a and one of b
          parent[cellOf[r * n + a - 1]!] = cellOf[r * n + a - 1]!;
          parent[cellOf[r * n + b - 1]!] = cellOf[r * n + b - 1]!;
        }
        for (let h = 0; h < geometry.houseCount; h++) {
          const x = root(cellOf[h * n + a - 1]!);
          const y = root(cellOf[h * n + b - 1]!);
          if (x !== y) parent[x] = y;
        }
        const pieces = new Map<number, number[]>();
        for (let i = 0; i < 2 * n; i++) {
          const c = cellOf[(i >> 1) * n + (i & 1 ? b : a) - 1]!;
          const r = root(c);
          let piece = pieces.get(r);
          if (!piece) pieces.set(r, (piece = []));
          piece.push(c);
        }
        sets.push(...pieces.values());
      }
    }
    sets.sort((x, y) => x.length - y.length);
    for (const set of sets) this.keepUnavoidable(set);
  }

  /**
   * Carve the full grid in the given orbit order. On success `givens` holds the board and the
   * result is its grade; otherwise the reason.
   */
  carve(order: ArrayLike<number>, target: CarveTarget, rng: Rng): CarveResult {
    this.reset(target.grade === target.maxTier ? target.givens : Infinity);
    return this.pass(order, order.length, target, rng);
  }

  /** Back to the full grid, tier 1. */
  private reset(proveFrom: number): void {
    const { givens } = this;
    givens.set(this.solution);
    this.used.fill(this.full);
    for (let w = 0; w < 3; w++) this.givenWords[w] = (1 << Math.min(27, Math.max(0, givens.length - 27 * w))) - 1;
    this.count = givens.length;
    this.tier = 1;
    this.proveFrom = proveFrom;
  }

  /**
   * One removal pass over order[0 .. length) from the current board (see the module comment).
   * An orbit is skipped when removing it would leave a count the orbits still untried in this
   * pass cannot make up exactly.
   */
  private pass(order: ArrayLike<number>, length: number, target: CarveTarget, rng: Rng): CarveResult {
    const cap = target.grade ?? target.maxTier;
    const left = { 1: 0, 2: 0, 4: 0 };
    for (let i = 0; i < length; i++) left[this.sizeOf(order[i]!)]++;
    let below = false; // past K, looking for the grade
    for (let i = 0; i < length; i++) {
      const orbit = order[i]!;
      const size = this.sizeOf(orbit);
      left[size]--;
      if (!below && !isReachable(this.count - size - target.givens, left[1], left[2], left[4])) continue;
      if (!this.tryRemove(orbit, cap)) continue;
      this.count -= size;
      // An immediate removal keeps the tier, so a board kept unproven above K may reach K unproven.
      if (this.tier === UNPROVEN && this.count <= this.proveFrom && !this.proveTier(cap)) {
        this.setOrbit(orbit, true);
        this.count += size;
        continue;
      }
      if (target.grade === undefined || this.tier === target.grade) {
        if (this.count === target.givens) return { ok: true, tier: this.tier };
        if (below) return this.addBack(target.givens - this.count, target.grade!, rng);
      } else if (this.count === target.givens) {
        below = true;
      }
    }
    return { ok: false, reason: below ? 'grade' : 'minimal' };
  }

  /**
   * After a carve that ended minimal above K: step to neighbouring minimal boards. Trade a given
   * orbit for an empty one of the same size (kept only when the board still passes the gate), then
   * run a removal pass over the other givens; up to `swaps` trades. Plain removal gets stuck around
   * the typical minimal count (≈ 24–25 givens on 9×9); these steps walk below it.
   */
  descend(target: CarveTarget, rng: Rng, swaps: number): CarveResult {
    const cap = target.grade ?? target.maxTier;
    for (let t = 0; t < swaps; t++) {
      const length = this.trade(cap, rng);
      if (length === NO_TRADE_LEFT) break;
      if (length === TRADE_REFUSED) continue;
      const result = this.pass(this.scratch, length, target, rng);
      if (result.ok || result.reason === 'grade') return result;
    }
    return { ok: false, reason: 'minimal' };
  }

  /**
   * A practice carve (generate.ts, `technique` without `givens`): the count of givens is free,
   * the target is the judge's tier `target.grade` (the board needs the technique). Removes in the
   * given order while the board passes the gate capped at that tier, and stops at the first board
   * at the target with at most `target.givens` givens (a soft target: the room's usual count);
   * a carve that ends minimal at the target above it is taken too (full houses alone, e.g.,
   * never solve a 9×9 board with fewer than 56 givens). A carve that ends minimal below the
   * target walks on, as `descend`: trade a given orbit for an empty one, then a removal pass,
   * up to `swaps` trades — the boards near the minimal count are where harder steps appear.
   */
  carveToTier(order: ArrayLike<number>, target: CarveTarget, rng: Rng, swaps: number): CarveResult {
    const grade = target.grade!;
    this.reset(Infinity);
    if (this.freePass(order, order.length, target)) return this.fillUpTo(target, rng);
    for (let t = 0; t < swaps; t++) {
      const length = this.repairTrade(grade, rng);
      if (length === NO_TRADE_LEFT) break;
      if (length === TRADE_REFUSED) continue;
      if ((this.tier === grade && this.count <= target.givens) || this.freePass(this.scratch, length, target)) return this.fillUpTo(target, rng);
    }
    return { ok: false, reason: 'grade' };
  }

  /**
   * carveToTier's board at the target tier below `target.givens`: given back, as addBack does,
   * cells the prover capped below the target places anyway, up to that count (as many as there
   * are): they change nothing the technique is needed for (the final re-check proves it).
   */
  private fillUpTo(target: CarveTarget, rng: Rng): CarveResult {
    const grade = target.grade!;
    let missing = target.givens - this.count;
    if (missing <= 0) return { ok: true, tier: grade };
    const free = this.placedBelow(grade);
    rng.shuffle(free);
    for (const k of free) {
      const size = this.sizeOf(k);
      if (size > missing) continue;
      this.setOrbit(k, true);
      this.count += size;
      missing -= size;
      if (missing === 0) break;
    }
    return { ok: true, tier: grade };
  }

  /**
   * One step of carveToTier's walk over unique boards: empty a random given orbit, then, while
   * the board has a second solution, give an empty orbit where that solution differs from ours
   * (a random one: every second solution differs in the orbit just emptied, since the board
   * before was unique, so otherSolution finds one by trying its other digits there). Kept when
   * the board then passes the gate capped at `cap`; scratch[0 .. returned length) holds the
   * givens from before but the orbit emptied, shuffled, for the next removal pass. A random trade
   * (`trade`) would leave a near-minimal board with two solutions nearly every time.
   */
  private repairTrade(cap: number, rng: Rng): number {
    const { orbits, scratch } = this;
    let given = 0;
    for (let k = 0; k < orbits.count; k++) if (this.givens[orbits.cells[orbits.start[k]!]!] !== 0) scratch[given++] = k;
    if (given === 0 || given === orbits.count) return NO_TRADE_LEFT;
    const out = scratch[rng.int(given)]!;
    this.setOrbit(out, false);
    const added: number[] = [];
    let stuck = false;
    for (let other = this.otherSolution(out); other !== null; other = this.otherSolution(out)) {
      this.keepDifference(other);
      const choices: number[] = [];
      for (let k = 0; k < orbits.count; k++) {
        const c = orbits.cells[orbits.start[k]!]!;
        if (k !== out && this.givens[c] === 0 && this.differsIn(k, other)) choices.push(k);
      }
      // no orbit to give (a second solution that differs only in `out`), or too many given back
      if (choices.length === 0 || added.length === MAX_REPAIRS) {
        stuck = true;
        break;
      }
      const into = choices[rng.int(choices.length)]!;
      this.setOrbit(into, true);
      added.push(into);
    }
    const count = this.count - this.sizeOf(out) + added.reduce((sum, k) => sum + this.sizeOf(k), 0);
    if (stuck || !this.passesGate(cap, count)) {
      for (const k of added) this.setOrbit(k, false);
      this.setOrbit(out, true);
      return TRADE_REFUSED;
    }
    this.count = count;
    return givensWithout(scratch, given, out, rng);
  }

  /** Some cell of the orbit holds another digit in `other` than in our solution. */
  private differsIn(orbit: number, other: Grid): boolean {
    const { orbits } = this;
    for (let i = orbits.start[orbit]!; i < orbits.start[orbit + 1]!; i++) if (other[orbits.cells[i]!] !== this.solution[orbits.cells[i]!]) return true;
    return false;
  }

  /**
   * A solution of the current board other than ours that differs in the (empty) orbit, or null:
   * each other digit each of its cells may take, tried as a given.
   */
  private otherSolution(orbit: number): Grid | null {
    const { orbits, givens, used, solution } = this;
    const houses = this.geometry.cellHouses;
    for (let i = orbits.start[orbit]!; i < orbits.start[orbit + 1]!; i++) {
      const c = orbits.cells[i]!;
      const taken = used[houses[c * 3]!]! | used[houses[c * 3 + 1]!]! | used[houses[c * 3 + 2]!]! | (1 << (solution[c]! - 1));
      for (let d = 1; d <= this.n; d++) {
        if (taken & (1 << (d - 1))) continue;
        givens[c] = d;
        const found = this.solver.solve(givens, { limit: 1 });
        givens[c] = 0;
        if (found.count > 0) return found.solution!;
      }
    }
    return null;
  }

  /** carveToTier's removal pass: true once the board is at the target tier (see there). */
  private freePass(order: ArrayLike<number>, length: number, target: CarveTarget): boolean {
    const grade = target.grade!;
    for (let i = 0; i < length; i++) {
      const orbit = order[i]!;
      if (!this.tryRemove(orbit, grade)) continue;
      this.count -= this.sizeOf(orbit);
      if (this.tier === grade && this.count <= target.givens) return true;
    }
    return this.tier === grade;
  }

  /**
   * One trade of a walk over minimal boards (descend, carveToTier): a random given orbit for a
   * random empty one of the same size, kept when the board still passes the gate capped at `cap`.
   * Kept: scratch[0 .. returned length) holds the other givens from before the trade, shuffled
   * (the orbit just given back is not removed again at once). NO_TRADE_LEFT when there is no
   * given or no empty orbit, TRADE_REFUSED when this trade was not possible or not kept.
   */
  private trade(cap: number, rng: Rng): number {
    const { orbits, scratch } = this;
    let given = 0;
    let empty = orbits.count;
    for (let k = 0; k < orbits.count; k++) {
      if (this.givens[orbits.cells[orbits.start[k]!]!] !== 0) scratch[given++] = k;
      else scratch[--empty] = k;
    }
    if (given === 0 || empty === orbits.count) return NO_TRADE_LEFT;
    const out = scratch[rng.int(given)]!;
    // An empty orbit of the same size, so the count stays put.
    const size = this.sizeOf(out);
    let same = 0;
    for (let i = empty; i < orbits.count; i++) if (this.sizeOf(scratch[i]!) === size) same++;
    if (same === 0) return TRADE_REFUSED;
    let pick = rng.int(same);
    let into = -1;
    for (let i = empty; into < 0; i++) if (this.sizeOf(scratch[i]!) === size && pick-- === 0) into = scratch[i]!;
    this.setOrbit(out, false);
    this.setOrbit(into, true);
    if (!this.passesGate(cap, this.count)) {
      this.setOrbit(into, false);
      this.setOrbit(out, true);
      return TRADE_REFUSED;
    }
    return givensWithout(scratch, given, out, rng);
  }

  private sizeOf(orbit: number): 1 | 2 | 4 {
    return (this.orbits.start[orbit + 1]! - this.orbits.start[orbit]!) as 1 | 2 | 4;
  }

  /** Give or empty every cell of an orbit, keeping the house masks. */
  private setOrbit(orbit: number, given: boolean): void {
    const { orbits, givens, used, solution } = this;
    const houses = this.geometry.cellHouses;
    for (let i = orbits.start[orbit]!; i < orbits.start[orbit + 1]!; i++) {
      const c = orbits.cells[i]!;
      const bit = 1 << (solution[c]! - 1);
      givens[c] = given ? solution[c]! : 0;
      if (given) this.givenWords[wordOf(c)]! |= bitOf(c);
      else this.givenWords[wordOf(c)]! &= ~bitOf(c);
      for (let k = 0; k < 3; k++) {
        if (given) used[houses[c * 3 + k]!]! |= bit;
        else used[houses[c * 3 + k]!]! &= ~bit;
      }
    }
  }

  /** Remove the orbit's cells and keep the removal if the board passes the gate. */
  private tryRemove(orbit: number, cap: number): boolean {
    const { givens, used, geometry, stats, orbits } = this;
    const houses = geometry.cellHouses;
    let immediate = true;
    for (let i = orbits.start[orbit]!; i < orbits.start[orbit + 1]!; i++) {
      const c = orbits.cells[i]!;
      const bit = 1 << (givens[c]! - 1);
      used[houses[c * 3]!]! &= ~bit;
      used[houses[c * 3 + 1]!]! &= ~bit;
      used[houses[c * 3 + 2]!]! &= ~bit;
      givens[c] = 0;
      this.givenWords[wordOf(c)]! &= ~bitOf(c);
      if (immediate && !this.isForced(c, bit)) immediate = false;
    }
    if (immediate && !this.judge.decidesAlone) {
      stats.immediate++;
      return true;
    }
    if (!this.missesUnavoidable()) {
      if (this.passesGate(cap, this.count - this.sizeOf(orbit))) return true;
    } else stats.refuted++;
    stats.rejected++;
    this.setOrbit(orbit, true);
    return false;
  }

  /** Some unavoidable set has no given left: the board has a second solution. */
  private missesUnavoidable(): boolean {
    const u = this.unavoidable;
    const g0 = this.givenWords[0]!, g1 = this.givenWords[1]!, g2 = this.givenWords[2]!;
    for (let k = 0, end = this.unavoidableCount * 3; k < end; k += 3) {
      if (((u[k]! & g0) | (u[k + 1]! & g1) | (u[k + 2]! & g2)) === 0) return true;
    }
    return false;
  }

  /** Keep the cells where a solution of the board differs from ours (none when it is ours). */
  private keepDifference(other: Grid): void {
    const cells: number[] = [];
    for (let c = 0; c < other.length; c++) if (other[c] !== this.solution[c]) cells.push(c);
    this.keepUnavoidable(cells);
  }

  /** Keep an unavoidable set (its cells), unless the list is full or a kept set lies inside it. */
  private keepUnavoidable(cells: readonly number[]): void {
    if (cells.length === 0 || this.unavoidableCount === UNAVOIDABLE_KEPT) return;
    const words = [0, 0, 0];
    for (const c of cells) words[wordOf(c)]! |= bitOf(c);
    const [d0, d1, d2] = words as [number, number, number];
    const u = this.unavoidable;
    for (let k = 0, end = this.unavoidableCount * 3; k < end; k += 3) {
      if ((u[k]! & ~d0) === 0 && (u[k + 1]! & ~d1) === 0 && (u[k + 2]! & ~d2) === 0) return;
    }
    const at = this.unavoidableCount++ * 3;
    u[at] = d0;
    u[at + 1] = d1;
    u[at + 2] = d2;
  }

  /**
   * True when the empty cell c can hold no digit but `bit` (naked single), or is the only cell of
   * one of its houses that can (hidden single), judged on the givens alone.
   */
  private isForced(c: number, bit: number): boolean {
    const { used, givens, geometry, n } = this;
    const houses = geometry.cellHouses;
    if ((used[houses[c * 3]!]! | used[houses[c * 3 + 1]!]! | used[houses[c * 3 + 2]!]! | bit) === this.full) return true;
    const hc = geometry.houseCells;
    for (let k = 0; k < 3; k++) {
      const h = houses[c * 3 + k]!;
      let alone = true;
      for (let j = h * n, end = j + n; j < end; j++) {
        const e = hc[j]!;
        if (e === c || givens[e] !== 0) continue;
        if (((used[houses[e * 3]!]! | used[houses[e * 3 + 1]!]! | used[houses[e * 3 + 2]!]!) & bit) === 0) {
          alone = false;
          break;
        }
      }
      if (alone) return true;
    }
    return false;
  }

  /**
   * Tests 2–4 of the module comment for the current board, which has `givenCount` givens; sets
   * the tier when the board passes. The singles test is only a shortcut (on a board singles solve, the
   * count and the prover would say unique, tier 1), and it pays only while the board is easy:
   * after a removal from a board singles could not solve it cannot succeed (singles are monotone
   * in the givens), and after a trade on such a board it rarely does. So it runs while the board
   * is at tier 1.
   *
   * For the ladder's top grade the prover runs only from K givens down (proveFrom). Above K it
   * could only say "below the top", "the top" or "beyond the ladder": the first two both let the
   * carve go on, and a board beyond the ladder (rare above K) is refused at K, where every board
   * is proved. That is most of the proofs a grade-5 carve asked for.
   */
  private passesGate(cap: number, givenCount: number): boolean {
    const { stats } = this;
    if (this.judge.decidesAlone) return this.proveTier(cap);
    // The givens are always part of our solution, so singles never meet a contradiction here.
    if (this.tier === 1) {
      stats.singles++;
      if (this.solver.singlesSolve(this.givens, this.singlesGrid)) return true;
    }
    if (cap === 1) return false;
    stats.unique++;
    const counted = this.solver.solve(this.givens, { limit: 2 });
    if (counted.count !== 1) {
      if (counted.count === 2) this.keepDifference(counted.solution!);
      return false;
    }
    if (givenCount > this.proveFrom) {
      stats.unproven++;
      this.tier = UNPROVEN;
      return true;
    }
    return this.proveTier(cap);
  }

  /** Test 4: the prover capped at `cap` solves the board; its tier is the board's. */
  private proveTier(cap: number): boolean {
    this.stats.prover++;
    const proof = this.judge.prove(this.board, cap);
    if (!proof.solved) return false;
    this.tier = proof.tier;
    return true;
  }

  /**
   * The empty orbits whose every cell the prover capped at grade − 1 places: givens there cannot
   * lower the grade. In orbit order.
   */
  private placedBelow(grade: number): number[] {
    const { orbits, givens } = this;
    const reached = this.judge.prove(this.board, grade - 1).grid;
    const free: number[] = [];
    for (let k = 0; k < orbits.count; k++) {
      let allFree = true;
      for (let i = orbits.start[k]!; i < orbits.start[k + 1]!; i++) if (givens[orbits.cells[i]!] !== 0 || reached[orbits.cells[i]!] === 0) allFree = false;
      if (allFree) free.push(k);
    }
    return free;
  }

  /**
   * Give back `missing` givens, whole orbits, from cells the prover capped at grade − 1 places
   * anyway (so the grade cannot fall).
   */
  private addBack(missing: number, grade: number, rng: Rng): CarveResult {
    const { orbits, givens } = this;
    const free = this.placedBelow(grade);
    const left = { 1: 0, 2: 0, 4: 0 };
    for (const k of free) left[this.sizeOf(k)]++;
    if (!isReachable(missing, left[1], left[2], left[4])) return { ok: false, reason: 'grade' };
    rng.shuffle(free);
    for (const k of free) {
      if (missing === 0) break;
      const size = this.sizeOf(k);
      left[size]--;
      if (!isReachable(missing - size, left[1], left[2], left[4])) continue;
      for (let i = orbits.start[k]!; i < orbits.start[k + 1]!; i++) givens[orbits.cells[i]!] = this.solution[orbits.cells[i]!]!;
      missing -= size;
    }
    return { ok: true, tier: grade };
  }
}

/**
 * The first `given` orbits of `scratch` without `out`, shuffled in place (a trade's next removal
 * order); returns how many are left.
 */
function givensWithout(scratch: Uint16Array, given: number, out: number, rng: Rng): number {
  let length = 0;
  for (let i = 0; i < given; i++) if (scratch[i] !== out) scratch[length++] = scratch[i]!;
  for (let i = length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    const tmp = scratch[i]!;
    scratch[i] = scratch[j]!;
    scratch[j] = tmp;
  }
  return length;
}
