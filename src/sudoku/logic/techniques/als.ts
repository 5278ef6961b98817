/**
 * Almost locked sets (tier 5): ALS-XZ (singly and doubly linked), ALS-XY-Wing and ALS chains.
 *
 * An ALS is k open cells of one house holding k+1 candidates together (a bivalue cell is one):
 * whichever digit it lacks, the other k are all placed in it. A restricted common candidate (RCC)
 * x of two sets is a digit of both whose cells in the one all see its cells in the other: at most
 * one of the two sets holds x. Linked sets may overlap, but never in a cell of their RCC (a cell
 * does not see itself), which keeps the argument sound; nothing is removed from the sets' own
 * cells (HoDoKu's manner).
 *
 *   ALS-XZ        A, B with RCC x: if A lacks z, A holds x, so B lacks x and holds z; a z that
 *                 both hold is in one of them, and leaves every cell seeing all their z cells.
 *                 Doubly linked (two RCCs x, y): each set lacks x or y, so both are locked on
 *                 their other digits, and x and y each lie in one of them.
 *   ALS-XY-Wing   A–C by x, B–C by y (x ≠ y): if neither A nor B held z, C would lack x and y.
 *   ALS chain     A1 –x1– A2 –x2– … – Ak, k ≥ 4 sets, x(i) ≠ x(i+1): A1 lacking z forces A2 to
 *                 lack x1, so hold x2, …, so Ak lacks x(k−1) and holds z (z ≠ x1, x(k−1)).
 *
 * The sets are built once per position (cached on the candidates), with at most MAX_ALS_CELLS
 * cells per set, in typed arrays reused from position to position. Their RCC graph is built row
 * by row as it is read: ALS-XZ reads the pairs (A, B > A) in order and stops at its first
 * instance, so it builds only the rows up to it; the wing and the chains take the whole graph.
 * Chains are searched breadth first, at most MAX_CHAIN_SETS sets.
 */
import { POPCOUNT_1024 } from '../../../core/bits.ts';
import { getOrMake } from '../../../core/memo.ts';
import type { Geometry } from '../../geometry.ts';
import type { LogicState } from '../state.ts';
import { defineTechnique, type Technique } from '../technique.ts';
import { both, cellName, digitList, removalClause } from '../texts.ts';
import { type Lang } from '../../../core/lang.ts';
import { bitDigit, candidateSet } from './common.ts';

/**
 * Largest set considered and longest chain, in sets: the smallest bounds with which every HoDoKu
 * reglib ALS case is found (5 cells or 6 sets miss some); on top1465's tier-5 boards the ladder's
 * median went from 6.7 ms (5 cells, 6 sets) to 11.4 ms.
 */
export const MAX_ALS_CELLS = 6;
export const MAX_CHAIN_SETS = 8;

/** Cell sets as three 32-bit words (boards have at most 81 cells). */
const W = 3;

const peerMasks = new WeakMap<Geometry, Int32Array>();

function peerMaskOf(g: Geometry): Int32Array {
  return getOrMake(peerMasks, g, (g) => {
    const m = new Int32Array(g.cellCount * W);
    for (let c = 0; c < g.cellCount; c++) for (const p of g.peersOf(c)) m[c * W + (p >> 5)]! |= 1 << (p & 31);
    return m;
  });
}

/**
 * Every ALS of a position (set k: index k, in the order they are met: house by house, each
 * house's subsets depth first) and their RCC graph. Arrays are sized for `capacity` sets and
 * grow when a position has more; only the first `count` entries are meaningful.
 */
interface AlsTable {
  /** The candidates the table was built from (reused while they are unchanged). */
  built: Uint16Array;
  valid: boolean;
  count: number;
  capacity: number;
  /** Set k's cells, ascending: cells[k·MAX_ALS_CELLS …], size[k] of them. */
  size: Uint8Array;
  cells: Uint8Array;
  /** Set k's candidates (a DigitSet). */
  digits: Int32Array;
  /** The digits d of set k whose seeAll(d) is not empty: the only ones that can link or eliminate. */
  useful: Int32Array;
  /** k·W: the set's cells. */
  mask: Int32Array;
  /** [k·N + d−1]·W: the set's cells holding d (only written for the set's digits). */
  dcells: Int32Array;
  /** [k·N + d−1]·W: cells outside those that hold d and see every one of them (only the set's digits). */
  seeAll: Int32Array;
  /**
   * The sets holding a useful d, by the lowest of their d cells, ascending: bucket (d−1)·cells + c
   * is bucketSets[bucketStart[b] .. bucketStart[b+1]−1]. An RCC d of A and B puts every d cell of
   * B, the lowest included, in A's seeAll(d): only those buckets need looking at.
   */
  bucketStart: Int32Array;
  bucketSets: Int32Array;
  /** Upper rows of the RCC graph, built in order: row k's edges (B > k) end at rowEnd[k]. */
  rowsBuilt: number;
  rowEnd: Int32Array;
  edgeCount: number;
  edgeTo: Int32Array;
  /** The RCC digits (a DigitSet) of each edge. */
  edgeRcc: Int32Array;
  /** The whole graph once every row is built: set k's neighbours, ascending, next[nextStart[k] ..]. */
  graphBuilt: boolean;
  nextStart: Int32Array;
  next: Int32Array;
  rcc: Int32Array;
  /** Row scratch: RCC digits per later set, and which of them are non-zero (bits). */
  rowRcc: Int32Array;
  rowBits: Int32Array;
  // The searches' scratch lives here too (one table per LogicState, so per layout): nothing
  // mutable at module level, and two states never share a buffer.
  /** Candidate cells per digit ((d−1)·W), scratch of indexSets. */
  candMask: Int32Array;
  /** Scratch of enumerateSets: a house's open cells, open cells per house, the subset being grown. */
  openCells: Int32Array;
  openPerHouse: Int32Array;
  chosen: Int32Array;
  tried: Int32Array;
  unions: Int32Array;
  /** Fill positions per bucket or per set while a CSR array is written (indexSets, graphOf). */
  cursor: Int32Array;
  /** Elimination masks per digit (N·W words) the current finding collects before writing. */
  elims: Int32Array;
  /** Breadth-first search scratch of alsChain: per state (set·N + digit−1), reused across calls. */
  stamp: Int32Array;
  parent: Int32Array;
  depth: Uint8Array;
  queue: Int32Array;
  generation: number;
}

const tables = new WeakMap<LogicState, AlsTable>();

function tableFor(s: LogicState): AlsTable {
  const t = getOrMake(tables, s, newTable);
  if (t.valid) {
    let same = true;
    for (let c = 0; c < s.cellCount && same; c++) same = t.built[c] === s.cand[c];
    if (same) return t;
  }
  build(s, t);
  return t;
}

function newTable(s: LogicState): AlsTable {
  const n = s.n;
  return {
    built: new Uint16Array(s.cellCount),
    valid: false,
    count: 0,
    capacity: 0,
    size: new Uint8Array(0),
    cells: new Uint8Array(0),
    digits: new Int32Array(0),
    useful: new Int32Array(0),
    mask: new Int32Array(0),
    dcells: new Int32Array(0),
    seeAll: new Int32Array(0),
    bucketStart: new Int32Array(n * s.cellCount + 1),
    bucketSets: new Int32Array(0),
    rowsBuilt: 0,
    rowEnd: new Int32Array(0),
    edgeCount: 0,
    edgeTo: new Int32Array(1024),
    edgeRcc: new Int32Array(1024),
    graphBuilt: false,
    nextStart: new Int32Array(0),
    next: new Int32Array(0),
    rcc: new Int32Array(0),
    rowRcc: new Int32Array(0),
    rowBits: new Int32Array(0),
    candMask: new Int32Array(n * W),
    openCells: new Int32Array(n),
    openPerHouse: new Int32Array(s.houseCount),
    chosen: new Int32Array(MAX_ALS_CELLS),
    tried: new Int32Array(MAX_ALS_CELLS + 1),
    unions: new Int32Array(MAX_ALS_CELLS + 1),
    cursor: new Int32Array(0),
    elims: new Int32Array(n * W),
    stamp: new Int32Array(0),
    parent: new Int32Array(0),
    depth: new Uint8Array(0),
    queue: new Int32Array(0),
    generation: 0,
  };
}

/** Room for `capacity` sets in every per-set array (keeping what enumerateSets has written so far). */
function reserveSets(t: AlsTable, n: number, capacity: number): void {
  const copy = <A extends Uint8Array | Int32Array>(old: A, fresh: A): A => {
    fresh.set(old);
    return fresh;
  };
  t.capacity = capacity;
  t.size = copy(t.size, new Uint8Array(capacity));
  t.cells = copy(t.cells, new Uint8Array(capacity * MAX_ALS_CELLS));
  t.digits = copy(t.digits, new Int32Array(capacity));
  t.useful = new Int32Array(capacity);
  t.mask = new Int32Array(capacity * W);
  t.dcells = new Int32Array(capacity * n * W);
  t.seeAll = new Int32Array(capacity * n * W);
  t.rowEnd = new Int32Array(capacity);
  t.nextStart = new Int32Array(capacity + 1);
  t.rowRcc = new Int32Array(capacity);
  t.rowBits = new Int32Array((capacity >> 5) + 1);
}

function build(s: LogicState, t: AlsTable): void {
  t.built.set(s.cand);
  t.valid = true;
  t.count = 0;
  t.rowsBuilt = 0;
  t.edgeCount = 0;
  t.graphBuilt = false;
  enumerateSets(s, t);
  indexSets(s, t);
}

/**
 * Every ALS of ≤ MAX_ALS_CELLS cells, house by house, each house's subsets depth first (cells in
 * house order, a subset before its extensions; a branch is cut when its candidates exceed what the
 * largest set may hold). A set that lies in several houses keeps its first place.
 */
function enumerateSets(s: LogicState, t: AlsTable): void {
  const n = s.n;
  const cand = s.cand;
  const houseCells = s.geometry.houseCells;
  const cellHouses = s.geometry.cellHouses;
  const open = t.openCells;
  const openPerHouse = t.openPerHouse;
  const chosen = t.chosen;
  const tried = t.tried;
  const unions = t.unions;
  const limit = Math.min(MAX_ALS_CELLS, n - 1);
  for (let house = 0; house < s.houseCount; house++) {
    let openLength = 0;
    for (let i = 0; i < n; i++) {
      const c = houseCells[house * n + i]!;
      if (cand[c] !== 0) open[openLength++] = c;
    }
    openPerHouse[house] = openLength;
    // depth first without recursion: level k holds chosen[0..k−1], their candidates unions[k], and
    // the house index of the last cell tried at that level, tried[k]
    let k = 0;
    tried[0] = -1;
    unions[0] = 0;
    for (;;) {
      let descended = false;
      if (k < limit && k + 1 < openLength) {
        for (let i = tried[k]! + 1; i < openLength; i++) {
          const union = unions[k]! | cand[open[i]!]!;
          if (POPCOUNT_1024[union]! > limit + 1) continue;
          tried[k] = i;
          chosen[k++] = open[i]!;
          tried[k] = i;
          unions[k] = union;
          if (POPCOUNT_1024[union] === k + 1 && !metBefore(chosen, openPerHouse, cellHouses, house, k)) recordSet(t, n, k, union);
          descended = true;
          break;
        }
      }
      if (!descended) {
        if (k === 0) break;
        k--;
      }
    }
  }
}

/**
 * Whether the set chosen[0..size−1], met in `house`, was met before: in an earlier house holding
 * all its cells (cells of a row inside one block) that had more open cells than the set (the
 * houses in which enumerateSets reaches a set of that size).
 */
function metBefore(chosen: Int32Array, openPerHouse: Int32Array, cellHouses: Uint8Array, house: number, size: number): boolean {
  for (let kind = 0; kind < 3; kind++) {
    const h = cellHouses[chosen[0]! * 3 + kind]!;
    if (h >= house || size >= openPerHouse[h]!) continue;
    let all = true;
    for (let i = 1; i < size && all; i++) all = cellHouses[chosen[i]! * 3 + kind] === h;
    if (all) return true;
  }
  return false;
}

/** Append chosen[0..size−1] as the next set, its cells ascending (as the steps list them). */
function recordSet(t: AlsTable, n: number, size: number, union: number): void {
  if (t.count === t.capacity) reserveSets(t, n, Math.max(256, t.capacity * 2));
  const k = t.count++;
  const at = k * MAX_ALS_CELLS;
  const chosen = t.chosen;
  for (let i = 0; i < size; i++) {
    const c = chosen[i]!;
    let p = at + i;
    for (; p > at && t.cells[p - 1]! > c; p--) t.cells[p] = t.cells[p - 1]!;
    t.cells[p] = c;
  }
  t.size[k] = size;
  t.digits[k] = union;
}

/** Each set's cell mask, its cells and seeAll per digit, and the digit buckets. */
function indexSets(s: LogicState, t: AlsTable): void {
  const n = s.n;
  const cand = s.cand;
  const count = t.count;
  const cells = t.cells;
  const sizes = t.size;
  const digits = t.digits;
  const masks = t.mask;
  const dcells = t.dcells;
  const seeAll = t.seeAll;
  const usefulOf = t.useful;
  const peers = peerMaskOf(s.geometry);
  const candMask = t.candMask;
  candMask.fill(0);
  for (let c = 0; c < s.cellCount; c++) for (let m = cand[c]!; m !== 0; m &= m - 1) candMask[bitDigit(m & -m) * W - W + (c >> 5)]! |= 1 << (c & 31);
  const cellCount = s.cellCount;
  const bucketStart = t.bucketStart;
  bucketStart.fill(0);
  for (let k = 0; k < count; k++) {
    const at = k * MAX_ALS_CELLS;
    const size = sizes[k]!;
    let m0 = 0;
    let m1 = 0;
    let m2 = 0;
    for (let i = 0; i < size; i++) {
      const c = cells[at + i]!;
      const bit = 1 << (c & 31);
      if (c < 32) m0 |= bit;
      else if (c < 64) m1 |= bit;
      else m2 |= bit;
    }
    masks[k * W] = m0;
    masks[k * W + 1] = m1;
    masks[k * W + 2] = m2;
    let useful = 0;
    // only the set's own digits: no search reads the entries of a digit the set lacks
    for (let m = digits[k]!; m !== 0; m &= m - 1) {
      const bit = m & -m;
      const d = bitDigit(bit);
      const to = (k * n + d - 1) * W;
      // the set's d cells, and what sees them all: ANDed over those cells' peers
      const c0 = m0 & candMask[(d - 1) * W]!;
      const c1 = m1 & candMask[(d - 1) * W + 1]!;
      const c2 = m2 & candMask[(d - 1) * W + 2]!;
      let s0 = candMask[(d - 1) * W]!;
      let s1 = candMask[(d - 1) * W + 1]!;
      let s2 = candMask[(d - 1) * W + 2]!;
      for (let w = 0; w < W; w++) {
        for (let bits = w === 0 ? c0 : w === 1 ? c1 : c2; bits !== 0; bits &= bits - 1) {
          const c = w * 32 + (31 - Math.clz32(bits & -bits));
          s0 &= peers[c * W]!;
          s1 &= peers[c * W + 1]!;
          s2 &= peers[c * W + 2]!;
        }
      }
      dcells[to] = c0;
      dcells[to + 1] = c1;
      dcells[to + 2] = c2;
      if ((s0 | s1 | s2) !== 0) {
        useful |= bit;
        bucketStart[(d - 1) * cellCount + lowestCell(dcells, to) + 1]!++;
      }
      seeAll[to] = s0;
      seeAll[to + 1] = s1;
      seeAll[to + 2] = s2;
    }
    usefulOf[k] = useful;
  }
  // buckets: counts → starts, then the sets in ascending order
  const buckets = n * cellCount;
  for (let b = 0; b < buckets; b++) bucketStart[b + 1]! += bucketStart[b]!;
  if (t.bucketSets.length < bucketStart[buckets]!) t.bucketSets = new Int32Array(bucketStart[buckets]! * 2);
  const fill = scratchCursor(t, buckets);
  fill.set(bucketStart.subarray(0, buckets));
  for (let k = 0; k < count; k++) {
    for (let m = usefulOf[k]!; m !== 0; m &= m - 1) {
      const d = bitDigit(m & -m);
      const b = (d - 1) * cellCount + lowestCell(dcells, (k * n + d - 1) * W);
      t.bucketSets[fill[b]!++] = k;
    }
  }
}

/** The table's fill cursor, at least `length` long. */
function scratchCursor(t: AlsTable, length: number): Int32Array {
  if (t.cursor.length < length) t.cursor = new Int32Array(length);
  return t.cursor;
}

/** The lowest cell of a non-empty three-word cell set. */
function lowestCell(x: Int32Array, a: number): number {
  for (let w = 0; w < W; w++) {
    const v = x[a + w]!;
    if (v !== 0) return w * 32 + (31 - Math.clz32(v & -v));
  }
  return -1;
}

/**
 * Build the next upper row of the RCC graph (set i = t.rowsBuilt; edges to every B > i, B
 * ascending). Only the buckets of cells in i's seeAll(d) can hold a B with RCC d.
 */
function buildRow(t: AlsTable, n: number, cellCount: number): void {
  const i = t.rowsBuilt++;
  const rowRcc = t.rowRcc;
  const rowBits = t.rowBits;
  const { seeAll, dcells, bucketStart, bucketSets } = t;
  let lo = rowBits.length;
  let hi = -1;
  for (let m = t.useful[i]!; m !== 0; m &= m - 1) {
    const bit = m & -m;
    const d = bitDigit(bit);
    const a = (i * n + d - 1) * W;
    const s0 = seeAll[a]!;
    const s1 = seeAll[a + 1]!;
    const s2 = seeAll[a + 2]!;
    for (let w = 0; w < W; w++) {
      for (let cm = seeAll[a + w]!; cm !== 0; cm &= cm - 1) {
        const c = w * 32 + (31 - Math.clz32(cm & -cm));
        const b = (d - 1) * cellCount + c;
        for (let e = bucketStart[b + 1]! - 1, first = bucketStart[b]!; e >= first; e--) {
          const j = bucketSets[e]!;
          if (j <= i) break;
          const x = (j * n + d - 1) * W;
          if ((dcells[x]! & ~s0) !== 0 || (dcells[x + 1]! & ~s1) !== 0 || (dcells[x + 2]! & ~s2) !== 0) continue;
          if (rowRcc[j] === 0) {
            rowBits[j >> 5]! |= 1 << (j & 31);
            if (j >> 5 < lo) lo = j >> 5;
            if (j >> 5 > hi) hi = j >> 5;
          }
          rowRcc[j]! |= bit;
        }
      }
    }
  }
  for (let w = lo; w <= hi; w++) {
    for (let bits = rowBits[w]!; bits !== 0; bits &= bits - 1) {
      const j = w * 32 + (31 - Math.clz32(bits & -bits));
      if (t.edgeCount === t.edgeTo.length) {
        t.edgeTo = grown(t.edgeTo);
        t.edgeRcc = grown(t.edgeRcc);
      }
      t.edgeTo[t.edgeCount] = j;
      t.edgeRcc[t.edgeCount++] = rowRcc[j]!;
      rowRcc[j] = 0;
    }
    rowBits[w] = 0;
  }
  t.rowEnd[i] = t.edgeCount;
}

function grown(a: Int32Array): Int32Array {
  const b = new Int32Array(a.length * 2);
  b.set(a);
  return b;
}

/** The rest of the rows, then the graph in both directions (each set's neighbours ascending). */
function graphOf(t: AlsTable, n: number, cellCount: number): AlsTable {
  if (t.graphBuilt) return t;
  while (t.rowsBuilt < t.count) buildRow(t, n, cellCount);
  const start = t.nextStart;
  start.fill(0, 0, t.count + 1);
  let e = 0;
  for (let i = 0; i < t.count; i++) {
    for (; e < t.rowEnd[i]!; e++) {
      start[i + 1]!++;
      start[t.edgeTo[e]! + 1]!++;
    }
  }
  for (let i = 0; i < t.count; i++) start[i + 1]! += start[i]!;
  if (t.next.length < 2 * t.edgeCount) {
    t.next = new Int32Array(4 * t.edgeCount);
    t.rcc = new Int32Array(4 * t.edgeCount);
  }
  // Rows in order: a set's lower neighbours arrive (ascending) before its own row (ascending).
  const fill = scratchCursor(t, t.count);
  fill.set(start.subarray(0, t.count));
  e = 0;
  for (let i = 0; i < t.count; i++) {
    for (; e < t.rowEnd[i]!; e++) {
      const j = t.edgeTo[e]!;
      const r = t.edgeRcc[e]!;
      t.next[fill[i]!] = j;
      t.rcc[fill[i]!++] = r;
      t.next[fill[j]!] = i;
      t.rcc[fill[j]!++] = r;
    }
  }
  t.graphBuilt = true;
  return t;
}

/** The table's elimination buffer (N·W words), cleared. */
function clearElims(t: AlsTable): Int32Array {
  t.elims.fill(0);
  return t.elims;
}

/** OR the cells seeing all d-cells of sets i and j (i = j: of one set) into the buffer. */
function addCommon(t: AlsTable, n: number, buf: Int32Array, d: number, i: number, j: number): void {
  const a = (i * n + d - 1) * W;
  const b = (j * n + d - 1) * W;
  for (let w = 0; w < W; w++) buf[(d - 1) * W + w]! |= t.seeAll[a + w]! & t.seeAll[b + w]!;
}

/**
 * Whether, for some digit d of `digits`, a cell sees all d cells of both i and j and is not in set
 * `other`: the test commitSets would make, without the buffer. Such a cell is never in i or j
 * (a cell of a set without d is no d candidate, one with d is among the set's d cells), so only a
 * third set's cells need excluding; i = j: the cells seeing all d cells of one set.
 */
function eliminatesAny(t: AlsTable, n: number, digits: number, i: number, j: number, other: number): boolean {
  const seeAll = t.seeAll;
  let w0 = 0;
  let w1 = 0;
  let w2 = 0;
  for (let m = digits; m !== 0; m &= m - 1) {
    const d = bitDigit(m & -m);
    const a = (i * n + d - 1) * W;
    const b = (j * n + d - 1) * W;
    w0 |= seeAll[a]! & seeAll[b]!;
    w1 |= seeAll[a + 1]! & seeAll[b + 1]!;
    w2 |= seeAll[a + 2]! & seeAll[b + 2]!;
  }
  const o = other * W;
  return ((w0 & ~t.mask[o]!) | (w1 & ~t.mask[o + 1]!) | (w2 & ~t.mask[o + 2]!)) !== 0;
}

/** Write the buffer's eliminations to the finding; returns how many. */
function writeElims(s: LogicState, buf: Int32Array): number {
  const f = s.finding;
  let count = 0;
  for (let d = 1; d <= s.n; d++) {
    for (let w = 0; w < W; w++) {
      for (let m = buf[(d - 1) * W + w]!; m !== 0; m &= m - 1) {
        f.elim(w * 32 + (31 - Math.clz32(m & -m)), d);
        count++;
      }
    }
  }
  return count;
}

function commitSets(s: LogicState, tech: Technique, t: AlsTable, sets: readonly number[], buf: Int32Array, rccs: readonly number[]): boolean {
  const f = s.finding;
  f.clear();
  // HoDoKu's manner: nothing is removed from the sets' own cells (sound there too, but another
  // pattern's deduction).
  for (const i of sets) for (let w = 0; w < W; w++) for (let d = 0; d < s.n; d++) buf[d * W + w]! &= ~t.mask[i * W + w]!;
  if (writeElims(s, buf) === 0) return false;
  let digits = 0;
  for (const i of sets) {
    f.set(t.cells.subarray(i * MAX_ALS_CELLS, i * MAX_ALS_CELLS + t.size[i]!), t.size[i]!);
    digits |= t.digits[i]!;
  }
  f.digits = digits;
  for (let k = 0; k < rccs.length && k < f.note.length; k++) f.note[k] = rccs[k]!;
  f.note[Math.min(rccs.length, f.note.length - 1)] = 0;
  return s.commit(tech);
}

function alsXz(s: LogicState): boolean {
  const n = s.n;
  const t = tableFor(s);
  for (let i = 0; i < t.count; i++) {
    if (t.rowsBuilt === i) buildRow(t, n, s.cellCount);
    for (let e = i === 0 ? 0 : t.rowEnd[i - 1]!; e < t.rowEnd[i]!; e++) {
      const j = t.edgeTo[e]!;
      const rcc = t.edgeRcc[e]!;
      const k = POPCOUNT_1024[rcc]!;
      if (k > 2) continue;
      // Most linked pairs remove nothing: test that before filling the buffer (a digit whose
      // seeAll is empty in either set adds nothing).
      const common = t.digits[i]! & t.digits[j]!;
      const bothUseful = t.useful[i]! & t.useful[j]!;
      const productive =
        k === 1
          ? eliminatesAny(t, n, bothUseful & ~rcc, i, j, i)
          : eliminatesAny(t, n, bothUseful, i, j, i) || eliminatesAny(t, n, t.useful[i]! & ~rcc, i, i, j) || eliminatesAny(t, n, t.useful[j]! & ~rcc, j, j, i);
      if (!productive) continue;
      const buf = clearElims(t);
      for (let m = common & ~rcc; m !== 0; m &= m - 1) addCommon(t, n, buf, bitDigit(m & -m), i, j);
      if (k === 2) {
        for (let m = rcc; m !== 0; m &= m - 1) addCommon(t, n, buf, bitDigit(m & -m), i, j);
        for (let m = t.digits[i]! & ~rcc; m !== 0; m &= m - 1) addCommon(t, n, buf, bitDigit(m & -m), i, i);
        for (let m = t.digits[j]! & ~rcc; m !== 0; m &= m - 1) addCommon(t, n, buf, bitDigit(m & -m), j, j);
      }
      if (commitSets(s, alsXzTechnique, t, [i, j], buf, [rcc])) return true;
    }
  }
  return false;
}

function alsXyWing(s: LogicState): boolean {
  const n = s.n;
  const t = graphOf(tableFor(s), n, s.cellCount);
  for (let c = 0; c < t.count; c++) {
    const end = t.nextStart[c + 1]!;
    for (let ea = t.nextStart[c]!; ea < end; ea++) {
      const a = t.next[ea]!;
      const ra = t.rcc[ea]!;
      for (let eb = ea + 1; eb < end; eb++) {
        const b = t.next[eb]!;
        const rb = t.rcc[eb]!;
        if (ra === rb && POPCOUNT_1024[ra] === 1) continue;
        // Only a z both wings can see all of can remove anything.
        let zs = t.useful[a]! & t.useful[b]!;
        if (zs === 0) continue;
        let wing = 0;
        for (; zs !== 0; zs &= zs - 1) {
          const zb = zs & -zs;
          // Some x of A–C and a different y of B–C, both other than z.
          const xa = ra & ~zb;
          const yb = rb & ~zb;
          if (xa === 0 || yb === 0 || (xa === yb && POPCOUNT_1024[xa] === 1)) continue;
          wing |= zb;
        }
        if (wing === 0 || !eliminatesAny(t, n, wing, a, b, c)) continue;
        const buf = clearElims(t);
        for (let m = wing; m !== 0; m &= m - 1) addCommon(t, n, buf, bitDigit(m & -m), a, b);
        if (commitSets(s, alsXyWingTechnique, t, [a, b, c], buf, [ra, rb])) return true;
      }
    }
  }
  return false;
}

/** Breadth-first ALS chains from every start set and first RCC; the shortest productive chain is committed first. */
function alsChain(s: LogicState): boolean {
  const n = s.n;
  const t = graphOf(tableFor(s), n, s.cellCount);
  const states = t.count * n;
  if (t.stamp.length < states || t.generation > 0x3fffffff) {
    t.stamp = new Int32Array(Math.max(states, 2 * t.stamp.length));
    t.parent = new Int32Array(t.stamp.length);
    t.depth = new Uint8Array(t.stamp.length);
    t.queue = new Int32Array(t.stamp.length);
    t.generation = 0;
  }
  const stamps = t.stamp;
  const parents = t.parent;
  const depths = t.depth;
  const fifo = t.queue;
  const { next, rcc, nextStart, digits } = t;
  const all = s.mode === 'all';
  for (let a1 = 0; a1 < t.count; a1++) {
    // The z a chain from A1 could remove: digits whose A1 cells are all seen by some candidate.
    const useful = t.useful[a1]!;
    if (useful === 0) continue;
    for (let x1m = digits[a1]!; x1m !== 0; x1m &= x1m - 1) {
      const x1 = bitDigit(x1m & -x1m);
      const zs = useful & ~(1 << (x1 - 1));
      if (zs === 0) continue;
      const gen = ++t.generation;
      let head = 0;
      let tail = 0;
      for (let e = nextStart[a1]!, end = nextStart[a1 + 1]!; e < end; e++) {
        if ((rcc[e]! & (1 << (x1 - 1))) === 0) continue;
        const st = next[e]! * n + x1 - 1;
        if (stamps[st] === gen) continue;
        stamps[st] = gen;
        parents[st] = -1;
        depths[st] = 2;
        fifo[tail++] = st;
      }
      while (head < tail) {
        const st = fifo[head++]!;
        const ak = (st / n) | 0;
        const inDigit = (st % n) + 1;
        const sets = depths[st]!;
        if (sets >= 4 && ak !== a1) {
          const z = zs & digits[ak]! & ~(1 << (inDigit - 1));
          if (z !== 0 && eliminatesAny(t, n, z, a1, ak, a1)) {
            const path = [ak];
            const rccs = [1 << (inDigit - 1)];
            for (let p = parents[st]!; p !== -1; p = parents[p]!) {
              path.push((p / n) | 0);
              rccs.push(1 << (p % n));
            }
            path.push(a1);
            path.reverse();
            rccs.reverse();
            const buf = clearElims(t);
            for (let m = z; m !== 0; m &= m - 1) addCommon(t, n, buf, bitDigit(m & -m), a1, ak);
            if (commitSets(s, alsChainTechnique, t, path, buf, rccs) && !all) return true;
          }
        }
        if (sets >= MAX_CHAIN_SETS) continue;
        for (let e = nextStart[ak]!, end = nextStart[ak + 1]!; e < end; e++) {
          for (let m = rcc[e]! & ~(1 << (inDigit - 1)); m !== 0; m &= m - 1) {
            const ns = next[e]! * n + bitDigit(m & -m) - 1;
            if (stamps[ns] === gen) continue;
            stamps[ns] = gen;
            parents[ns] = st;
            depths[ns] = sets + 1;
            fifo[tail++] = ns;
          }
        }
      }
    }
  }
  return false;
}

/** "{r1c2 r1c5} {1,3,7}" — a set's cells and candidates. */
function setText(s: LogicState, k: number): string {
  const f = s.finding;
  const cells = Array.from(f.setCells.subarray(f.setStart[k]!, f.setStart[k + 1]!));
  const digits = cells.reduce((m, c) => m | s.cand[c]!, 0);
  return `{${cells.map((c) => cellName(s.n, c)).join(' ')}} ${candidateSet(digits)}`;
}

const letters = (k: number) => String.fromCharCode(65 + k);

function describeSets(s: LogicState, t: Technique): ReturnType<Technique['describe']> {
  const f = s.finding;
  const g = s.geometry;
  const sets = Array.from({ length: f.setCount }, (_, k) => `${letters(k)} = ${setText(s, k)}`);
  const rcc = (k: number, lang: Lang) => digitList(f.note[k]!, lang);
  return both((lang) => {
    const de = lang === 'de';
    const intro = de ? `Die fast gesperrten Mengen ${sets.join(', ')}` : `the almost locked sets ${sets.join(', ')}`;
    let body: string;
    if (t === alsXzTechnique) {
      body = de
        ? `${intro} teilen den eingeschränkten gemeinsamen Kandidaten ${rcc(0, lang)}: Höchstens eine enthält ihn, und die andere ist dann gesperrt`
        : `${intro} share the restricted common candidate ${rcc(0, lang)}: at most one holds it, and the other is then locked`;
    } else if (t === alsXyWingTechnique) {
      body = de
        ? `${intro}: C ist mit A über ${rcc(0, lang)} und mit B über ${rcc(1, lang)} verbunden; hätten weder A noch B eine gestrichene Ziffer, fehlten C zwei Ziffern`
        : `${intro}: C is linked to A by ${rcc(0, lang)} and to B by ${rcc(1, lang)}; if neither A nor B held a removed digit, C would lack two digits`;
    } else {
      const links = Array.from({ length: f.setCount - 1 }, (_, k) => rcc(k, lang)).join(de ? ', ' : ', ');
      body = de
        ? `${intro} bilden eine Kette über die eingeschränkten gemeinsamen Kandidaten ${links}: Fehlt A eine gestrichene Ziffer, steht sie in ${letters(f.setCount - 1)}`
        : `${intro} form a chain by the restricted common candidates ${links}: if A lacks a removed digit, ${letters(f.setCount - 1)} holds it`;
    }
    return `${t.name[lang]}: ${body}, ${removalClause(g, f, lang)}.`;
  });
}

export const alsXzTechnique: Technique = defineTechnique({
  id: 'als-xz',
  tier: 5,
  cost: 300,
  name: { en: 'ALS-XZ', de: 'ALS-XZ' },
  find: alsXz,
  describe: (s) => describeSets(s, alsXzTechnique),
});

export const alsXyWingTechnique: Technique = defineTechnique({
  id: 'als-xy-wing',
  tier: 5,
  cost: 320,
  name: { en: 'ALS-XY-Wing', de: 'ALS-XY-Wing' },
  find: alsXyWing,
  describe: (s) => describeSets(s, alsXyWingTechnique),
});

export const alsChainTechnique: Technique = defineTechnique({
  id: 'als-chain',
  tier: 5,
  cost: 340,
  name: { en: 'ALS chain', de: 'ALS-Kette' },
  find: alsChain,
  describe: (s) => describeSets(s, alsChainTechnique),
});
