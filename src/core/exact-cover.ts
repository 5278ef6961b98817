/**
 * A generic exact-cover engine: Knuth's Algorithm X with dancing links (TAOCP 7.2.2.1, "DLX1"),
 * for any problem, not only Sudoku.
 *
 * A problem has N1 primary items (each must be covered exactly once) and N2 secondary items (each
 * at most once), and a list of options, each a set of items. A solution is a set of options that
 * covers every primary item once and no item twice.
 *
 * "A pointer is an array index": every link lives in a flat Int32Array and the search allocates
 * nothing per node. Items are numbered 1..N internally (0 is the root of the active list); the API
 * uses 0-based item ids (primary first, then secondary) and 0-based option ids.
 *
 *   item arrays (N + 2 slots)       llink[i], rlink[i]   the doubly linked list of active primary
 *                                                        items, root 0; secondary items form their
 *                                                        own list with root N + 1 and are never chosen
 *   node arrays (one slot per node) top[x]    the item of node x; for a header x ≤ N: LEN(x);
 *                                             for a spacer: −(option id) − 1 (always < 0)
 *                                   ulink[x], dlink[x]  the vertical list of x's item;
 *                                             for a spacer: first node of the option before /
 *                                             last node of the option after it
 *
 *     nodes:  [ 0 | headers 1..N | spacer | option 0 … | spacer | option 1 … | spacer | … ]
 *
 * The search branches on the active primary item with the fewest options (MRV), ties to the first
 * (or, with an `rng`, uniformly among the tied). `nodes` counts the root and every option tried;
 * `mems` counts link-array words touched in cover/uncover/hide/unhide and the MRV scan, a
 * machine-independent cost in Knuth's spirit (not his exact accounting).
 */
import type { Rng } from './rng.ts';

export interface ExactCoverOptions {
  /** Stop after this many solutions (default 1). */
  limit?: number;
  /** Give up after this many search nodes; the result then has `complete: false`. */
  maxNodes?: number;
  /** Seeded random order: options of each item are shuffled and MRV ties broken at random. */
  rng?: Rng;
  /**
   * Called for every solution with the chosen option ids (a view valid only during the call).
   * Return true to stop the search.
   */
  onSolution?: (options: Int32Array) => boolean | void;
}

export interface ExactCoverResult {
  /** Solutions found, at most `limit`. */
  count: number;
  /** The option ids of the first solution found (sorted ascending), or null. */
  solution: number[] | null;
  /** Search nodes: the root and every option tried. */
  nodes: number;
  /** Link-array words touched (see the module comment). */
  mems: number;
  /** False when `maxNodes` (or `onSolution`) stopped the search before it was decided. */
  complete: boolean;
}

export class ExactCover {
  readonly primaryCount: number;
  readonly secondaryCount: number;
  private readonly itemCount: number;
  // option storage while building: option k's items are optItems[optStart[k] .. optStart[k+1]−1]
  private optItems = new Int32Array(64);
  private optStart: number[] = [0];
  private built = false;
  // dancing links
  private llink = new Int32Array(0);
  private rlink = new Int32Array(0);
  private top = new Int32Array(0);
  private ulink = new Int32Array(0);
  private dlink = new Int32Array(0);
  private choice = new Int32Array(0);
  private chosen = new Int32Array(0);
  private scratch = new Int32Array(0);
  private mems = 0;
  private shuffled = false;

  constructor(primaryCount: number, secondaryCount = 0) {
    if (!(Number.isInteger(primaryCount) && primaryCount >= 0 && Number.isInteger(secondaryCount) && secondaryCount >= 0)) {
      throw new RangeError('ExactCover: item counts must be non-negative integers');
    }
    this.primaryCount = primaryCount;
    this.secondaryCount = secondaryCount;
    this.itemCount = primaryCount + secondaryCount;
  }

  get optionCount(): number {
    return this.optStart.length - 1;
  }

  /**
   * Add an option (a set of 0-based item ids, no repeats, at least one primary: an option of
   * secondary items only could never be chosen, as in Knuth's DLX); returns its option id.
   */
  addOption(items: ArrayLike<number>): number {
    let hasPrimary = false;
    for (let k = 0; k < items.length; k++) if (items[k]! < this.primaryCount) hasPrimary = true;
    if (!hasPrimary) throw new RangeError('ExactCover: an option needs at least one primary item');
    const start = this.optStart[this.optStart.length - 1]!;
    if (start + items.length > this.optItems.length) {
      const grown = new Int32Array(Math.max(this.optItems.length * 2, start + items.length));
      grown.set(this.optItems);
      this.optItems = grown;
    }
    for (let k = 0; k < items.length; k++) {
      const item = items[k]!;
      if (!Number.isInteger(item) || item < 0 || item >= this.itemCount) throw new RangeError(`ExactCover: item ${item} out of range`);
      for (let j = 0; j < k; j++) if (items[j] === item) throw new RangeError(`ExactCover: item ${item} twice in one option`);
      this.optItems[start + k] = item;
    }
    this.optStart.push(start + items.length);
    this.built = false;
    return this.optStart.length - 2;
  }

  /** Build the links from the option list (once, or again after options were added). */
  private build(): void {
    const n = this.itemCount;
    const n1 = this.primaryCount;
    const options = this.optionCount;
    const entries = this.optStart[options]!;
    const size = n + 1 + entries + options + 1;
    this.llink = new Int32Array(n + 2);
    this.rlink = new Int32Array(n + 2);
    this.top = new Int32Array(size);
    this.ulink = new Int32Array(size);
    this.dlink = new Int32Array(size);
    const { llink, rlink, top, ulink, dlink } = this;
    // primary items 1..n1 in the list rooted at 0; secondary items n1+1..n in the list rooted at n+1
    for (let i = 1; i <= n; i++) {
      llink[i] = i - 1;
      rlink[i - 1] = i;
    }
    llink[n1 + 1] = n + 1;
    rlink[n + 1] = n1 + 1;
    llink[n + 1] = n;
    rlink[n] = n + 1;
    llink[0] = n1;
    rlink[n1] = 0;
    if (n1 === n) {
      llink[n + 1] = n + 1;
      rlink[n + 1] = n + 1;
    }
    for (let i = 1; i <= n; i++) {
      top[i] = 0;
      ulink[i] = i;
      dlink[i] = i;
    }
    // spacer, then each option followed by a spacer
    let x = n + 1;
    let lastSpacer = x;
    top[x] = -1;
    for (let k = 0; k < options; k++) {
      const first = x + 1;
      for (let e = this.optStart[k]!; e < this.optStart[k + 1]!; e++) {
        x++;
        const item = this.optItems[e]! + 1;
        top[x] = item;
        top[item]!++;
        const last = ulink[item]!;
        ulink[x] = last;
        dlink[last] = x;
        dlink[x] = item;
        ulink[item] = x;
      }
      dlink[lastSpacer] = x;
      x++;
      top[x] = -(k + 1) - 1;
      ulink[x] = first;
      lastSpacer = x;
    }
    dlink[lastSpacer] = 0;
    // the spacer before option k is marked −k−1; the one after the last option is unused
    this.choice = new Int32Array(n1 + 1);
    this.chosen = new Int32Array(n1 + 1);
    this.scratch = new Int32Array(options + 1);
    this.built = true;
  }

  /** Search for up to `limit` solutions. The structure is restored afterwards, so solve again freely. */
  solve(options: ExactCoverOptions = {}): ExactCoverResult {
    if (!this.built) this.build();
    const limit = Math.max(1, options.limit ?? 1);
    const maxNodes = options.maxNodes ?? Infinity;
    const rng = options.rng;
    const onSolution = options.onSolution;
    // always start from insertion order, so a seed means the same search every time
    if (this.shuffled) this.relinkInOrder();
    if (rng) this.shuffleOptions(rng);
    const { rlink, top, dlink, choice } = this;
    this.mems = 0;
    let nodes = 1;
    let count = 0;
    let solution: number[] | null = null;
    let stopped = false;
    let level = 0;

    // X2: enter a level
    enter: for (;;) {
      if (rlink[0] === 0) {
        count++;
        const chosen = this.chosenOptions(level);
        if (solution === null) solution = Array.from(chosen).sort((a, b) => a - b);
        if (onSolution && onSolution(chosen) === true) {
          stopped = true;
          break enter;
        }
        if (count >= limit) break enter;
      } else {
        // X3: choose the item with the fewest options (MRV)
        let best = -1;
        let bestLen = 0x7fffffff;
        let ties = 0;
        for (let p = rlink[0]!; p !== 0; p = rlink[p]!) {
          this.mems++;
          const len = top[p]!;
          if (len < bestLen) {
            bestLen = len;
            best = p;
            ties = 1;
            if (len === 0) break;
          } else if (rng && len === bestLen && rng.int(++ties) === 0) {
            best = p;
          }
        }
        // X4: cover it and try its options
        this.cover(best);
        choice[level] = dlink[best]!;
        if (this.tryOption(level)) {
          if (++nodes > maxNodes) {
            stopped = true;
            level++;
            break enter;
          }
          level++;
          continue enter;
        }
        this.uncover(best);
      }
      // X8: backtrack until a level has another option
      for (;;) {
        if (level === 0) break enter;
        level--;
        this.untryOption(level);
        const item = top[choice[level]!]!;
        choice[level] = dlink[choice[level]!]!;
        if (this.tryOption(level)) {
          if (++nodes > maxNodes) {
            stopped = true;
            level++;
            break enter;
          }
          level++;
          continue enter;
        }
        this.uncover(item);
      }
    }
    // leave the links as they were (the search may have stopped deep in the tree)
    while (level > 0) {
      level--;
      this.untryOption(level);
      this.uncover(top[choice[level]!]!);
    }
    return { count, solution, nodes, mems: this.mems, complete: !stopped };
  }

  /** X5: if choice[level] is an option node (not the header), cover the other items of its option. */
  private tryOption(level: number): boolean {
    const { top, ulink } = this;
    const x = this.choice[level]!;
    if (x <= this.itemCount) return false; // back at the header: no option left
    let p = x + 1;
    while (p !== x) {
      const j = top[p]!;
      if (j <= 0) p = ulink[p]!;
      else {
        this.cover(j);
        p++;
      }
    }
    return true;
  }

  /** X6: undo tryOption for the option at choice[level]. */
  private untryOption(level: number): void {
    const { top, dlink } = this;
    const x = this.choice[level]!;
    let p = x - 1;
    while (p !== x) {
      const j = top[p]!;
      if (j <= 0) p = dlink[p]!;
      else {
        this.uncover(j);
        p--;
      }
    }
  }

  private cover(i: number): void {
    const { llink, rlink, dlink } = this;
    for (let p = dlink[i]!; p !== i; p = dlink[p]!) this.hide(p);
    const l = llink[i]!;
    const r = rlink[i]!;
    rlink[l] = r;
    llink[r] = l;
    this.mems += 2;
  }

  private uncover(i: number): void {
    const { llink, rlink, ulink } = this;
    const l = llink[i]!;
    const r = rlink[i]!;
    rlink[l] = i;
    llink[r] = i;
    this.mems += 2;
    for (let p = ulink[i]!; p !== i; p = ulink[p]!) this.unhide(p);
  }

  private hide(p: number): void {
    const { top, ulink, dlink } = this;
    let q = p + 1;
    let mems = 1;
    while (q !== p) {
      const x = top[q]!;
      const u = ulink[q]!;
      if (x <= 0) q = u;
      else {
        const d = dlink[q]!;
        dlink[u] = d;
        ulink[d] = u;
        top[x]!--;
        q++;
        mems += 3;
      }
    }
    this.mems += mems;
  }

  private unhide(p: number): void {
    const { top, ulink, dlink } = this;
    let q = p - 1;
    let mems = 1;
    while (q !== p) {
      const x = top[q]!;
      const d = dlink[q]!;
      if (x <= 0) q = d;
      else {
        const u = ulink[q]!;
        dlink[u] = q;
        ulink[d] = q;
        top[x]!++;
        q--;
        mems += 3;
      }
    }
    this.mems += mems;
  }

  /** The option ids chosen on levels 0..level−1 (a view into a preallocated array). */
  private chosenOptions(level: number): Int32Array {
    const { top } = this;
    for (let l = 0; l < level; l++) {
      let x = this.choice[l]!;
      while (top[x]! > 0) x--; // walk left to the spacer in front of the option
      this.chosen[l] = -top[x]! - 1;
    }
    return this.chosen.subarray(0, level);
  }

  /** Relink every item's vertical list in a random order (only while nothing is covered). */
  private shuffleOptions(rng: Rng): void {
    this.relink((scratch, k) => {
      for (let a = k - 1; a > 0; a--) {
        const b = rng.int(a + 1);
        const t = scratch[a]!;
        scratch[a] = scratch[b]!;
        scratch[b] = t;
      }
    });
    this.shuffled = true;
  }

  /** Back to insertion order (node numbers grow with it), after a seeded solve. */
  private relinkInOrder(): void {
    this.relink((scratch, k) => scratch.subarray(0, k).sort());
    this.shuffled = false;
  }

  private relink(order: (scratch: Int32Array, count: number) => void): void {
    const { ulink, dlink, scratch } = this;
    for (let i = 1; i <= this.itemCount; i++) {
      let k = 0;
      for (let p = dlink[i]!; p !== i; p = dlink[p]!) scratch[k++] = p;
      order(scratch, k);
      let prev = i;
      for (let a = 0; a < k; a++) {
        const p = scratch[a]!;
        dlink[prev] = p;
        ulink[p] = prev;
        prev = p;
      }
      dlink[prev] = i;
      ulink[i] = prev;
    }
  }
}
