/**
 * Canonical form of a board: equal for boards that are essentially the same puzzle, different
 * otherwise. "Essentially the same" means one board turns into the other by a symmetry of its
 * layout and a relabelling of the digits:
 *
 *   regular blocks   the Sudoku group of the layout: permute the bands (block rows), the rows
 *                    inside each band, the stacks and the columns inside each stack, and — when
 *                    the blocks are square (4×4, 9×9) — transpose. The rhombus's own symmetries
 *                    (half turn, both mirrors) are in this group wherever they keep the layout.
 *                    For 9×9: 2 · 6⁸ = 3,359,232 arrangements, times 9! relabellings.
 *   irregular blocks the rhombus symmetries (identity, half turn, both mirrors) applied to the
 *                    layout and the givens together; blocks are renumbered too.
 *
 * The form is the lexicographically smallest reading over the whole group, with digits (and
 * block numbers) relabelled in order of first appearance — for a fixed arrangement that is the
 * smallest relabelling. For regular boards the search does not try every arrangement: for each
 * row arrangement (2 · 6⁴ on 9×9) the columns are chosen one at a time, reading column by column,
 * keeping only the columns whose relabelled content is smallest and cutting a branch as soon as
 * it is worse than the best form found (ties are all followed, so nothing is missed).
 *
 * The benchmark counts essentially different boards with it; the daily set uses `fingerprint`
 * to make sure no puzzle repeats an earlier day's.
 */
import { getOrMake } from '../core/memo.ts';
import { sha256Hex } from '../core/sha256.ts';
import { isRegularRegions, regularBlockShape } from '../sudoku/regions.ts';
import { numberInOrder } from './layouts.ts';

/** The canonical text: size, block kind and the smallest reading (digits 1..N, '.' empty). */
export function canonicalForm(size: number, regions: ArrayLike<number>, givens: ArrayLike<number>): string {
  if (isRegularRegions(size, Uint8Array.from(regions))) return `${size}r:` + regularCanonical(size, givens);
  return `${size}i:` + irregularCanonical(size, regions, givens);
}

/** A short fingerprint of the canonical form (64 bits of SHA-256, hex). */
export function fingerprint(size: number, regions: ArrayLike<number>, givens: ArrayLike<number>): string {
  const form = canonicalForm(size, regions, givens);
  return form.slice(0, form.indexOf(':')) + '-' + sha256Hex(form).slice(0, 16);
}

// ---------------------------------------------------------------------------------------------
// Irregular layouts: four rhombus symmetries.

const RHOMBUS: ReadonlyArray<(n: number, r: number, c: number) => number> = [
  (n, r, c) => r * n + c,
  (n, r, c) => (n - 1 - r) * n + (n - 1 - c),
  (n, r, c) => c * n + r,
  (n, r, c) => (n - 1 - c) * n + (n - 1 - r),
];

function irregularCanonical(n: number, regions: ArrayLike<number>, givens: ArrayLike<number>): string {
  let best = '';
  for (const map of RHOMBUS) {
    const movedRegions = new Uint8Array(n * n);
    const movedGivens = new Uint8Array(n * n);
    for (let r = 0; r < n; r++) {
      for (let c = 0; c < n; c++) {
        const to = map(n, r, c);
        movedRegions[to] = regions[r * n + c]!;
        movedGivens[to] = givens[r * n + c]!;
      }
    }
    const form = Array.from(numberInOrder(n, movedRegions), (g) => String.fromCharCode(97 + g)).join('') + '/' + readRelabelled(movedGivens);
    if (best === '' || form < best) best = form;
  }
  return best;
}

/** Digits relabelled by first appearance, '.' for empty. */
function readRelabelled(grid: ArrayLike<number>): string {
  const label = new Uint8Array(10);
  let next = 1;
  let s = '';
  for (let i = 0; i < grid.length; i++) {
    const d = grid[i]!;
    if (d === 0) {
      s += '.';
      continue;
    }
    if (label[d] === 0) label[d] = next++;
    s += label[d];
  }
  return s;
}

// ---------------------------------------------------------------------------------------------
// Regular layouts: the Sudoku group, by branch and bound over the columns.

/** All permutations of 0..k−1. */
function permutations(k: number): number[][] {
  if (k === 1) return [[0]];
  const out: number[][] = [];
  for (const p of permutations(k - 1)) for (let i = 0; i <= p.length; i++) out.push([...p.slice(0, i), k - 1, ...p.slice(i)]);
  return out;
}

/** Every order of the lines that keeps groups of `group` lines together (bands or stacks). */
function lineArrangements(n: number, group: number): number[][] {
  const groups = n / group;
  const groupOrders = permutations(groups);
  const inner = permutations(group);
  let within: number[][][] = [[]];
  for (let g = 0; g < groups; g++) within = within.flatMap((w) => inner.map((p) => [...w, p]));
  const out: number[][] = [];
  for (const order of groupOrders) {
    for (const w of within) {
      const lines: number[] = [];
      order.forEach((g, slot) => {
        for (const i of w[slot]!) lines.push(g * group + i);
      });
      out.push(lines);
    }
  }
  return out;
}

const arrangementCache = new Map<string, number[][]>();
function cachedArrangements(n: number, group: number): number[][] {
  return getOrMake(arrangementCache, `${n}/${group}`, () => lineArrangements(n, group));
}

/**
 * The branch and bound over the column arrangements of one row arrangement; the best form is
 * kept across calls, so later row arrangements are cut against it.
 *
 *   best[c·N + r]      the best form, column-major, relabelled (valid once hasBest)
 *   current[c·N + r]   the form being built
 *   labels[j·10 + d]   the label of digit d after j columns (0 = none yet); labels[j·10] = next label
 *   smallest[j·N + r]  the smallest block among the candidates for column j
 */
class ColumnSearch {
  readonly best: Uint8Array;
  hasBest = false;
  private readonly grid: Uint8Array;
  private readonly labels: Uint8Array;
  private readonly usedColumn: Uint8Array;
  private readonly current: Uint8Array;
  private readonly smallest: Uint8Array;
  private readonly probe: Uint8Array;

  constructor(
    private readonly n: number,
    private readonly stackWidth: number,
  ) {
    this.best = new Uint8Array(n * n);
    this.grid = new Uint8Array(n * n);
    this.labels = new Uint8Array((n + 1) * 10);
    this.usedColumn = new Uint8Array(n);
    this.current = new Uint8Array(n * n);
    this.smallest = new Uint8Array(n * n);
    this.probe = new Uint8Array(n);
  }

  /** Search every column arrangement of `grid` (rows already arranged, row-major). */
  run(grid: Uint8Array): void {
    this.grid.set(grid);
    this.usedColumn.fill(0);
    this.labels.fill(0, 0, 10);
    this.labels[0] = 1;
    this.search(0, this.hasBest);
  }

  /**
   * Choose result column j. `tied`: the columns so far equal the best form's (so a worse column
   * cuts the branch); otherwise they are already smaller, or there is no best yet.
   */
  private search(j: number, tied: boolean): void {
    const { n, stackWidth, labels, usedColumn, current, smallest, probe } = this;
    if (j === n) {
      if (!tied) {
        this.best.set(current);
        this.hasBest = true;
      }
      return;
    }
    // At a stack boundary any unused column may come next (it opens its stack); inside a stack
    // only the unused columns of that stack. Used columns always fill whole stacks before a boundary.
    const lo = j % stackWidth === 0 ? 0 : Math.floor(this.lastColumn / stackWidth) * stackWidth;
    const hi = j % stackWidth === 0 ? n : lo + stackWidth;
    const lab = j * 10;
    const at = j * n;
    let found = false;
    for (let col = lo; col < hi; col++) {
      if (usedColumn[col]) continue;
      this.relabel(col, lab, probe, 0, false);
      if (!found || compare(probe, 0, smallest, at, n) < 0) {
        smallest.set(probe, at);
        found = true;
      }
    }
    if (tied) {
      const cmp = compare(smallest, at, this.best, at, n);
      if (cmp > 0) return;
      if (cmp < 0) tied = false;
    }
    const previous = this.lastColumn;
    for (let col = lo; col < hi; col++) {
      if (usedColumn[col]) continue;
      labels.copyWithin(lab + 10, lab, lab + 10);
      this.relabel(col, lab + 10, current, at, true);
      if (compare(current, at, smallest, at, n) !== 0) continue;
      usedColumn[col] = 1;
      this.lastColumn = col;
      this.search(j + 1, tied);
      usedColumn[col] = 0;
      // The branch either set a new best with these same first j+1 columns, or was cut against
      // one that has them: the next tied column must now beat that best.
      tied = true;
    }
    this.lastColumn = previous;
  }

  private lastColumn = 0;

  /** Column `col` read with the labels at `lab`; `extend` keeps the labels of new digits. */
  private relabel(col: number, lab: number, out: Uint8Array, at: number, extend: boolean): void {
    const { n, grid, labels } = this;
    let next = labels[lab]!;
    let fresh = 0;
    for (let r = 0; r < n; r++) {
      const d = grid[r * n + col]!;
      if (d === 0) {
        out[at + r] = 0;
        continue;
      }
      let l = labels[lab + d]!;
      if (l === 0) {
        l = next++;
        labels[lab + d] = l;
        fresh |= 1 << d;
      }
      out[at + r] = l;
    }
    if (extend) {
      labels[lab] = next;
    } else {
      for (let d = 1; d <= 9; d++) if (fresh & (1 << d)) labels[lab + d] = 0;
    }
  }
}

/** Lexicographic comparison of a[i..i+len) and b[j..j+len). */
function compare(a: Uint8Array, i: number, b: Uint8Array, j: number, len: number): number {
  for (let k = 0; k < len; k++) {
    const d = a[i + k]! - b[j + k]!;
    if (d !== 0) return d;
  }
  return 0;
}

function regularCanonical(n: number, givens: ArrayLike<number>): string {
  const shape = regularBlockShape(n)!;
  const rowArrangements = cachedArrangements(n, shape.rows);
  const transposable = shape.rows === shape.cols;
  const search = new ColumnSearch(n, shape.cols);
  const arranged = new Uint8Array(n * n);
  for (let t = 0; t < (transposable ? 2 : 1); t++) {
    for (const rows of rowArrangements) {
      for (let r = 0; r < n; r++) {
        const src = rows[r]!;
        for (let c = 0; c < n; c++) arranged[r * n + c] = t === 0 ? givens[src * n + c]! : givens[c * n + src]!;
      }
      search.run(arranged);
    }
  }
  // Back to a row-major reading of the best arrangement (it was built column by column).
  let s = '';
  for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) s += search.best[c * n + r] === 0 ? '.' : String(search.best[c * n + r]);
  return s;
}
