/**
 * Counting arguments for the case facts (issue 26), from what is certain only:
 *   object-count  (tier 2)  "exactly / at most n people stand on X": n people certainly on X cells
 *                           reach the count, so everyone else leaves them; exactly n and only n can
 *                           reach an X cell, so those n stand on one
 *   empty-rooms   (tier 3)  "exactly n rooms are empty": as many rooms certainly occupied as may be
 *                           occupied close the rest; n rooms nobody can reach are all the empty ones,
 *                           so every other room is occupied, and a room only one person reaches is theirs
 * Tiers (README "The rule ladder"): the object count is one set of cells against one number, like
 * claiming or the victim's room (tier 2); the empty rooms need a tally over every room of the plan
 * at once (which are certainly empty, which certainly occupied), a whole-board set argument (tier 3).
 */
import { countCells, intersects, isSubset } from '../cells.ts';
import type { Rule } from './rules-singles.ts';
import { CONTRADICTION, NONE, PROGRESS, type ProverState } from './state.ts';
import { emptyRoomsClosedText, emptyRoomsNeededText, objectCountText } from './texts.ts';

function peopleOf(mask: number, n: number): number[] {
  const out: number[] = [];
  for (let p = 0; p < n; p++) if (mask & (1 << p)) out.push(p);
  return out;
}

export const objectCount: Rule = {
  id: 'object-count',
  tier: 2,
  cost: 60,
  apply(s) {
    const facts = s.board.facts;
    if (facts.length === 0) return NONE;
    const objects = s.board.objects;
    for (const fact of facts) {
      if (fact.kind !== 'peopleOnObject' || fact.object < 0) continue;
      const o = 3 * fact.object;
      let confined = 0, reach = 0, nConfined = 0, nReach = 0;
      for (let q = 0; q < s.n; q++) {
        if (countCells(s.cand, 3 * q) === 0) return CONTRADICTION;
        if (!intersects(s.cand, 3 * q, objects, o)) continue;
        reach |= 1 << q;
        nReach++;
        if (isSubset(s.cand, 3 * q, objects, o)) {
          confined |= 1 << q;
          nConfined++;
        }
      }
      if (nConfined > fact.count) return CONTRADICTION;
      if (nConfined === fact.count) {
        s.snapshot();
        let changed = false;
        for (let q = 0; q < s.n; q++) if (!(confined & (1 << q)) && s.remove(q, objects, o)) changed = true;
        if (changed) {
          if (s.recording) {
            const who = peopleOf(confined, s.n);
            s.record('object-count', 2, { people: who }, objectCountText, fact.index, who, true);
          }
          return PROGRESS;
        }
      }
      if (!fact.exactly) continue;
      if (nReach < fact.count) return CONTRADICTION;
      if (nReach === fact.count) {
        s.snapshot();
        let changed = false;
        for (let q = 0; q < s.n; q++) if (reach & (1 << q) && s.restrict(q, objects, o)) changed = true;
        if (changed) {
          if (s.recording) {
            const who = peopleOf(reach, s.n);
            s.record('object-count', 2, { people: who }, objectCountText, fact.index, who, false);
          }
          return PROGRESS;
        }
      }
    }
    return NONE;
  },
};

export const emptyRooms: Rule = {
  id: 'empty-rooms',
  tier: 3,
  cost: 120,
  apply(s) {
    const facts = s.board.facts;
    if (facts.length === 0) return NONE;
    for (const fact of facts) {
      if (fact.kind !== 'emptyRooms') continue;
      const outcome = emptyRoomsFact(s, fact.index, fact.count);
      if (outcome !== NONE) return outcome;
    }
    return NONE;
  },
};

function emptyRoomsFact(s: ProverState, index: number, count: number): typeof NONE | typeof PROGRESS | typeof CONTRADICTION {
  const roomCount = s.board.roomCount, rooms = s.board.rooms;
  // Rooms certainly occupied (someone confined there) and certainly empty (nobody reaches them).
  // a list, not a bit mask: a case may have more than 32 rooms, and at most n are occupied
  const occupied: number[] = [];
  let nUnreachable = 0;
  for (let q = 0; q < s.n; q++) {
    const room = s.confinedRoom(q);
    if (room >= 0 && !occupied.includes(room)) occupied.push(room);
  }
  const nOccupied = occupied.length;
  for (let room = 0; room < roomCount; room++) {
    let reached = false;
    for (let q = 0; q < s.n && !reached; q++) reached = s.reaches(q, room);
    if (!reached) nUnreachable++;
  }
  if (nUnreachable > count || nOccupied > roomCount - count) return CONTRADICTION;
  if (nOccupied === roomCount - count) {
    s.snapshot();
    let changed = false;
    for (let room = 0; room < roomCount; room++) {
      if (occupied.includes(room)) continue;
      for (let q = 0; q < s.n; q++) if (s.remove(q, rooms, 3 * room)) changed = true;
    }
    if (changed) {
      if (s.recording) {
        const kept: number[] = [];
        const people: number[] = [];
        for (let room = 0; room < roomCount; room++) if (occupied.includes(room)) kept.push(room);
        for (let q = 0; q < s.n; q++) if (s.confinedRoom(q) >= 0) people.push(q);
        s.record('empty-rooms', 3, { people, rooms: kept }, emptyRoomsClosedText, index, kept);
      }
      return PROGRESS;
    }
  }
  if (nUnreachable === count) {
    for (let room = 0; room < roomCount; room++) {
      const p = reacherAlone(s, room);
      if (p < 0 || s.confinedTo(p, room)) continue;
      s.snapshot();
      s.restrict(p, rooms, 3 * room);
      if (s.recording) s.record('empty-rooms', 3, { people: [p], rooms: [room] }, emptyRoomsNeededText, index, room, p);
      return PROGRESS;
    }
  }
  return NONE;
}

/** The only person who can reach the room, or −1 (none, or several). */
function reacherAlone(s: ProverState, room: number): number {
  let who = -1;
  for (let q = 0; q < s.n; q++) {
    if (!s.reaches(q, room)) continue;
    if (who >= 0) return -1;
    who = q;
  }
  return who;
}
