/**
 * Tier 2 (medium): a person confined to one row or column claims it, and the clues about other
 * people in a room (the victim's room, withAnother, alone) are used as counting arguments. Each
 * rule reasons only from what is certain ("confined to a room", "cannot reach a room").
 */
import { isSingleBit, lowestBit } from '../../core/bits.ts';
import { columnsOf, rowsOf } from '../cells.ts';
import { CONTRADICTION, NONE, PROGRESS, type ProverState } from './state.ts';
import type { Rule } from './rules-singles.ts';
import {
  aloneClaimText,
  aloneExcludedText,
  claimingText,
  victimClosedText,
  victimCrowdText,
  victimMurdererText,
  victimNobodyText,
  withAnotherOnlyText,
  withAnotherTakenText,
} from './texts.ts';

/** A person whose cells all lie in one row (column) takes it from everyone else. */
export const claiming: Rule = {
  id: 'claiming',
  tier: 2,
  cost: 50,
  apply(s) {
    for (let axis = 0; axis < 2; axis++) {
      const sets = axis === 0 ? s.board.rows : s.board.columns;
      for (let p = 0; p < s.n; p++) {
        if (s.isDone(p)) continue;
        const lines = axis === 0 ? rowsOf(s.cand, 3 * p) : columnsOf(s.cand, 3 * p);
        if (!isSingleBit(lines)) continue;
        const line = lowestBit(lines);
        s.snapshot();
        let changed = false;
        for (let q = 0; q < s.n; q++) if (q !== p && s.remove(q, sets, 3 * line)) changed = true;
        if (!changed) continue;
        if (s.recording) {
          const kind = axis === 0 ? 'row' : 'column';
          s.record('claiming', 2, axis === 0 ? { people: [p], rows: [line] } : { people: [p], columns: [line] }, claimingText, p, kind, line);
        }
        return PROGRESS;
      }
    }
    return NONE;
  },
};

/** The victim's room holds the victim and exactly one other person (the murderer). */
export const victimRoom: Rule = {
  id: 'victim-room',
  tier: 2,
  cost: 60,
  apply(s) {
    const v = s.board.victim;
    const rooms = s.board.rooms;
    for (let room = 0; room < s.board.roomCount; room++) {
      if (!s.reaches(v, room)) continue;
      let reach = 0, confined = 0, first = -1, second = -1;
      for (let q = 0; q < s.n; q++) {
        if (q === v || !s.reaches(q, room)) continue;
        reach++;
        if (s.confinedTo(q, room)) {
          confined++;
          if (first < 0) first = q;
          else if (second < 0) second = q;
        }
      }
      if (reach > 0 && confined < 2) continue;
      s.snapshot();
      s.remove(v, rooms, 3 * room);
      if (!s.recording) return PROGRESS;
      if (reach === 0) s.record('victim-room', 2, { people: [v], rooms: [room] }, victimNobodyText, v, room);
      else s.record('victim-room', 2, { people: [v, first, second], rooms: [room] }, victimCrowdText, v, room, first, second);
      return PROGRESS;
    }
    const room = s.confinedRoom(v);
    if (room < 0) return NONE;
    const outcome = exactlyOneIn(s, room, ((1 << s.n) - 1) & ~(1 << v));
    if (outcome === CLOSED) {
      if (s.recording) s.record('victim-room', 2, { people: [v, s.pivot], rooms: [room] }, victimClosedText, v, room, s.pivot);
      return PROGRESS;
    }
    if (outcome === JOINED) {
      if (s.recording) s.record('victim-room', 2, { people: [v, s.pivot], rooms: [room] }, victimMurdererText, v, room, s.pivot);
      return PROGRESS;
    }
    return outcome === CONTRADICTION ? CONTRADICTION : NONE;
  },
};

const CLOSED = 2;
const JOINED = 3;
type RoomOutcome = typeof NONE | typeof CONTRADICTION | typeof CLOSED | typeof JOINED;

/**
 * "Exactly one of the people in `eligible` (bit p) is in `room`": with one of them certainly
 * there, the room closes to the others (CLOSED); with only one able to get there, that one is
 * there (JOINED). `s.pivot` is then that person. None able, or two certain: a contradiction.
 * The victim's room (the murderer) and "with another man/woman" are both this argument.
 */
function exactlyOneIn(s: ProverState, room: number, eligible: number): RoomOutcome {
  let reach = 0, confined = 0, reacher = -1, keeper = -1;
  for (let q = 0; q < s.n; q++) {
    if (!(eligible & (1 << q)) || !s.reaches(q, room)) continue;
    reach++;
    reacher = q;
    if (s.confinedTo(q, room)) {
      confined++;
      keeper = q;
    }
  }
  if (reach === 0 || confined > 1) return CONTRADICTION;
  if (confined === 1) {
    s.snapshot();
    let changed = false;
    for (let q = 0; q < s.n; q++) if (q !== keeper && eligible & (1 << q) && s.remove(q, s.board.rooms, 3 * room)) changed = true;
    if (!changed) return NONE;
    s.pivot = keeper;
    return CLOSED;
  }
  if (reach === 1) {
    s.snapshot();
    s.restrict(reacher, s.board.rooms, 3 * room);
    s.pivot = reacher;
    return JOINED;
  }
  return NONE;
}

/** "with another man in R": exactly one man besides the speaker is in R. */
export const withAnother: Rule = {
  id: 'with-another',
  tier: 2,
  cost: 60,
  apply(s) {
    for (const clue of s.clues) {
      if (clue.kind !== 'withAnother') continue;
      const p = clue.person, room = clue.room;
      let eligible = 0;
      for (let q = 0; q < s.n; q++) if (q !== p && s.board.female[q] === clue.female) eligible |= 1 << q;
      const outcome = exactlyOneIn(s, room, eligible);
      if (outcome === NONE) continue;
      if (outcome === CONTRADICTION) return CONTRADICTION;
      if (s.recording) {
        const gender = clue.female ? 'f' : 'm';
        const text = outcome === CLOSED ? withAnotherTakenText : withAnotherOnlyText;
        s.record('with-another', 2, { people: [p, s.pivot], clues: [[p, clue.index]], rooms: [room] }, text, p, room, gender, s.pivot);
      }
      return PROGRESS;
    }
    return NONE;
  },
};

/** "alone in the room": nobody else shares the speaker's room. */
export const alone: Rule = {
  id: 'alone',
  tier: 2,
  cost: 50,
  apply(s) {
    const rooms = s.board.rooms;
    for (const clue of s.clues) {
      if (clue.kind !== 'alone') continue;
      const p = clue.person;
      for (let room = 0; room < s.board.roomCount; room++) {
        if (!s.reaches(p, room)) continue;
        for (let q = 0; q < s.n; q++) {
          if (q === p || !s.confinedTo(q, room)) continue;
          s.snapshot();
          s.remove(p, rooms, 3 * room);
          if (s.recording) s.record('alone', 2, { people: [p, q], clues: [[p, clue.index]], rooms: [room] }, aloneExcludedText, p, room, q);
          return PROGRESS;
        }
      }
      const room = s.confinedRoom(p);
      if (room < 0) continue;
      s.snapshot();
      let changed = false;
      for (let q = 0; q < s.n; q++) if (q !== p && s.remove(q, rooms, 3 * room)) changed = true;
      if (!changed) continue;
      if (s.recording) s.record('alone', 2, { people: [p], clues: [[p, clue.index]], rooms: [room] }, aloneClaimText, p, room);
      return PROGRESS;
    }
    return NONE;
  },
};
