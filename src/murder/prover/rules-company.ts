/**
 * Tier 3: a person's room must hold people besides them, and those people stand in rows and
 * columns other than the person's (issue 26, section 3). Both rules reason about a hypothetical
 * cell x of person p — "if p stood on x" — and rule x out when the room could then not hold the
 * people it must; they place nobody and assume nothing about uniqueness.
 *
 *   room-company  p's clue needs company in p's room (the victim: exactly one other person;
 *                 withAnother: one of that gender; sameRoomAs / onlyWith: the named person, and the
 *                 named person needs the speaker): x goes when no eligible person can still stand
 *                 in x's room on a cell outside x's row and column. Not eligible: whoever is
 *                 "alone", "not in the same room as" p, or "only with" someone other than p.
 *   room-demand   the generalisation: x's room must hold the people certainly there (besides p)
 *                 and, with a company clue none of them satisfies, one companion more — k people in
 *                 k different rows and columns, all outside x's row and column. When their open
 *                 cells there span fewer than k rows or columns, x goes (k ≥ 2; k = 1 is
 *                 room-company, or `rectangle` for one person certainly there).
 */
import { popcount } from '../../core/bits.ts';
import { cellList, columnsOf, rowsOf, WORDS } from '../cells.ts';
import type { Rule } from './rules-singles.ts';
import { NONE, PROGRESS, type ProverState } from './state.ts';
import { roomCompanyText, roomDemandText } from './texts.ts';

/**
 * One person's need for company: who needs it, who can give it (bit q), the clue that says so, and
 * the clues that keep someone from giving it (an "alone" person shares no room; "not in the same
 * room as" the needy one; "only with" somebody else).
 */
interface Need {
  person: number;
  eligible: number;
  owner: number;
  index: number;
  /** [person, clue index] of the clues that took somebody out of `eligible`. */
  excluding: Array<[number, number]>;
}

/** Every need for company the clues state (the victim's, withAnother's, both sides of sameRoomAs and onlyWith). */
export function companyNeeds(s: ProverState): Need[] {
  const needs: Need[] = [];
  const all = (1 << s.n) - 1;
  const add = (person: number, eligible: number, owner: number, index: number) => needs.push({ person, eligible, owner, index, excluding: [] });
  for (const clue of s.clues) {
    const p = clue.person;
    switch (clue.kind) {
      case 'victim': add(p, all & ~(1 << p), p, clue.index); break;
      case 'withAnother': {
        let eligible = 0;
        for (let q = 0; q < s.n; q++) if (q !== p && s.board.female[q] === clue.female) eligible |= 1 << q;
        add(p, eligible, p, clue.index);
        break;
      }
      case 'sameRoomAs':
      case 'onlyWith':
        if (clue.other < 0) break;
        add(p, 1 << clue.other, p, clue.index);
        add(clue.other, 1 << p, p, clue.index);
        break;
      default: break;
    }
  }
  for (const need of needs) {
    const x = need.person;
    for (const clue of s.clues) {
      let out = 0;
      if (clue.kind === 'alone') out = 1 << clue.person;
      else if (clue.kind === 'notSameRoomAs' && clue.other >= 0) out = clue.person === x ? 1 << clue.other : clue.other === x ? 1 << clue.person : 0;
      else if (clue.kind === 'onlyWith' && clue.other >= 0) out = (clue.other !== x ? 1 << clue.person : 0) | (clue.person !== x ? 1 << clue.other : 0);
      out &= need.eligible;
      if (out === 0) continue;
      need.eligible &= ~out;
      need.excluding.push([clue.person, clue.index]);
    }
  }
  return needs;
}

/** The cells of the people in `members` (bit q) in room `room`, outside the row and column of `cell`, into out[0..2]. */
function openAround(s: ProverState, members: number, room: number, cell: number, out: Uint32Array): void {
  const rooms = s.board.rooms, sees = s.board.sees;
  out[0] = out[1] = out[2] = 0;
  for (let q = 0; q < s.n; q++) {
    if (!(members & (1 << q))) continue;
    for (let w = 0; w < WORDS; w++) out[w]! |= s.cand[3 * q + w]! & rooms[3 * room + w]! & ~sees[3 * cell + w]!;
  }
}

/** p's cells in `room`. */
function cellsIn(s: ProverState, p: number, room: number): number[] {
  const set = s.scratch;
  for (let w = 0; w < WORDS; w++) set[3 + w] = s.cand[3 * p + w]! & s.board.rooms[3 * room + w]!;
  return cellList(set, 3);
}

/** Remove `cells` from p (they are p's candidates). */
function removeCells(s: ProverState, p: number, cells: number[]): void {
  const set = new Uint32Array(WORDS);
  for (const cell of cells) set[(cell / 27) | 0]! |= 1 << cell % 27;
  s.remove(p, set, 0);
}

export const roomCompany: Rule = {
  id: 'room-company',
  tier: 3,
  cost: 125,
  apply(s) {
    const open = s.scratch;
    for (const need of companyNeeds(s)) {
      const p = need.person;
      for (let room = 0; room < s.board.roomCount; room++) {
        if (!s.reaches(p, room)) continue;
        const gone: number[] = [];
        for (const cell of cellsIn(s, p, room)) {
          openAround(s, need.eligible, room, cell, open);
          if ((open[0]! | open[1]! | open[2]!) === 0) gone.push(cell);
        }
        if (gone.length === 0) continue;
        s.snapshot();
        removeCells(s, p, gone);
        if (s.recording) {
          const eligible: number[] = [];
          for (let q = 0; q < s.n; q++) if (need.eligible & (1 << q) && s.reaches(q, room)) eligible.push(q);
          s.record('room-company', 3, { people: [p], clues: [[need.owner, need.index], ...need.excluding], rooms: [room] }, roomCompanyText, p, need.owner, need.index, room, gone, eligible);
        }
        return PROGRESS;
      }
    }
    return NONE;
  },
};

export const roomDemand: Rule = {
  id: 'room-demand',
  tier: 3,
  cost: 145,
  apply(s) {
    const needs = companyNeeds(s);
    const open = s.scratch;
    for (let p = 0; p < s.n; p++) {
      if (s.isDone(p)) continue;
      for (let room = 0; room < s.board.roomCount; room++) {
        if (!s.reaches(p, room)) continue;
        let inside = 0;
        for (let q = 0; q < s.n; q++) if (q !== p && s.confinedTo(q, room) && s.count(q) > 0) inside |= 1 << q;
        // Without a clue: the people certainly there; with each company clue of p: one more unless one of them is eligible.
        for (let option = -1; option < needs.length; option++) {
          const need = option >= 0 ? needs[option]! : null;
          if (need && need.person !== p) continue;
          const companion = need && (need.eligible & inside) === 0 ? 1 : 0;
          const members = inside | (companion ? need!.eligible : 0);
          const k = popcount(inside) + companion;
          if (k < 2) continue;
          const gone: number[] = [];
          for (const cell of cellsIn(s, p, room)) {
            openAround(s, members, room, cell, open);
            if (popcount(rowsOf(open, 0)) < k || popcount(columnsOf(open, 0)) < k) gone.push(cell);
          }
          if (gone.length === 0) continue;
          s.snapshot();
          removeCells(s, p, gone);
          if (s.recording) {
            const who: number[] = [];
            for (let q = 0; q < s.n; q++) if (inside & (1 << q)) who.push(q);
            const clue = need ? ([need.owner, need.index] as const) : null;
            const premises = { people: [p, ...who], clues: need ? [[need.owner, need.index] as [number, number], ...need.excluding] : [], rooms: [room] };
            s.record('room-demand', 3, premises, roomDemandText, p, room, gone, who, clue, k);
          }
          return PROGRESS;
        }
      }
    }
    return NONE;
  },
};
