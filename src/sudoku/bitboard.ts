/**
 * The per-digit search for any layout (N = 4..9, regular, irregular or hex-connected blocks): the
 * same exact cover and the same answers as solver.ts's generic search (counts up to the limit; a
 * unique board's solution), held digit-major like fast9.ts, with region masks where fast9 has box
 * bands. Every cell is one bit of three 27-bit words; a word holds R = ⌊27/N⌋ whole rows:
 *
 *   cell (r, c):  word ⌊r/R⌋, bit (r mod R)·N + c
 *     N = 9: R = 3   word 0 = rows 0–2, word 1 = rows 3–5, word 2 = rows 6–8 (fast9's bands)
 *     N = 6: R = 4   word 0 = rows 0–3 (bits 0…23), word 1 = rows 4–5, word 2 empty
 *     N = 4: R = 6   every cell in word 0
 *
 *   state at one search depth (32 int32 words):
 *     word d·3 + w  (d = 0..N−1)   cells of word w where digit d+1 is still possible;
 *                                  a placed cell keeps only its own digit's bit
 *     word 27 + w                  cells of word w not yet placed
 *   layout masks (built once per layout): PEERS[cell·3 + w], HOUSE[h·3 + w] for the 3N houses
 *
 * Rules before every branch, until nothing changes (the forced options of the exact cover):
 *   naked single   an open cell with one digit left: once/twice counters over the N digit words
 *   hidden single  a house with one place for d: rows are N-bit fields of a word (shift and
 *                  mask), columns come from once/twice counters over the N row fields, regions
 *                  from the digit's words AND the region's three masks
 * A house with no place for a digit, or an open cell with no digit, is a contradiction. Only
 * digits whose words changed since their rules last ran are looked at again, and of those only
 * the houses holding a changed cell (bit h of cellHouseMask[cell] for each of its three houses).
 * Branching: the first open cell with two candidates, else the open cell with the fewest. A node
 * is what it is in the generic search: the root and every branch taken.
 */
import type { Geometry } from './geometry.ts';
import type { Grid } from './types.ts';
import { newGrid } from './grids.ts';

const STRIDE = 32;
const OPEN = 27;

export interface BitboardResult {
  count: number;
  solution: Grid | null;
  nodes: number;
  complete: boolean;
}

const SHARED_STATE = new Int32Array(STRIDE * 82);
const SHARED_SOLUTION = new Int32Array(STRIDE);
const SHARED_SEEN = new Int32Array(27);

/** The per-digit solver of one layout: its layout tables (the scratch memory is shared). */
export class BitboardSolver {
  private readonly n: number;
  private readonly cells: number;
  private readonly words: number;
  /** cell → its word and its bit in that word */
  private readonly cellWord: Uint8Array;
  private readonly cellBit: Int32Array;
  /** word·32 + bit index → cell */
  private readonly cellAt: Int16Array;
  private readonly peers: Int32Array;
  private readonly houses: Int32Array;
  /** row → its word, and the shift of its N bits there */
  private readonly rowWord: Uint8Array;
  private readonly rowShift: Uint8Array;
  /** cell → bit h set for each of its three houses (3N ≤ 27 houses: one word) */
  private readonly cellHouseMask: Int32Array;
  /** The state at depth 0 before any given: every digit possible in every cell. */
  private readonly start = new Int32Array(STRIDE);
  // Scratch shared by every layout (a call never runs inside another): see solver.ts's scratchFor.
  private readonly s = SHARED_STATE;
  private readonly solutionState = SHARED_SOLUTION;
  private readonly seen = SHARED_SEEN;
  private limit = 1;
  private count = 0;
  private nodes = 0;
  private maxNodes = Infinity;

  constructor(geometry: Geometry) {
    const n = geometry.size;
    this.n = n;
    this.cells = n * n;
    const rowsPerWord = Math.floor(27 / n);
    this.words = Math.ceil(n / rowsPerWord);
    this.cellWord = new Uint8Array(this.cells);
    this.cellBit = new Int32Array(this.cells);
    this.cellAt = new Int16Array(3 * 32).fill(-1);
    for (let cell = 0; cell < this.cells; cell++) {
      const r = Math.floor(cell / n);
      const w = Math.floor(r / rowsPerWord);
      const index = (r % rowsPerWord) * n + (cell % n);
      this.cellWord[cell] = w;
      this.cellBit[cell] = 1 << index;
      this.cellAt[w * 32 + index] = cell;
    }
    for (let cell = 0; cell < this.cells; cell++) {
      const w = this.cellWord[cell]!;
      const bit = this.cellBit[cell]!;
      for (let d = 0; d < n; d++) this.start[d * 3 + w]! |= bit;
      this.start[OPEN + w]! |= bit;
    }
    this.peers = new Int32Array(this.cells * 3);
    for (let cell = 0; cell < this.cells; cell++) {
      for (let k = geometry.peerStart[cell]!; k < geometry.peerStart[cell + 1]!; k++) {
        const p = geometry.peers[k]!;
        this.peers[cell * 3 + this.cellWord[p]!]! |= this.cellBit[p]!;
      }
    }
    this.rowWord = new Uint8Array(n);
    this.rowShift = new Uint8Array(n);
    for (let r = 0; r < n; r++) {
      this.rowWord[r] = Math.floor(r / rowsPerWord);
      this.rowShift[r] = (r % rowsPerWord) * n;
    }
    this.cellHouseMask = new Int32Array(this.cells);
    for (let cell = 0; cell < this.cells; cell++) {
      for (let k = 0; k < 3; k++) this.cellHouseMask[cell]! |= 1 << geometry.cellHouses[cell * 3 + k]!;
    }
    this.houses = new Int32Array(3 * n * 3);
    for (let h = 0; h < 3 * n; h++) {
      for (let i = 0; i < n; i++) {
        const c = geometry.houseCells[h * n + i]!;
        this.houses[h * 3 + this.cellWord[c]!]! |= this.cellBit[c]!;
      }
    }
  }

  solve(givens: Grid, limit: number, maxNodes = Infinity): BitboardResult {
    this.limit = Math.max(1, limit);
    this.maxNodes = maxNodes;
    this.count = 0;
    this.nodes = 0;
    const s = this.s;
    const n = this.n;
    s.set(this.start);
    let ok = true;
    for (let cell = 0; cell < this.cells && ok; cell++) {
      const d = givens[cell]!;
      if (d === 0) continue;
      if (d > n) throw new RangeError(`digit ${d} in cell ${cell} exceeds size ${n}`);
      if ((s[(d - 1) * 3 + this.cellWord[cell]!]! & this.cellBit[cell]!) === 0) ok = false;
      else this.place(0, d - 1, cell);
    }
    if (ok) this.search(0);
    let solution: Grid | null = null;
    if (this.count > 0) {
      solution = newGrid(this.cells);
      const st = this.solutionState;
      for (let d = 0; d < n; d++) {
        for (let w = 0; w < 3; w++) {
          let m = st[d * 3 + w]!;
          while (m !== 0) {
            const index = 31 - Math.clz32(m & -m);
            m &= m - 1;
            solution[this.cellAt[w * 32 + index]!] = d + 1;
          }
        }
      }
    }
    return { count: this.count, solution, nodes: this.nodes, complete: this.nodes <= this.maxNodes };
  }

  /** Place digit d (0-based) on `cell` in the state at `base`. */
  private place(base: number, d: number, cell: number): void {
    const s = this.s;
    const w = this.cellWord[cell]!;
    const bit = this.cellBit[cell]!;
    const keep = ~bit;
    for (let k = base + w, end = base + this.n * 3; k < end; k += 3) s[k]! &= keep;
    const dw = base + d * 3;
    const p = cell * 3;
    s[dw] = s[dw]! & ~this.peers[p]!;
    s[dw + 1] = s[dw + 1]! & ~this.peers[p + 1]!;
    s[dw + 2] = s[dw + 2]! & ~this.peers[p + 2]!;
    s[dw + w]! |= bit;
    s[base + OPEN + w]! &= keep;
  }

  /** True when the search must stop (limit reached or node budget spent). */
  private search(depth: number): boolean {
    if (++this.nodes > this.maxNodes) return true;
    const base = depth * STRIDE;
    if (!this.propagate(base)) return false;
    const s = this.s;
    const n = this.n;
    let branchWord = -1;
    let branchBit = 0;
    let open = false;
    for (let w = 0; w < this.words && branchWord < 0; w++) {
      const u = s[base + OPEN + w]!;
      if (u === 0) continue;
      open = true;
      let ones = 0, twos = 0, threes = 0;
      for (let k = base + w, end = base + n * 3; k < end; k += 3) {
        const x = s[k]! & u;
        threes |= twos & x;
        twos |= ones & x;
        ones |= x;
      }
      const pairs = twos & ~threes;
      if (pairs !== 0) {
        branchWord = w;
        branchBit = pairs & -pairs;
      }
    }
    if (!open) {
      this.count++;
      if (this.count === 1) this.solutionState.set(s.subarray(base, base + STRIDE));
      return this.count >= this.limit;
    }
    if (branchWord < 0) {
      let best = n + 1;
      for (let w = 0; w < this.words; w++) {
        let u = s[base + OPEN + w]!;
        while (u !== 0) {
          const bit = u & -u;
          u ^= bit;
          let c = 0;
          for (let k = base + w, end = base + n * 3; k < end; k += 3) if (s[k]! & bit) c++;
          if (c < best) {
            best = c;
            branchWord = w;
            branchBit = bit;
          }
        }
      }
    }
    const cell = this.cellAt[branchWord * 32 + (31 - Math.clz32(branchBit))]!;
    const next = base + STRIDE;
    for (let d = 0; d < n; d++) {
      if ((s[base + d * 3 + branchWord]! & branchBit) === 0) continue;
      s.copyWithin(next, base, base + STRIDE);
      this.place(next, d, cell);
      if (this.search(depth + 1)) return true;
    }
    return false;
  }

  /** Naked and hidden singles until nothing changes; false on contradiction. */
  private propagate(base: number): boolean {
    const s = this.s;
    const n = this.n;
    const seen = this.seen;
    const houses = this.houses;
    const allHouses = (1 << (3 * n)) - 1; // 3N ≤ 27 houses; a shift, not `**` (a float power: 3 % of propagate)
    const full = (1 << n) - 1;
    const rowHouses = full;
    const columnHouses = full << n;
    const regionHouses = allHouses & ~(rowHouses | columnHouses);
    const rowWord = this.rowWord;
    const rowShift = this.rowShift;
    const cellAt = this.cellAt;
    const cellHouseMask = this.cellHouseMask;
    // A child starts from its parent's fixpoint plus one placement: only digits whose words
    // differ from the parent's need their houses looked at again.
    if (base === 0) seen.fill(-1);
    else for (let k = 0, p = base - STRIDE; k < n * 3; k++) seen[k] = s[p + k]!;
    for (;;) {
      let changed = false;
      for (let w = 0; w < this.words; w++) {
        const u = s[base + OPEN + w]!;
        if (u === 0) continue;
        let ones = 0, twos = 0;
        for (let k = base + w, end = base + n * 3; k < end; k += 3) {
          const x = s[k]! & u;
          twos |= ones & x;
          ones |= x;
        }
        if (ones !== u) return false;
        const singles = ones & ~twos;
        if (singles === 0) continue;
        // As in fast9: a naked single's bit is in its own digit's word only, so placing it
        // clears just the peers; one emptied by an earlier placement here is a contradiction.
        let placed = 0;
        for (let d = 0; d < n; d++) {
          const dw = base + d * 3;
          let mine = s[dw + w]! & singles;
          while (mine !== 0) {
            const bit = mine & -mine;
            mine ^= bit;
            if ((s[dw + w]! & bit) === 0) continue;
            const p = cellAt[w * 32 + (31 - Math.clz32(bit))]! * 3;
            s[dw] = s[dw]! & ~this.peers[p]!;
            s[dw + 1] = s[dw + 1]! & ~this.peers[p + 1]!;
            s[dw + 2] = s[dw + 2]! & ~this.peers[p + 2]!;
            s[dw + w]! |= bit;
            placed |= bit;
          }
        }
        if (placed !== singles) return false;
        s[base + OPEN + w]! &= ~placed;
        changed = true;
        w--; // placements can make new singles in the same word
      }
      for (let d = 0; d < n; d++) {
        const dw = base + d * 3;
        const sw = d * 3;
        if (s[dw] === seen[sw] && s[dw + 1] === seen[sw + 1] && s[dw + 2] === seen[sw + 2]) continue;
        // Only houses holding a cell whose bit changed can have lost their last place or come
        // down to one: a placement elsewhere changes a digit's words in one cell, its own
        // digit's in about twenty; the first look (seen = −1) takes every house.
        let todo = 0;
        if (seen[sw] === -1) todo = allHouses;
        else {
          for (let w = 0; w < 3; w++) {
            let m = s[dw + w]! ^ seen[sw + w]!;
            while (m !== 0) {
              const index = 31 - Math.clz32(m & -m);
              m &= m - 1;
              todo |= cellHouseMask[cellAt[w * 32 + index]!]!;
            }
          }
        }
        seen[sw] = s[dw]!;
        seen[sw + 1] = s[dw + 1]!;
        seen[sw + 2] = s[dw + 2]!;
        // Rows and columns from the rows' N-bit fields; regions through their masks.
        let rows = todo & rowHouses;
        while (rows !== 0) {
          const r = 31 - Math.clz32(rows & -rows);
          rows &= rows - 1;
          const x = (s[dw + rowWord[r]!]! >>> rowShift[r]!) & full;
          if (x === 0) return false;
          if ((x & (x - 1)) !== 0 || ((s[base + OPEN + rowWord[r]!]! >>> rowShift[r]!) & x) === 0) continue;
          this.place(base, d, r * n + 31 - Math.clz32(x));
          changed = true;
        }
        if ((todo & columnHouses) !== 0) {
          let ones = 0, twos = 0, placed = 0;
          for (let r = 0; r < n; r++) {
            const w = rowWord[r]!;
            const x = (s[dw + w]! >>> rowShift[r]!) & full;
            twos |= ones & x;
            ones |= x;
            placed |= x & ~(s[base + OPEN + w]! >>> rowShift[r]!);
          }
          if (ones !== full) return false;
          let lone = ones & ~twos & ~placed; // columns where d has one place, still open
          while (lone !== 0) {
            const bit = lone & -lone;
            lone ^= bit;
            let r = 0;
            while (r < n && ((s[dw + rowWord[r]!]! >>> rowShift[r]!) & bit) === 0) r++;
            // gone meanwhile (an earlier placement here): the column changed, the next pass sees it
            if (r === n || ((s[base + OPEN + rowWord[r]!]! >>> rowShift[r]!) & bit) === 0) continue;
            this.place(base, d, r * n + 31 - Math.clz32(bit));
            changed = true;
          }
        }
        todo &= regionHouses;
        while (todo !== 0) {
          const h = 31 - Math.clz32(todo & -todo);
          todo &= todo - 1;
          const x0 = s[dw]! & houses[h * 3]!;
          const x1 = s[dw + 1]! & houses[h * 3 + 1]!;
          const x2 = s[dw + 2]! & houses[h * 3 + 2]!;
          const any = x0 | x1 | x2;
          if (any === 0) return false;
          if ((any & (any - 1)) !== 0) continue; // places at two bit positions or more
          // one place: exactly one word non-zero (each is 0 or `any`: they sum to `any`)
          if (x0 + x1 + x2 !== any) continue;
          const w = x0 !== 0 ? 0 : x1 !== 0 ? 1 : 2;
          if ((s[base + OPEN + w]! & any) === 0) continue; // already placed
          this.place(base, d, this.cellAt[w * 32 + (31 - Math.clz32(any))]!);
          changed = true;
        }
      }
      if (!changed) return true;
    }
  }
}
