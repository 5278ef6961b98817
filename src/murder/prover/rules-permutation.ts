/**
 * Rows against columns: every row and every column holds exactly one person, whoever it is, so the
 * cells people stand on form a permutation. These rules look only at the cells *anyone* can still
 * stand on (the union of all candidates), not at who stands there:
 *
 *   tier 2  one-cell-line     a row with one open cell: someone stands there, so that cell's
 *                             column is closed everywhere else (same with rows and columns swapped);
 *                             if only one person can stand in the cell, they are placed
 *   tier 3  row-column-sets   k rows whose open cells lie in only k columns use those columns up:
 *                             no other row has anyone there (or k columns in k rows)
 *
 * The person side of the same argument (k people who reach only k rows or columns) is
 * hall-rows / hall-columns in rules-sets.ts, and its k = 1 case is claiming.
 *
 * A set of k rows in k columns and the other n−k columns in the other n−k rows are the same fact
 * (complements), so one rule searches both axes, the smallest set first, for the shortest sentence.
 */
import { isSingleBit, lowestBit, POPCOUNT_1024 } from '../../core/bits.ts';
import { cellAt, hasCell, ROW_BITS, WORDS } from '../cells.ts';
import type { Rule } from './rules-singles.ts';
import { CONTRADICTION, NONE, PROGRESS, type ProverState, type RuleResult } from './state.ts';
import { oneCellLineText, rowColumnSetText } from './texts.ts';

/**
 * Fill `s.lineCells`: at r, the columns where anyone can still stand in row r; at 9 + c, the rows
 * of column c. Uses `s.scratch` words 0..2 for the union of all candidates.
 */
function openLines(s: ProverState): void {
  const open = s.scratch, cand = s.cand, lines = s.lineCells;
  open[0] = open[1] = open[2] = 0;
  for (let p = 0; p < s.n; p++) for (let w = 0; w < WORDS; w++) open[w]! |= cand[3 * p + w]!;
  for (let c = 0; c < s.n; c++) lines[9 + c] = 0;
  for (let r = 0; r < s.n; r++) {
    const columns = (open[(r / 3) | 0]! >>> (9 * (r % 3))) & ROW_BITS;
    lines[r] = columns;
    for (let x = columns; x !== 0; x &= x - 1) lines[9 + lowestBit(x)]! |= 1 << r;
  }
}

export const oneCellLine: Rule = {
  id: 'one-cell-line',
  tier: 2,
  cost: 50,
  apply(s) {
    const open = s.scratch, cand = s.cand;
    open[0] = open[1] = open[2] = 0;
    for (let p = 0; p < s.n; p++) for (let w = 0; w < WORDS; w++) open[w]! |= cand[3 * p + w]!;
    // Columns open in one row only: `once & ~twice` over the rows (no transposition needed).
    let once = 0, twice = 0;
    for (let r = 0; r < s.n; r++) {
      const columns = rowOpen(open, r);
      if (columns === 0) return CONTRADICTION;
      if (isSingleBit(columns)) {
        const outcome = closeAcross(s, 0, r, cellAt(r, lowestBit(columns)));
        if (outcome !== NONE) return outcome;
      }
      twice |= once & columns;
      once |= columns;
    }
    const full = (1 << s.n) - 1;
    if (once !== full) return CONTRADICTION;
    for (let x = once & ~twice; x !== 0; x &= x - 1) {
      const c = lowestBit(x);
      let r = 0;
      while (!(rowOpen(open, r) & (1 << c))) r++;
      const outcome = closeAcross(s, 1, c, cellAt(r, c));
      if (outcome !== NONE) return outcome;
    }
    return NONE;
  },
};

/** The columns open in row r of a cell set at offset 0, as a 9-bit mask. */
function rowOpen(set: Uint32Array, r: number): number {
  return (set[(r / 3) | 0]! >>> (9 * (r % 3))) & ROW_BITS;
}

/**
 * `cell` is the only open cell of its row (axis 0) or column (axis 1), numbered `line`: close the
 * rest of the crossing column (row) for everyone, and place the only person who can stand there.
 */
function closeAcross(s: ProverState, axis: number, line: number, cell: number): RuleResult {
  const away = s.scratch;
  const crossing = axis === 0 ? s.board.columns : s.board.rows;
  const other = axis === 0 ? cell % 9 : (cell / 9) | 0;
  // The crossing line minus the cell, in scratch words 3..5 (words 0..2 hold the open cells).
  for (let w = 0; w < WORDS; w++) away[3 + w] = crossing[3 * other + w]!;
  away[3 + ((cell / 27) | 0)]! &= ~(1 << cell % 27);
  s.snapshot();
  let changed = false;
  for (let q = 0; q < s.n; q++) if (s.remove(q, away, 3)) changed = true;
  const only = onlyPersonAt(s, cell);
  const placing = only >= 0 && !s.isDone(only) && s.count(only) > 1;
  if (placing) place(s, only, cell);
  if (!changed && !placing) return NONE;
  if (s.recording) {
    const kind = axis === 0 ? 'row' : 'column';
    const premises = axis === 0 ? { rows: [line] } : { columns: [line] };
    s.record('one-cell-line', 2, placing ? { ...premises, people: [only] } : premises, oneCellLineText, kind, line, cell, placing ? only : -1);
  }
  return PROGRESS;
}

/** The one person who can still stand on `cell`, or −1 (nobody or several). */
function onlyPersonAt(s: ProverState, cell: number): number {
  let who = -1;
  for (let q = 0; q < s.n; q++) {
    if (!hasCell(s.cand, 3 * q, cell)) continue;
    if (who >= 0) return -1;
    who = q;
  }
  return who;
}

/** Place p on `cell` as naked-single does: the row and column close for everyone else. */
function place(s: ProverState, p: number, cell: number): void {
  const c = s.cand, o = 3 * p;
  c[o] = c[o + 1] = c[o + 2] = 0;
  c[o + ((cell / 27) | 0)] = 1 << cell % 27;
  s.done |= 1 << p;
  s.notePlaced(p, cell);
  for (let q = 0; q < s.n; q++) if (q !== p) s.remove(q, s.board.sees, 3 * cell);
}

/**
 * k lines of one axis whose open cells lie in only k lines of the other axis. Lines with one open
 * cell are one-cell-line's (tier 2, so already applied), so only lines with two or more take part;
 * for k = 2, 3, … the rows are tried before the columns, so the first set found is a smallest one.
 */
export const rowColumnSets: Rule = {
  id: 'row-column-sets',
  tier: 3,
  cost: 150,
  apply(s) {
    openLines(s);
    const lines = s.lineCells, pool = s.order;
    // Open lines per axis: a set must leave one out, or it has nothing to close.
    let rowsOpen = 0, columnsOpen = 0;
    for (let line = 0; line < s.n; line++) {
      if (POPCOUNT_1024[lines[line]!]! >= 2) rowsOpen++;
      if (POPCOUNT_1024[lines[9 + line]!]! >= 2) columnsOpen++;
    }
    // k rows in k columns is the same fact as the other m−k columns in the other m−k rows, so
    // with m open lines on each axis (always, after one-cell-line) sets up to m/2 are enough.
    const largest = rowsOpen === columnsOpen ? rowsOpen >> 1 : Math.max(rowsOpen, columnsOpen) - 1;
    for (let k = 2; k <= largest; k++) {
      for (let axis = 0; axis < 2; axis++) {
        if (k >= (axis === 0 ? rowsOpen : columnsOpen)) continue;
        const base = 9 * axis;
        let c = 0;
        for (let line = 0; line < s.n; line++) {
          const width = POPCOUNT_1024[lines[base + line]!]!;
          if (width >= 2 && width <= k) pool[c++] = line;
        }
        if (c < k) continue;
        for (let subset = (1 << k) - 1; subset < 1 << c; ) {
          let members = 0, union = 0;
          for (let x = subset; x !== 0; x &= x - 1) {
            const line = pool[lowestBit(x)]!;
            members |= 1 << line;
            union |= lines[base + line]!;
          }
          const width = POPCOUNT_1024[union]!;
          if (width < k) return CONTRADICTION;
          if (width === k) {
            let outside = false;
            for (let line = 0; line < s.n; line++) if (!(members & (1 << line)) && lines[base + line]! & union) outside = true;
            if (outside) return closeCrossings(s, axis, members, union);
          }
          // Gosper's hack: the next larger number with the same number of bits.
          const low = subset & -subset, ripple = subset + low;
          subset = (((ripple ^ subset) >>> 2) / low) | ripple;
        }
      }
    }
    return NONE;
  },
};

/** Remove, for everyone, the cells in the `union` lines across that lie outside the `members` lines. */
function closeCrossings(s: ProverState, axis: number, members: number, union: number): RuleResult {
  const closed = s.scratch;
  closed[3] = closed[4] = closed[5] = 0;
  for (let line = 0; line < s.n; line++) {
    if (members & (1 << line)) continue;
    for (let x = union; x !== 0; x &= x - 1) {
      const across = lowestBit(x);
      const cell = axis === 0 ? cellAt(line, across) : cellAt(across, line);
      closed[3 + ((cell / 27) | 0)]! |= 1 << cell % 27;
    }
  }
  s.snapshot();
  for (let q = 0; q < s.n; q++) s.remove(q, closed, 3);
  if (s.recording) recordSet(s, axis, members, union);
  return PROGRESS;
}

/** The proof step of a row-column set (kept out of the search loop, which must not capture variables). */
function recordSet(s: ProverState, axis: number, members: number, union: number): void {
  const these: number[] = [], those: number[] = [];
  for (let line = 0; line < s.n; line++) {
    if (members & (1 << line)) these.push(line);
    if (union & (1 << line)) those.push(line);
  }
  const premises = axis === 0 ? { rows: these, columns: those } : { rows: those, columns: these };
  s.record('row-column-sets', 3, premises, rowColumnSetText, axis === 0 ? 'row' : 'column', these, those);
}
