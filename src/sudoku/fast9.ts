/**
 * A specialised solver for regular 9×9 boards: the same exact cover and the same answers as
 * solver.ts's generic search (solution counts up to the limit; a unique board's solution), but not
 * the same search — it prunes more (band patterns, below) and branches by its own rule, so its node
 * counts and what its root propagation reaches differ (the logic prover's tier 1 is
 * `propagateSingles` in solver.ts, not this). The state is held digit-major in 27-bit band words
 * so that one bitwise operation touches a whole band.
 *
 *   band b = rows 3b..3b+2; a band word has bit (r−3b)·9 + c for cell (r, c):
 *
 *        bit 26 ………………………… bit 18 | bit 17 ………… bit 9 | bit 8 ……… bit 0
 *        [ row 3b+2: c8 … c0 ]        [ row 3b+1 ]           [ row 3b: c8 … c0 ]
 *
 *   state at one search depth (32 int32 words, 30 copied per branch):
 *     word d·3 + b  (d = 0..8, b = 0..2)  cells of band b where digit d+1 is still possible;
 *                                         a placed cell keeps only its own digit's bit
 *     word 27 + b                         cells of band b not yet placed
 *
 *   `todo` (propagate's work list): bit d·3 + b = word d·3 + b changed since its rules last ran
 *
 * Rules applied before every branch, until nothing changes (all are forced options of the exact
 * cover, plus sound band-level deductions):
 *   band pattern    within a band a digit occupies one mini-row per row and per box, a
 *                   permutation: mini-rows in no permutation consistent with the candidates are
 *                   cleared (pointing and claiming, and a little more); an empty row or box has none
 *   stack pattern   the same within a stack: one mini-column per column and per box
 *   row single      a row with one place for d left, an open cell: placed (the cell is taken from
 *                   the other eight digits). At the joint fixpoint of the two patterns every
 *                   hidden single is a row single — a column single leaves its box one cell
 *                   (stack pattern), a box single leaves its row one cell (band pattern) — and
 *                   the patterns have already cleared the digit from its row, column and box
 *   naked single    an open cell with one digit left            (cell constraint, 1 option)
 *   triads          at that fixpoint, across digits: a mini-row holds exactly
 *                   three digits, so fewer than three possible or more than three forced is a
 *                   contradiction, three possible are locked there, three forced shut out the rest
 * Order (the fixpoint is the same whatever the order; this one does least work): the changed
 * words digit by digit, each digit's patterns to their fixpoint and then its row singles; naked
 * singles once no word is left to look at; triads once no single is left either — except while
 * the search dives (below the root, before its first dead end or solution: `diving`), where
 * triads are skipped.
 *
 * A node is the root or one branch taken (a digit placed in a chosen cell), as in the generic search.
 * Branching: on a cell with two candidates (after the rules every open constraint has ≥ 2
 * options, so this is a constraint with the fewest options), preferring the one with the most
 * peers that hold one of its two digits, a peer that is itself a two-candidate cell (one of the
 * branches leaves it a naked single) counting three times (among the first twelve pair cells;
 * while diving the first four, and from depth 3 the first pair cell unscored); if no cell has two,
 * on the open cell with the fewest. The last digit of a branch is tried in place (its depth's state
 * is not needed again), so a pair cell copies the state once.
 */
import type { Grid } from './types.ts';
import { newGrid } from './grids.ts';

const STRIDE = 32;
/** How many two-candidate cells the branching rule compares (measured: 12 is as good as all). */
const PAIR_CELLS_SCORED = 12;
/**
 * Extra weight of a peer that is itself a two-candidate cell holding one of the two digits: the
 * branch placing that digit leaves the peer a naked single. Measured (count to 2, nodes per
 * puzzle, 17-clue / top1465 / forum-hardest): weight 0 → 1.95 / 19.18 / 245.5, 1 → 1.84 / 16.32 /
 * 224.8, 2 → 1.79 / 15.67 / 221.5, 3 → 1.76 / 15.26 / 226.2, 4 → 1.75 / 15.24 / 232.3,
 * 5 → 1.75 / 15.37 / 240.5. 2 for the hardest set, the one furthest from its target.
 */
const PAIR_PEER_WEIGHT = 2;
/**
 * Pair cells scored while the search is diving (see `Fast9Solver.diving`): on a board with many
 * solutions nearly every branch leads to one, so a careful choice saves few nodes, and scoring is a
 * third of a node's time. Measured (count to 2, µs a line, builds interleaved in one process, with
 * triads skipped): 16-clue lines 12 → 4 cells scored 12.2 → 10.6, 20–24 givens 13.0 → 10.9; top1465
 * and forum-hardest level. Scoring none (the first pair cell): 16-clue and 20–24 givens a further
 * 12 % faster, but top1465 3–6 % slower (17.6 nodes a line against 16.4).
 */
const PAIR_CELLS_SCORED_DIVING = 4;
/**
 * From this depth (branch copies below the root) a diving search takes the first pair cell,
 * unscored (`firstPairCell`); above it, the first four are scored. The top of the tree decides
 * how large a tight board's search gets, the deep dive of a loose board is most of its nodes:
 * depth 3 measured best (count to 2, µs a line against the four-cell score everywhere): 16-clue
 * and 20–24 givens −10 %, top1465 and forum-hardest +1 % (depth 1: −12 %, +3–6 %; nodes a line on
 * top1465 17.63 at depth 1, 16.75 at 3, 16.41 scoring four cells at every depth).
 */
const DIVE_UNSCORED_DEPTH = 3;
/** `bestPairCell` / `firstPairCell` answers besides a cell: open cells but none with two candidates; no open cell. */
const NO_PAIR_CELL = -1;
const SOLVED = -2;
const U = 27;
const ROW9 = 0x1ff;
const BOX = 0x7 | (0x7 << 9) | (0x7 << 18);
/** Every band word, as `propagate`'s `todo`. */
const ALL_WORDS = 0x7ffffff;
/** Times a 9-bit column set, the set's cells in all three rows of a band word. */
const COLUMNS_TO_CELLS = 1 | (1 << 9) | (1 << 18);

/** PEERS[cell·3 + b]: band-b word of the cells that share a house with `cell` (itself excluded). */
const PEERS = new Int32Array(81 * 3);
/** For each 9-bit set of occupied mini-rows (bit i·3+j = row i, box j), the union of the
 *  permutation patterns it contains; 0 when no permutation fits (a contradiction). */
const BAND_PATTERN = new Int32Array(512);
/** 9-bit row → 3-bit mini-row occupancy (bit j set when the row has a candidate in box j). */
const ROW_TO_MINIROWS = new Int32Array(512);
/** 3-bit mini-row set → the 9-bit row mask of their cells. */
const MINIROWS_TO_ROW = new Int32Array(8);
/**
 * For a stack's 9-bit set of occupied mini-columns (bit b·3 + k: column k of the stack has a
 * candidate in band b), the mini-columns outside every permutation, spread back to the fold
 * layout (bit 9b + k); −1 when no permutation fits.
 */
const STACK_GONE = new Int32Array(512);
/** A stack's mini-column bits in the three bands' folds (bits 9b + k), before the shift by 3j. */
const STACK_BITS = 0x1c0e07;
/** For each 9-bit set of occupied mini-rows, the cells of BAND_PATTERN's mini-rows (the band word's mask). */
const PATTERN_CELLS = new Int32Array(512);
/** 3-bit set of a band's rows → their cells in a band word. */
const ROWS_TO_CELLS = new Int32Array(8);
/** 3-bit set of a band's boxes → their cells in a band word. */
const BOXES_TO_CELLS = new Int32Array(8);
/** Mini-column bit (b·3+k) of stack j → cells of column 3j+k in band b (band-local word). */
const COLUMN_CELLS = new Int32Array(9);
/** Mini-row (i, j)'s first cell, bit 9i + 3j → the band-word cells of row i and box j outside the mini-row. */
const MINIROW_LINE_AND_BOX = new Int32Array(27);
/** The first cell of every mini-row in a band word (bits 9i + 3j): the triads' mini-row sets. */
const MINIROW_FIRST_BITS = 0x1249249;
/** Those bits in boxes 0 and 1, in box 2, in box 0, in boxes 1 and 2 (to rotate a set along its rows). */
const BOXES_01 = 0x241209, BOXES_2 = 0x1008040, BOXES_0 = 0x40201, BOXES_12 = 0x1209048;

(function buildTables() {
  for (let cell = 0; cell < 81; cell++) {
    const r = (cell / 9) | 0;
    const c = cell % 9;
    for (let other = 0; other < 81; other++) {
      if (other === cell) continue;
      const r2 = (other / 9) | 0;
      const c2 = other % 9;
      if (r2 === r || c2 === c || ((r2 / 3) | 0) * 3 + ((c2 / 3) | 0) === ((r / 3) | 0) * 3 + ((c / 3) | 0)) {
        PEERS[cell * 3 + ((r2 / 3) | 0)]! |= 1 << ((r2 % 3) * 9 + c2);
      }
    }
  }
  const perms = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];
  for (let s = 0; s < 512; s++) {
    let union = 0;
    for (const p of perms) {
      const pattern = (1 << p[0]!) | (1 << (3 + p[1]!)) | (1 << (6 + p[2]!));
      if ((pattern & s) === pattern) union |= pattern;
    }
    BAND_PATTERN[s] = union;
    const gone = s & ~union;
    STACK_GONE[s] = union === 0 ? -1 : (gone & 7) | ((gone & 0x38) << 6) | ((gone & 0x1c0) << 12);
  }
  for (let x = 0; x < 512; x++) ROW_TO_MINIROWS[x] = (x & 7 ? 1 : 0) | (x & 0x38 ? 2 : 0) | (x & 0x1c0 ? 4 : 0);
  for (let m = 0; m < 8; m++) MINIROWS_TO_ROW[m] = (m & 1 ? 7 : 0) | (m & 2 ? 0x38 : 0) | (m & 4 ? 0x1c0 : 0);
  for (let occ = 0; occ < 512; occ++) {
    const m = BAND_PATTERN[occ]!;
    PATTERN_CELLS[occ] = MINIROWS_TO_ROW[m & 7]! | (MINIROWS_TO_ROW[(m >>> 3) & 7]! << 9) | (MINIROWS_TO_ROW[m >>> 6]! << 18);
  }
  for (let m = 0; m < 8; m++) {
    for (let i = 0; i < 3; i++) {
      if (m & (1 << i)) {
        ROWS_TO_CELLS[m]! |= ROW9 << (9 * i);
        BOXES_TO_CELLS[m]! |= BOX << (3 * i);
      }
    }
  }
  for (let k = 0; k < 9; k++) COLUMN_CELLS[k] = (1 << k) | (1 << (k + 9)) | (1 << (k + 18));
  for (let i = 0; i < 3; i++) {
    for (let j = 0; j < 3; j++) MINIROW_LINE_AND_BOX[9 * i + 3 * j] = ((ROW9 << (9 * i)) | (BOX << (3 * j))) & ~(0x7 << (9 * i + 3 * j));
  }
})();

export interface Fast9Result {
  count: number;
  solution: Grid | null;
  nodes: number;
  complete: boolean;
}

/** The regular-9×9 solver; one instance holds all scratch memory. */
export class Fast9Solver {
  private readonly s = new Int32Array(STRIDE * 82);
  private readonly solutionState = new Int32Array(STRIDE);
  /** The digit words as last examined by `propagateSingles`: a digit whose words are unchanged is skipped. */
  private readonly seen = new Int32Array(27);
  private readonly pairsOf = new Int32Array(3);
  /** Scratch of `load`, indexed by digit 1..9: rows, columns and boxes holding it, its given cells. */
  private readonly givenRows = new Int32Array(10);
  private readonly givenColumns = new Int32Array(10);
  private readonly givenBoxes = new Int32Array(10);
  private readonly givenCells = new Int32Array(30);
  private limit = 1;
  private count = 0;
  private nodes = 0;
  private maxNodes = Infinity;
  /**
   * Below the root, neither a dead end nor a solution met yet: triads are skipped and fewer pair
   * cells scored (none from DIVE_UNSCORED_DEPTH). A board with many solutions (a carver's
   * removal, a foreign collection's loose line) is mostly one dive to its first solution, where
   * triads change next to nothing (16-clue lines: 17.17 nodes a line with them, 17.26 without)
   * and cost a sixth of the time. A dead end
   * shows the board is tight, and after a solution what is left is proving there is no other: from
   * either on, every node runs the full rules. The root always does. Nodes a line (count to 2),
   * before → after: 16-clue 17.17 → 16.77, 20–24 givens 16.96 → 17.06, 17-clue 2.02 → 2.07,
   * top1465 15.67 → 16.75, forum-hardest 221.5 → 226.3.
   */
  private diving = false;

  solve(givens: Grid, limit: number, maxNodes = Infinity): Fast9Result {
    this.limit = Math.max(1, limit);
    this.maxNodes = maxNodes;
    this.count = 0;
    this.nodes = 0;
    this.diving = false;
    if (this.load(givens)) this.search(0, ALL_WORDS);
    let solution: Grid | null = null;
    if (this.count > 0) {
      solution = newGrid(81);
      const st = this.solutionState;
      for (let d = 0; d < 9; d++) {
        for (let b = 0; b < 3; b++) {
          let m = st[d * 3 + b]!;
          while (m !== 0) {
            const p = 31 - Math.clz32(m & -m);
            m &= m - 1;
            solution[b * 27 + p] = d + 1;
          }
        }
      }
    }
    return { count: this.count, solution, nodes: this.nodes, complete: this.nodes <= this.maxNodes };
  }

  /**
   * Naked and hidden singles (rows, columns, boxes) to their fixpoint, nothing else: true when they
   * place every cell. Singles reach one fixpoint whatever their order, so this answers as the
   * generic `propagateSingles` does (the logic prover's tier 1), in a fraction of its time.
   */
  singlesSolve(givens: Grid): boolean {
    return this.load(givens) && this.propagateSingles(0) && (this.s[U]! | this.s[U + 1]! | this.s[U + 2]!) === 0;
  }

  /**
   * The root state from the givens; false when two givens clash. Rather than placing the givens one
   * by one, each digit's word is built once: every cell minus the givens' cells and minus the rows,
   * columns and boxes that hold the digit, plus the digit's own givens.
   */
  private load(givens: Grid): boolean {
    const rows = this.givenRows, columns = this.givenColumns, boxes = this.givenBoxes, cells = this.givenCells;
    rows.fill(0); columns.fill(0); boxes.fill(0); cells.fill(0);
    for (let r = 0, cell = 0; r < 9; r++) {
      const b = (r / 3) | 0;
      const rowShift = (r - 3 * b) * 9;
      for (let c = 0; c < 9; c++, cell++) {
        const d = givens[cell]!;
        if (d === 0) continue;
        if (d > 9) throw new RangeError(`digit ${d} in cell ${cell} exceeds size 9`);
        const box = b * 3 + ((c / 3) | 0);
        if (((rows[d]! >>> r) & 1) | ((columns[d]! >>> c) & 1) | ((boxes[d]! >>> box) & 1)) return false;
        rows[d]! |= 1 << r;
        columns[d]! |= 1 << c;
        boxes[d]! |= 1 << box;
        cells[d * 3 + b]! |= 1 << (rowShift + c);
      }
    }
    const s = this.s;
    for (let b = 0; b < 3; b++) {
      let given = 0;
      for (let d = 1; d <= 9; d++) given |= cells[d * 3 + b]!;
      s[U + b] = 0x7ffffff & ~given;
      for (let d = 1; d <= 9; d++) {
        const taken = ROWS_TO_CELLS[(rows[d]! >>> (3 * b)) & 7]! | (columns[d]! * COLUMNS_TO_CELLS) | BOXES_TO_CELLS[(boxes[d]! >>> (3 * b)) & 7]!;
        s[(d - 1) * 3 + b] = (0x7ffffff & ~(taken | given)) | cells[d * 3 + b]!;
      }
    }
    return true;
  }

  /**
   * Place digit d (0-based) on the cell with band-word bit `bit` in band b; returns the changed
   * words as `propagate`'s `todo` (bit d·3 + b per band word).
   */
  private place(base: number, d: number, b: number, bit: number, cell: number): number {
    const s = this.s;
    const keep = ~bit;
    let changed = 7 << (d * 3);
    // takeCells(s, base + b, bit) << b, as a loop: calling the helper here measured 6 % slower
    // on top1465 (fast9 alone, two copies of the current build either side within 1.5 %)
    for (let w = base + b, k = b; k < 27; w += 3, k += 3) {
      const f = s[w]!;
      const hit = f & bit;
      s[w] = f ^ hit;
      changed |= ((hit | -hit) >>> 31) << k;
    }
    const dw = base + d * 3;
    s[dw] = (s[dw]! & ~PEERS[cell * 3]!);
    s[dw + 1] = (s[dw + 1]! & ~PEERS[cell * 3 + 1]!);
    s[dw + 2] = (s[dw + 2]! & ~PEERS[cell * 3 + 2]!);
    s[dw + b]! |= bit;
    s[base + U + b]! &= keep;
    return changed;
  }

  /** Place a naked single: its bit is in no other digit's word, so only the peers are cleared. */
  private placeSingle(dw: number, b: number, bit: number, cell: number): void {
    const s = this.s;
    s[dw] = s[dw]! & ~PEERS[cell * 3]!;
    s[dw + 1] = s[dw + 1]! & ~PEERS[cell * 3 + 1]!;
    s[dw + 2] = s[dw + 2]! & ~PEERS[cell * 3 + 2]!;
    s[dw + b]! |= bit;
  }

  /** True when the search must stop. */
  private search(depth: number, todo: number): boolean {
    if (++this.nodes > this.maxNodes) return true;
    const base = depth * STRIDE;
    if (!this.propagate(base, todo)) {
      this.diving = false;
      return false;
    }
    // Branch on an open cell with exactly two candidates (see `bestPairCell`), else on one with
    // the fewest; none open: a solution.
    const choice = this.diving && depth >= DIVE_UNSCORED_DEPTH ? this.firstPairCell(base)
      : this.bestPairCell(base, this.diving ? PAIR_CELLS_SCORED_DIVING : PAIR_CELLS_SCORED);
    if (choice === SOLVED) {
      this.diving = false; // a solution: the rest of the search is proof work
      this.count++;
      if (this.count === 1) for (let k = 0; k < 27; k++) this.solutionState[k] = this.s[base + k]!; // no subarray view to allocate
      return this.count >= this.limit;
    }
    let branchBand: number, branchBit: number;
    if (choice >= 0) {
      branchBand = choice >>> 5;
      branchBit = 1 << (choice & 31);
    } else [branchBand, branchBit] = this.fewestCandidates(base);
    // The root ran every rule and chose its cell by the full score; below it the search dives.
    if (this.nodes === 1) this.diving = true;
    const s = this.s;
    const p = 31 - Math.clz32(branchBit);
    const cell = branchBand * 27 + p;
    let digits = cellDigits(s, base + branchBand, p);
    const next = base + STRIDE;
    for (;;) {
      const d = 31 - Math.clz32(digits & -digits);
      digits &= digits - 1;
      // The last digit needs no copy: this depth's state is not looked at again, so the branch
      // is taken in place (a two-candidate cell, the usual branch, copies once instead of twice).
      if (digits === 0) return this.search(depth, this.place(base, d, branchBand, branchBit, cell));
      for (let k = 0; k < 30; k++) s[next + k] = s[base + k]!; // a loop beats copyWithin's call at 30 words
      if (this.search(depth + 1, this.place(next, d, branchBand, branchBit, cell))) return true;
    }
  }

  /**
   * Among the first `toScore` cells with exactly two candidates (band and bit order), the one with
   * the most peers holding one of its digits (they lose a candidate in one branch or the other), a
   * two-candidate peer counting 1 + PAIR_PEER_WEIGHT (more propagation in both branches: on top1465
   * this visits 15.7 nodes per puzzle where the first pair cell visits 38.6). Returns b·32 + p,
   * NO_PAIR_CELL or SOLVED (no open cell).
   */
  private bestPairCell(base: number, toScore: number): number {
    const s = this.s;
    // (gain << 7) | (127 − (b·32 + p)): the best gain, the first cell among equals, without a branch
    let best = -1;
    let scanned = 0; // scoring every pair cell costs more than it saves: look at the first few
    let open = false;
    const pairsOf = this.pairsOf;
    for (let b = 0; b < 3; b++) {
      const u = s[base + U + b]!;
      if (u === 0) { pairsOf[b] = 0; continue; }
      open = true;
      pairsOf[b] = pairCells(s, base + b, u);
    }
    if (!open) return SOLVED;
    const pa0 = pairsOf[0]!, pa1 = pairsOf[1]!, pa2 = pairsOf[2]!;
    for (let b = 0; b < 3; b++) {
      let pairs = pairsOf[b]!;
      while (pairs !== 0 && scanned < toScore) {
        const bit = pairs & -pairs;
        pairs ^= bit;
        scanned++;
        const p = 31 - Math.clz32(bit);
        const peers = (b * 27 + p) * 3;
        const digits = cellDigits(s, base + b, p);
        const e0 = base + (31 - Math.clz32(digits & -digits)) * 3, e1 = base + (31 - Math.clz32(digits)) * 3;
        // peers that lose a candidate in one branch or the other
        const q0 = PEERS[peers]! & (s[e0]! | s[e1]!);
        const q1 = PEERS[peers + 1]! & (s[e0 + 1]! | s[e1 + 1]!);
        const q2 = PEERS[peers + 2]! & (s[e0 + 2]! | s[e1 + 2]!);
        const gain = popcount3(q0, q1, q2) + PAIR_PEER_WEIGHT * popcount3(q0 & pa0, q1 & pa1, q2 & pa2);
        best = Math.max(best, (gain << 7) | (127 - (b << 5) - p));
      }
    }
    return best < 0 ? NO_PAIR_CELL : 127 - (best & 127);
  }

  /**
   * The first cell with exactly two candidates in band and bit order, unscored: a band's counters
   * are built only until one has such a cell. Returns b·32 + p, NO_PAIR_CELL or SOLVED.
   */
  private firstPairCell(base: number): number {
    const s = this.s;
    let open = false;
    for (let b = 0; b < 3; b++) {
      const u = s[base + U + b]!;
      if (u === 0) continue;
      open = true;
      const pairs = pairCells(s, base + b, u);
      if (pairs !== 0) return (b << 5) | (31 - Math.clz32(pairs & -pairs));
    }
    return open ? NO_PAIR_CELL : SOLVED;
  }

  /** The open cell with the fewest candidates (only reached when no cell has exactly two). */
  private fewestCandidates(base: number): [number, number] {
    const s = this.s;
    // Cells with three candidates are the fewest (there is no single or pair): the first in band
    // and bit order, found by counters; the cell-by-cell count only when there is none.
    for (let b = 0; b < 3; b++) {
      const u = s[base + U + b]!;
      let ones = 0, twos = 0, threes = 0, fours = 0;
      for (let w = base + b; w < base + 27; w += 3) {
        const x = s[w]! & u;
        fours |= threes & x;
        threes |= twos & x;
        twos |= ones & x;
        ones |= x;
      }
      const triples = threes & ~fours;
      if (triples !== 0) return [b, triples & -triples];
    }
    let best = 10, bestBand = -1, bestBit = 0;
    for (let b = 0; b < 3; b++) {
      let u = s[base + U + b]!;
      while (u !== 0) {
        const bit = u & -u;
        u ^= bit;
        let n = 0;
        for (let w = base + b; w < base + 27; w += 3) if (s[w]! & bit) n++;
        if (n < best) {
          best = n;
          bestBand = b;
          bestBit = bit;
        }
      }
    }
    return [bestBand, bestBit];
  }

  /**
   * Apply the rules until nothing changes; false on contradiction. `todo` holds bit d·3 + b for
   * each band word changed since its rules last ran (a child: what its branch placement changed).
   *
   * Per digit, band and stack patterns run to their joint fixpoint; there every hidden single is a
   * row single (a column single leaves its box one cell by the stack pattern, a box single leaves
   * its row one cell by the band pattern), and the patterns have already cleared its peers of the
   * digit, so placing it only takes the cell from the other eight digits. Naked singles are looked
   * for once the words are at that fixpoint, triads once nothing else changes.
   */
  private propagate(base: number, todo: number): boolean {
    const s = this.s;
    for (;;) {
      while (todo !== 0) {
        const d = Math.imul(31 - Math.clz32(todo & -todo), 11) >>> 5; // ⌊k / 3⌋ for k < 27
        const dw = base + d * 3;
        let bands = (todo >>> (d * 3)) & 7;
        todo &= ~(7 << (d * 3));
        let f0 = s[dw]!, f1 = s[dw + 1]!, f2 = s[dw + 2]!;
        let changedBands = 0;
        for (;;) {
          if (bands & 1) { f0 = bandPattern(f0); if (f0 === 0) return false; }
          if (bands & 2) { f1 = bandPattern(f1); if (f1 === 0) return false; }
          if (bands & 4) { f2 = bandPattern(f2); if (f2 === 0) return false; }
          changedBands |= bands;
          // Stack patterns: column c's fold in band b is bit 9b + c of `columns`; stack j's three
          // mini-columns per band are bits 9b + 3j .. 9b + 3j + 2.
          const columns = fold(f0) | (fold(f1) << 9) | (fold(f2) << 18);
          let clear = 0;
          for (let j = 0; j < 9; j += 3) {
            const y = (columns >>> j) & STACK_BITS;
            const gone = STACK_GONE[(y | (y >>> 6) | (y >>> 12)) & ROW9]!;
            if (gone < 0) return false;
            clear |= gone << j;
          }
          bands = 0;
          if ((clear & ROW9) !== 0) { f0 &= ~((clear & ROW9) * COLUMNS_TO_CELLS); bands = 1; }
          if ((clear & (ROW9 << 9)) !== 0) { f1 &= ~(((clear >>> 9) & ROW9) * COLUMNS_TO_CELLS); bands |= 2; }
          if ((clear >>> 18) !== 0) { f2 &= ~((clear >>> 18) * COLUMNS_TO_CELLS); bands |= 4; }
          if (bands === 0) break;
        }
        s[dw] = f0; s[dw + 1] = f1; s[dw + 2] = f2;
        // Row singles on open cells: placed, so taken from the other digits.
        for (let b = 0; b < 3; b++) {
          if ((changedBands & (1 << b)) === 0) continue;
          const u = s[base + U + b]!;
          const f = b === 0 ? f0 : b === 1 ? f1 : f2;
          const newly = loneRows(f) & u;
          if (newly === 0) continue;
          s[base + U + b] = u & ~newly;
          // taken from all nine words, then the digit's own word is put back
          todo |= takeCells(s, base + b, newly) << b;
          s[dw + b] = f;
          todo &= ~(1 << (d * 3 + b));
        }
      }
      // Naked singles, a band at a time.
      for (let b = 0; b < 3; b++) {
        const changed = this.nakedSingles(base, b);
        if (changed < 0) return false;
        todo |= changed;
      }
      if (todo !== 0) continue;
      if (this.diving) return true; // triads wait for the first dead end (see `diving`)
      const t = this.triads(base);
      if (t < 0) return false;
      if (t === 0) return true;
      todo = t;
    }
  }

  /**
   * Place band b's naked singles: `ones` = open cells with ≥ 1 digit, `twos` = ≥ 2. Returns the
   * words of the digits placed (bits 7 << d·3, for `todo`), 0 when there was none, −1 on a
   * contradiction (an open cell with no digit).
   */
  private nakedSingles(base: number, b: number): number {
    const s = this.s;
    const u = s[base + U + b]!;
    if (u === 0) return 0;
    let ones = 0, twos = 0;
    for (let w = base + b; w < base + 27; w += 3) {
      const x = s[w]! & u;
      twos |= ones & x;
      ones |= x;
    }
    if (ones !== u) return -1;
    const singles = ones & ~twos;
    if (singles === 0) return 0;
    // A naked single's bit is in its own digit's word only: take the singles digit by digit and
    // clear just the peers. If an earlier placement here emptied one (two singles of a digit in
    // one house), its cell is left open with no digit: a contradiction.
    let placed = 0;
    let words = 0;
    for (let d = 0; d < 9; d++) {
      const dw = base + d * 3;
      let mine = s[dw + b]! & singles;
      if (mine === 0) continue;
      do {
        const bit = mine & -mine;
        mine ^= bit;
        if ((s[dw + b]! & bit) === 0) continue;
        this.placeSingle(dw, b, bit, b * 27 + (31 - Math.clz32(bit)));
        placed |= bit;
      } while (mine !== 0);
      words |= 7 << (d * 3);
    }
    if (placed !== singles) return -1;
    s[base + U + b] = u & ~placed;
    return words;
  }

  /** Naked and hidden singles (rows, columns, boxes) only, to their fixpoint; false on contradiction. */
  private propagateSingles(base: number): boolean {
    const s = this.s;
    const seen = this.seen;
    seen.fill(-1);
    for (;;) {
      let changed = false;
      // Naked singles, a band at a time, as in `propagate`.
      for (let b = 0; b < 3; b++) {
        const placed = this.nakedSingles(base, b);
        if (placed < 0) return false;
        if (placed === 0) continue;
        changed = true;
        b--; // a placement can make new singles in the same band
      }
      // Per digit: hidden singles in rows, boxes and columns.
      for (let d = 0; d < 9; d++) {
        const dw = base + d * 3;
        const sw = d * 3;
        if (s[dw] === seen[sw] && s[dw + 1] === seen[sw + 1] && s[dw + 2] === seen[sw + 2]) continue;
        for (let b = 0; b < 3; b++) {
          let f = s[dw + b]!;
          if (f === seen[sw + b]) continue;
          seen[sw + b] = f;
          const u = s[base + U + b]!;
          for (let i = 0; i < 3; i++) {
            const x = (f >>> (9 * i)) & ROW9;
            if ((x & (x - 1)) === 0 && ((u >>> (9 * i)) & x) !== 0) {
              const bit = x << (9 * i);
              this.place(base, d, b, bit, b * 27 + (31 - Math.clz32(bit)));
              changed = true;
              f = s[dw + b]!;
            }
          }
          for (let j = 0; j < 3; j++) {
            const x = f & (BOX << (3 * j));
            if ((x & (x - 1)) === 0 && (x & s[base + U + b]!) !== 0) {
              this.place(base, d, b, x, b * 27 + (31 - Math.clz32(x)));
              changed = true;
              f = s[dw + b]!;
            }
          }
        }
        // Hidden singles in columns: one band holds the column, in one of its rows.
        const g0 = s[dw]!, g1 = s[dw + 1]!, g2 = s[dw + 2]!;
        const q0 = fold(g0), q1 = fold(g1), q2 = fold(g2);
        if ((q0 | q1 | q2) !== ROW9) return false; // a column with no place for d
        const multi = multiRow(g0) | multiRow(g1) | multiRow(g2);
        const placed0 = g0 & ~s[base + U]!, placed1 = g1 & ~s[base + U + 1]!, placed2 = g2 & ~s[base + U + 2]!;
        const placedColumns = fold(placed0) | fold(placed1) | fold(placed2);
        let lone = (q0 ^ q1 ^ q2) & ~((q0 & q1) | (q0 & q2) | (q1 & q2)) & ~multi & ~placedColumns;
        while (lone !== 0) {
          const c = 31 - Math.clz32(lone & -lone);
          lone &= lone - 1;
          const band = q0 & (1 << c) ? 0 : q1 & (1 << c) ? 1 : 2;
          const g = s[dw + band]!;
          const bit = g & COLUMN_CELLS[c]!;
          if (bit === 0 || (bit & (bit - 1)) !== 0) continue; // changed meanwhile; the next pass sees it
          if ((s[base + U + band]! & bit) === 0) continue; // already placed
          this.place(base, d, band, bit, band * 27 + (31 - Math.clz32(bit)));
          changed = true;
        }
      }
      if (!changed) return true;
    }
  }

  /**
   * The across-digit rule: a mini-row (three cells of a row inside one box) holds exactly three
   * digits. Per mini-row, count the digits that can still go there
   * (bit-sliced counters over the nine digits' mini-row sets) and the digits whose band pattern
   * forces them there:
   *   fewer than 3 possible, or more than 3 forced   → contradiction
   *   exactly 3 possible  → each of them is in this mini-row: clear it from the rest of the row
   *                         and of the box (a locked triple)
   *   exactly 3 forced    → no other digit fits: clear every other digit from the three cells
   * Run only at the singles/pattern fixpoint, where each digit's band word is a union of whole
   * permutations: a mini-row is then in every one of them exactly when it is the only occupied
   * mini-row of its row, so "forced" is read off the occupancy with two rotations along the rows,
   * no table. The sets are kept spread, mini-row (i, j) at its first cell's bit 9i + 3j.
   * The same rule on mini-columns (over the stacks) cut nodes further (top1465 21.1 → 17.9 per puzzle) but cost more than it saved: 17-clue
   * 138k → 127k/s, forum-hardest 3.57k → 3.37k/s (CPU-time medians of 7), so it is left out.
   * Returns −1 on contradiction, else the changed words as `propagate`'s `todo` (0: none).
   */
  private triads(base: number): number {
    const s = this.s;
    let changed = 0;
    for (let b = 0; b < 3; b++) {
      let o1 = 0, o2 = 0, o3 = 0, o4 = 0;
      let f1 = 0, f2 = 0, f3 = 0, f4 = 0;
      for (let w = base + b; w < base + 27; w += 3) {
        const o = miniRows(s[w]!);
        const x = aloneInRow(o);
        o4 |= o3 & o; o3 |= o2 & o; o2 |= o1 & o; o1 |= o;
        f4 |= f3 & x; f3 |= f2 & x; f2 |= f1 & x; f1 |= x;
      }
      if (o3 !== MINIROW_FIRST_BITS || f4 !== 0) return -1;
      // The two clearing loops run at under 2 % of calls, so they read the sets again from the
      // words rather than the counting loop storing them. Words only shrink, so this can clear
      // less than the sets counted above, never more; where it does (an earlier clear here left
      // a locked mini-row under three digits or a full one over three forced) the node is a
      // contradiction either way, which the next pass finds.
      let locked = o3 & ~o4 & ~(f3 & ~f4);
      while (locked !== 0) {
        const bit = locked & -locked;
        locked ^= bit;
        const clear = ~MINIROW_LINE_AND_BOX[31 - Math.clz32(bit)]!;
        for (let d = 0, w = base + b; d < 9; d++, w += 3) {
          const f = s[w]!;
          if ((miniRows(f) & bit) === 0 || (f & clear) === f) continue;
          s[w] = f & clear;
          changed |= 1 << (d * 3 + b);
        }
      }
      let full = f3 & ~f4 & ~(o3 & ~o4);
      while (full !== 0) {
        const bit = full & -full;
        full ^= bit;
        const clear = ~(bit * 7);
        for (let d = 0, w = base + b; d < 9; d++, w += 3) {
          const f = s[w]!;
          if ((aloneInRow(miniRows(f)) & bit) !== 0 || (f & clear) === f) continue;
          s[w] = f & clear;
          changed |= 1 << (d * 3 + b);
        }
      }
    }
    return changed;
  }

}

/**
 * Bits set in three 27-bit words: popcount's steps with the three words' 4-bit partial sums
 * added before the byte step (each field holds at most 12, each byte at most 24, the total 81).
 */
function popcount3(a: number, b: number, c: number): number {
  a -= (a >>> 1) & 0x55555555;
  b -= (b >>> 1) & 0x55555555;
  c -= (c >>> 1) & 0x55555555;
  let x = (a & 0x33333333) + ((a >>> 2) & 0x33333333);
  x += (b & 0x33333333) + ((b >>> 2) & 0x33333333);
  x += (c & 0x33333333) + ((c >>> 2) & 0x33333333);
  return Math.imul((x & 0x0f0f0f0f) + ((x >>> 4) & 0x0f0f0f0f), 0x01010101) >>> 24;
}

/**
 * Clear `cells` from the nine digits' band words w, w + 3, …, w + 24; returns bit 3d for each
 * digit d that lost a cell (`todo`'s layout, shifted by the band). Written out rather than
 * looped: constant offsets and shifts, and no branch (measured 2–3 % faster on forum-hardest).
 */
function takeCells(s: Int32Array, w: number, cells: number): number {
  let g: number, hit: number, lost: number;
  g = s[w]!; hit = g & cells; s[w] = g ^ hit; lost = (hit | -hit) >>> 31;
  g = s[w + 3]!; hit = g & cells; s[w + 3] = g ^ hit; lost |= ((hit | -hit) >>> 31) << 3;
  g = s[w + 6]!; hit = g & cells; s[w + 6] = g ^ hit; lost |= ((hit | -hit) >>> 31) << 6;
  g = s[w + 9]!; hit = g & cells; s[w + 9] = g ^ hit; lost |= ((hit | -hit) >>> 31) << 9;
  g = s[w + 12]!; hit = g & cells; s[w + 12] = g ^ hit; lost |= ((hit | -hit) >>> 31) << 12;
  g = s[w + 15]!; hit = g & cells; s[w + 15] = g ^ hit; lost |= ((hit | -hit) >>> 31) << 15;
  g = s[w + 18]!; hit = g & cells; s[w + 18] = g ^ hit; lost |= ((hit | -hit) >>> 31) << 18;
  g = s[w + 21]!; hit = g & cells; s[w + 21] = g ^ hit; lost |= ((hit | -hit) >>> 31) << 21;
  g = s[w + 24]!; hit = g & cells; s[w + 24] = g ^ hit; lost |= ((hit | -hit) >>> 31) << 24;
  return lost;
}

/**
 * The cells of `open` (a band's open cells) with exactly two candidates: bit-sliced counters over
 * the nine digit words w, w + 3, …, w + 24 of the band.
 */
function pairCells(s: Int32Array, w: number, open: number): number {
  let ones = 0, twos = 0, threes = 0;
  for (let k = w; k < w + 27; k += 3) {
    const x = s[k]! & open;
    threes |= twos & x;
    twos |= ones & x;
    ones |= x;
  }
  return twos & ~threes;
}

/**
 * The digits possible in the cell with bit p of band words w, w + 3, …, w + 24 (bit d = digit
 * d + 1), gathered without branches or a loop.
 */
function cellDigits(s: Int32Array, w: number, p: number): number {
  return ((s[w]! >>> p) & 1) | (((s[w + 3]! >>> p) & 1) << 1) | (((s[w + 6]! >>> p) & 1) << 2)
    | (((s[w + 9]! >>> p) & 1) << 3) | (((s[w + 12]! >>> p) & 1) << 4) | (((s[w + 15]! >>> p) & 1) << 5)
    | (((s[w + 18]! >>> p) & 1) << 6) | (((s[w + 21]! >>> p) & 1) << 7) | (((s[w + 24]! >>> p) & 1) << 8);
}

/** A band word's occupied mini-rows, spread: bit 9i + 3j when row i has a candidate in box j. */
function miniRows(f: number): number {
  return (f | (f >>> 1) | (f >>> 2)) & MINIROW_FIRST_BITS;
}

/** Of a spread mini-row set, those with no other one in their row (rotated by one and by two boxes). */
function aloneInRow(o: number): number {
  return o & ~((((o >>> 3) & BOXES_01) | ((o << 6) & BOXES_2)) | (((o >>> 6) & BOXES_0) | ((o << 3) & BOXES_12)));
}

/** A band word cut to its band pattern's mini-rows; 0 when no permutation fits. */
function bandPattern(f: number): number {
  const occ = ROW_TO_MINIROWS[f & ROW9]! | (ROW_TO_MINIROWS[(f >>> 9) & ROW9]! << 3) | (ROW_TO_MINIROWS[f >>> 18]! << 6);
  return f & PATTERN_CELLS[occ]!;
}

/** The cells of a band word's rows that have exactly one candidate. */
function loneRows(f: number): number {
  const r0 = f & ROW9, r1 = (f >>> 9) & ROW9, r2 = f >>> 18;
  // x & (x − 1) is 0 for at most one bit, and (0 − 1) >> 31 is all ones: no branches
  return (r0 & (((r0 & (r0 - 1)) - 1) >> 31)) | ((r1 & (((r1 & (r1 - 1)) - 1) >> 31)) << 9) | ((r2 & (((r2 & (r2 - 1)) - 1) >> 31)) << 18);
}

/** Columns (9-bit) in which a band word has any candidate. */
function fold(f: number): number {
  return (f | (f >>> 9) | (f >>> 18)) & ROW9;
}

/** Columns (9-bit) in which a band word has candidates in two or more rows. */
function multiRow(f: number): number {
  const r0 = f & ROW9, r1 = (f >>> 9) & ROW9, r2 = (f >>> 18) & ROW9;
  return (r0 & r1) | (r0 & r2) | (r1 & r2);
}
