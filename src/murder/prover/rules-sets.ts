/**
 * Tier 3 (hard): arguments about several people or cells at once, still without trying anything.
 *   room capacity  people in a room stand in different rows and columns, so a room whose open
 *                  cells span k rows (or columns) holds at most k people;
 *   Hall sets      k people who between them reach only k rows (columns) fill those rows; this is
 *                  all-different matching, and with every k it removes exactly the edges that lie
 *                  in no perfect matching of people to rows;
 *   rectangle      a cell sharing a row or column with every cell a person can still take is
 *                  closed to everyone else (for two cells on a diagonal: the other two corners).
 */
import { lowestBit, POPCOUNT_1024 } from '../../core/bits.ts';
import { cellList, columnsOf, rowsOf, WORDS } from '../cells.ts';
import type { Rule } from './rules-singles.ts';
import { CONTRADICTION, NONE, PROGRESS, type ProverState, type RuleResult } from './state.ts';
import { capacityText, hallText, rectangleText } from './texts.ts';

function bitsOf(mask: number): number[] {
  const out: number[] = [];
  for (let i = 0; mask >>> i; i++) if ((mask >>> i) & 1) out.push(i);
  return out;
}

export const roomCapacity: Rule = {
  id: 'room-capacity',
  tier: 3,
  cost: 120,
  apply(s) {
    const { rooms, roomCount } = s.board;
    const inside = s.roomPeople;
    inside.fill(0);
    for (let q = 0; q < s.n; q++) {
      const room = s.confinedRoom(q);
      if (room >= 0) inside[room]! |= 1 << q;
    }
    const open = s.scratch;
    for (let room = 0; room < roomCount; room++) {
      const people = inside[room]!;
      if (people === 0) continue;
      const o = 3 * room;
      open[0] = open[1] = open[2] = 0;
      for (let q = 0; q < s.n; q++) for (let w = 0; w < WORDS; w++) open[w]! |= s.cand[3 * q + w]! & rooms[o + w]!;
      const rows = POPCOUNT_1024[rowsOf(open, 0)]!, columns = POPCOUNT_1024[columnsOf(open, 0)]!;
      const capacity = Math.min(rows, columns);
      const k = POPCOUNT_1024[people]!;
      if (k > capacity) return CONTRADICTION;
      if (k < capacity) continue;
      s.snapshot();
      let changed = false;
      for (let q = 0; q < s.n; q++) if (!(people & (1 << q)) && s.remove(q, rooms, o)) changed = true;
      if (!changed) continue;
      if (s.recording) {
        const who = bitsOf(people);
        s.record('room-capacity', 3, { people: who, rooms: [room] }, capacityText, room, rows, columns, who);
      }
      return PROGRESS;
    }
    return NONE;
  },
};

/**
 * Hall sets over one axis: k open people who between them reach only k lines fill those lines.
 * Only people who reach at most k lines can belong to such a set, so for each k = 2, 3, … the
 * k-subsets of those people are enumerated (Gosper's hack over their indices); the first set
 * found is a smallest one, which is also the clearest proof step.
 */
function hall(s: ProverState, axis: 0 | 1): RuleResult {
  const active = s.order, lines = s.lines, pool = s.unions;
  let m = 0;
  for (let p = 0; p < s.n; p++) if (!s.isDone(p)) active[m++] = p;
  if (m < 3) return NONE;
  for (let i = 0; i < m; i++) lines[i] = axis === 0 ? rowsOf(s.cand, 3 * active[i]!) : columnsOf(s.cand, 3 * active[i]!);
  for (let k = 2; k < m; k++) {
    let c = 0;
    for (let i = 0; i < m; i++) if (POPCOUNT_1024[lines[i]!]! <= k) pool[c++] = i;
    if (c < k) continue;
    for (let subset = (1 << k) - 1; subset < 1 << c; ) {
      let members = 0, union = 0;
      for (let x = subset; x !== 0; x &= x - 1) {
        const i = pool[31 - Math.clz32(x & -x)]!;
        members |= 1 << i;
        union |= lines[i]!;
      }
      const width = POPCOUNT_1024[union]!;
      if (width < k) return CONTRADICTION;
      if (width === k) {
        let outside = false;
        for (let i = 0; i < m; i++) if (!(members & (1 << i)) && lines[i]! & union) outside = true;
        if (outside) return closeLines(s, axis, m, members, union);
      }
      // Gosper's hack: the next larger number with the same number of bits.
      const low = subset & -subset, ripple = subset + low;
      subset = (((ripple ^ subset) >>> 2) / low) | ripple;
    }
  }
  return NONE;
}

/** Remove the Hall set's lines from every open person outside it. */
function closeLines(s: ProverState, axis: 0 | 1, m: number, members: number, union: number): RuleResult {
  const sets = axis === 0 ? s.board.rows : s.board.columns;
  s.snapshot();
  for (let i = 0; i < m; i++) {
    if (members & (1 << i)) continue;
    for (let line = 0; line < s.n; line++) if (union & (1 << line)) s.remove(s.order[i]!, sets, 3 * line);
  }
  if (s.recording) recordHall(s, axis, members, union);
  return PROGRESS;
}

/** The proof step of a Hall set (kept out of `hall`, whose hot loop must not capture variables). */
function recordHall(s: ProverState, axis: 0 | 1, members: number, union: number): void {
  const people: number[] = [];
  for (const i of bitsOf(members)) people.push(s.order[i]!);
  const used = bitsOf(union);
  const line = axis === 0 ? 'row' : 'column';
  s.record(`hall-${line}s`, 3, axis === 0 ? { people, rows: used } : { people, columns: used }, hallText, people, line, used);
}

export const hallRows: Rule = { id: 'hall-rows', tier: 3, cost: 140, apply: (s) => hall(s, 0) };
export const hallColumns: Rule = { id: 'hall-columns', tier: 3, cost: 140, apply: (s) => hall(s, 1) };

export const rectangle: Rule = {
  id: 'rectangle',
  tier: 3,
  cost: 130,
  apply(s) {
    const seen = s.scratch, sees = s.board.sees;
    for (let p = 0; p < s.n; p++) {
      if (s.isDone(p) || s.count(p) < 2) continue;
      // Cells seeing all of p's cells; stop as soon as none are left (the usual case).
      let s0 = 0x7ffffff, s1 = 0x7ffffff, s2 = 0x7ffffff;
      for (let w = 0; w < WORDS && (s0 | s1 | s2) !== 0; w++) {
        let x = s.cand[3 * p + w]!;
        while (x !== 0 && (s0 | s1 | s2) !== 0) {
          const o = 3 * (w * 27 + lowestBit(x));
          x &= x - 1;
          s0 &= sees[o]!;
          s1 &= sees[o + 1]!;
          s2 &= sees[o + 2]!;
        }
      }
      if ((s0 | s1 | s2) === 0) continue;
      seen[0] = s0;
      seen[1] = s1;
      seen[2] = s2;
      // In proof mode, name the cells someone else could still take (before they are removed).
      const targets = s.recording ? othersIn(s, p, seen) : null;
      s.snapshot();
      let changed = false;
      for (let q = 0; q < s.n; q++) if (q !== p && s.remove(q, seen, 0)) changed = true;
      if (!changed) continue;
      if (s.recording) {
        const options = cellList(s.cand, 3 * p);
        s.record('rectangle', 3, { people: [p] }, rectangleText, p, options, targets!);
      }
      return PROGRESS;
    }
    return NONE;
  },
};

function othersIn(s: ProverState, p: number, set: Uint32Array): number[] {
  const others = new Uint32Array(WORDS);
  for (let q = 0; q < s.n; q++) if (q !== p) for (let w = 0; w < WORDS; w++) others[w]! |= s.cand[3 * q + w]! & set[w]!;
  return cellList(others, 0);
}
