/**
 * Rules for the clues about another person and the exclusive object (issue 26), each reasoning
 * only from what is certain:
 *   only-on-object  (tier 1)  "the only one on X": nobody else stands on a cell holding X
 *   person-order    (tier 2)  p above q: p's row lies above q's lowest possible row, q's below p's
 *                             highest possible row (columns for left of / right of)
 *   same-room       (tier 2)  sameRoomAs / onlyWith: each of the two only in rooms the other can reach
 *   not-same-room   (tier 2)  one of the two certainly in a room: the other is not there
 *   only-with       (tier 2)  one of the pair certainly in a room: it closes to everyone else;
 *                             a third person certainly in a room: neither of the pair is there
 */
import { highestBit, lowestBit } from '../../core/bits.ts';
import { columnsOf, countCells, rowsOf, WORDS } from '../cells.ts';
import type { CompiledClue } from './board.ts';
import type { Rule } from './rules-singles.ts';
import { HAS_NOT_SAME_ROOM, HAS_ONLY_ON_OBJECT, HAS_ONLY_WITH, HAS_ORDER, HAS_SAME_ROOM, NONE, PROGRESS, type ProverState } from './state.ts';
import { notSameRoomText, onlyOnObjectText, onlyWithClosedText, onlyWithCrowdText, personOrderText, sameRoomText } from './texts.ts';

/** "the only one on X": everyone else leaves the cells holding X. */
export const onlyOnObject: Rule = {
  id: 'only-on-object',
  tier: 1,
  cost: 4,
  apply(s) {
    if (!(s.kinds & HAS_ONLY_ON_OBJECT)) return NONE;
    const objects = s.board.objects;
    for (const clue of s.clues) {
      if (clue.kind !== 'onlyOnObject' || clue.object < 0) continue;
      s.snapshot();
      let changed = false, removed = 0;
      for (let q = 0; q < s.n; q++) {
        if (q === clue.person) continue;
        const before = s.recording ? s.count(q) : 0;
        if (s.remove(q, objects, 3 * clue.object)) {
          changed = true;
          if (s.recording) removed += before - s.count(q);
        }
      }
      if (!changed) continue;
      if (s.recording) s.record('only-on-object', 1, { people: [clue.person], clues: [[clue.person, clue.index]] }, onlyOnObjectText, clue.person, clue.index, removed);
      return PROGRESS;
    }
    return NONE;
  },
};

/** For an order clue: [the person before, the person after, axis 0 rows / 1 columns], or null. */
function orderOf(clue: CompiledClue): [lo: number, hi: number, axis: 0 | 1] | null {
  switch (clue.kind) {
    case 'above': return [clue.person, clue.other, 0];
    case 'below': return [clue.other, clue.person, 0];
    case 'leftOf': return [clue.person, clue.other, 1];
    case 'rightOf': return [clue.other, clue.person, 1];
    default: return null;
  }
}

/** "p above q" (left of, …): bounds from the other's extreme lines. */
export const personOrder: Rule = {
  id: 'person-order',
  tier: 2,
  cost: 50,
  apply(s) {
    if (!(s.kinds & HAS_ORDER)) return NONE;
    for (const clue of s.clues) {
      const order = orderOf(clue);
      if (!order || order[1] < 0) continue;
      const [lo, hi, axis] = order;
      const sets = axis === 0 ? s.board.rows : s.board.columns;
      const linesOf = axis === 0 ? rowsOf : columnsOf;
      const loLines = linesOf(s.cand, 3 * lo), hiLines = linesOf(s.cand, 3 * hi);
      if (loLines === 0 || hiLines === 0) continue; // an empty person: naked-single reports the contradiction
      const hiLast = highestBit(hiLines), loFirst = lowestBit(loLines);
      s.snapshot();
      let a = false, b = false;
      for (let line = hiLast; line < s.board.n; line++) if (loLines & (1 << line) && s.remove(lo, sets, 3 * line)) a = true;
      for (let line = 0; line <= loFirst; line++) if (hiLines & (1 << line) && s.remove(hi, sets, 3 * line)) b = true;
      if (!a && !b) continue;
      if (s.recording) {
        const premises = { people: [lo, hi], clues: [[clue.person, clue.index]] as Array<[number, number]> };
        s.record('person-order', 2, premises, personOrderText, clue.person, clue.index, axis === 0 ? 'row' : 'column', lo, hi, a ? hiLast : -1, b ? loFirst : -1);
      }
      return PROGRESS;
    }
    return NONE;
  },
};

/** Keep for p only the rooms q can still reach; true if anything went. */
function keepRoomsOf(s: ProverState, p: number, q: number): boolean {
  const reach = s.scratch;
  reach[0] = reach[1] = reach[2] = 0;
  for (let room = 0; room < s.board.roomCount; room++) {
    if (!s.reaches(q, room)) continue;
    for (let w = 0; w < WORDS; w++) reach[w]! |= s.board.rooms[3 * room + w]!;
  }
  return s.restrict(p, reach, 0);
}

/** sameRoomAs and onlyWith: the two share a room, so each stays in rooms the other can reach. */
export const sameRoom: Rule = {
  id: 'same-room',
  tier: 2,
  cost: 50,
  apply(s) {
    if (!(s.kinds & HAS_SAME_ROOM)) return NONE;
    for (const clue of s.clues) {
      if ((clue.kind !== 'sameRoomAs' && clue.kind !== 'onlyWith') || clue.other < 0) continue;
      const p = clue.person, q = clue.other;
      if (countCells(s.cand, 3 * p) === 0 || countCells(s.cand, 3 * q) === 0) continue;
      s.snapshot();
      const a = keepRoomsOf(s, p, q);
      const b = keepRoomsOf(s, q, p);
      if (!a && !b) continue;
      if (s.recording) s.record('same-room', 2, { people: [p, q], clues: [[p, clue.index]] }, sameRoomText, p, clue.index, p, q);
      return PROGRESS;
    }
    return NONE;
  },
};

/** notSameRoomAs: one of the two certainly in a room closes it to the other. */
export const notSameRoom: Rule = {
  id: 'not-same-room',
  tier: 2,
  cost: 50,
  apply(s) {
    if (!(s.kinds & HAS_NOT_SAME_ROOM)) return NONE;
    for (const clue of s.clues) {
      if (clue.kind !== 'notSameRoomAs' || clue.other < 0) continue;
      for (let side = 0; side < 2; side++) {
        const keeper = side === 0 ? clue.person : clue.other, other = side === 0 ? clue.other : clue.person;
        const room = s.confinedRoom(keeper);
        if (room < 0 || !s.reaches(other, room)) continue;
        s.snapshot();
        s.remove(other, s.board.rooms, 3 * room);
        if (s.recording) s.record('not-same-room', 2, { people: [keeper, other], clues: [[clue.person, clue.index]], rooms: [room] }, notSameRoomText, clue.person, clue.index, keeper, other, room);
        return PROGRESS;
      }
    }
    return NONE;
  },
};

/** onlyWith: the room of the two holds nobody else. */
export const onlyWith: Rule = {
  id: 'only-with',
  tier: 2,
  cost: 60,
  apply(s) {
    if (!(s.kinds & HAS_ONLY_WITH)) return NONE;
    const rooms = s.board.rooms;
    for (const clue of s.clues) {
      if (clue.kind !== 'onlyWith' || clue.other < 0) continue;
      const p = clue.person, q = clue.other;
      for (let side = 0; side < 2; side++) {
        const keeper = side === 0 ? p : q;
        const room = s.confinedRoom(keeper);
        if (room < 0) continue;
        s.snapshot();
        let changed = false;
        for (let t = 0; t < s.n; t++) if (t !== p && t !== q && s.remove(t, rooms, 3 * room)) changed = true;
        if (!changed) continue;
        if (s.recording) s.record('only-with', 2, { people: [keeper], clues: [[p, clue.index]], rooms: [room] }, onlyWithClosedText, p, clue.index, keeper, room);
        return PROGRESS;
      }
      for (let t = 0; t < s.n; t++) {
        if (t === p || t === q) continue;
        const room = s.confinedRoom(t);
        if (room < 0 || (!s.reaches(p, room) && !s.reaches(q, room))) continue;
        s.snapshot();
        s.remove(p, rooms, 3 * room);
        s.remove(q, rooms, 3 * room);
        if (s.recording) s.record('only-with', 2, { people: [t], clues: [[p, clue.index]], rooms: [room] }, onlyWithCrowdText, p, clue.index, t, room);
        return PROGRESS;
      }
    }
    return NONE;
  },
};
