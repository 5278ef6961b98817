/**
 * The exhaustive solution counter: the proof that a case has exactly one solution. It shares no
 * code with the prover: it judges clues with the plain semantics of truth.ts, places people one at
 * a time (the person with the fewest open cells first), prunes only on what placing more people can
 * never repair (a room already too full for a victim, alone, withAnother or onlyWith clue; a clue
 * about two people false once both stand; somebody else already on an "only one" object; more
 * people on an object than a case fact allows, or fewer rooms left empty than it says), and checks
 * every complete placement against every clue and fact. `limit: 2` is the uniqueness proof.
 */
import { columnOf, rowOf } from './cells.ts';
import { hasObject, isStandable, objectCode, personIndexOf, type CaseModel } from './model.ts';
import { clueHolds, holdsAt, isSolution, STRICT, type Reading } from './truth.ts';

export interface CountOptions {
  /** Stop after this many solutions (default 2: enough to tell unique from not). */
  limit?: number;
  reading?: Reading;
  /** Give up after this many search nodes (the result is then `complete: false`). */
  maxNodes?: number;
}

export interface CountResult {
  /** Solutions found, at most `limit`. */
  count: number;
  /** The first solutions found: per person, their cell (`r·9 + c`). */
  solutions: Int8Array[];
  nodes: number;
  /** False when the node budget ran out before the search finished. */
  complete: boolean;
}

export function countSolutions(model: CaseModel, options: CountOptions = {}): CountResult {
  const limit = options.limit ?? 2;
  const reading = options.reading ?? STRICT;
  const maxNodes = options.maxNodes ?? Infinity;
  const n = model.people.length;

  // The cells each person's own clues allow, judged cell by cell.
  const allowed: number[][] = model.people.map((person) => {
    const cells: number[] = [];
    for (let r = 0; r < model.size; r++) {
      for (let c = 0; c < model.size; c++) {
        const cell = r * 9 + c;
        if (isStandable(model, cell) && person.clues.every((fact) => holdsAt(model, fact, cell, reading))) cells.push(cell);
      }
    }
    return cells;
  });

  const cells = new Int8Array(n).fill(-1);
  const solutions: Int8Array[] = [];
  let usedRows = 0, usedColumns = 0, placed = 0, nodes = 0, stopped = false;

  const open = (p: number): number => {
    let k = 0;
    for (const cell of allowed[p]!) if (!(usedRows & (1 << rowOf(cell))) && !(usedColumns & (1 << columnOf(cell)))) k++;
    return k;
  };

  const search = (): void => {
    if (solutions.length >= limit || stopped) return;
    if (++nodes > maxNodes) {
      stopped = true;
      return;
    }
    if (placed === n) {
      if (isSolution(model, cells, reading)) solutions.push(cells.slice());
      return;
    }
    let best = -1, bestOpen = Infinity;
    for (let p = 0; p < n; p++) {
      if (cells[p] !== -1) continue;
      const k = open(p);
      if (k < bestOpen) {
        best = p;
        bestOpen = k;
        if (k === 0) return;
      }
    }
    for (const cell of allowed[best]!) {
      const rowBit = 1 << rowOf(cell), columnBit = 1 << columnOf(cell);
      if (usedRows & rowBit || usedColumns & columnBit) continue;
      cells[best] = cell;
      usedRows |= rowBit;
      usedColumns |= columnBit;
      placed++;
      if (!overfull(model, cells, reading)) search();
      placed--;
      usedRows &= ~rowBit;
      usedColumns &= ~columnBit;
      cells[best] = -1;
      if (solutions.length >= limit || stopped) return;
    }
  };
  search();
  return { count: solutions.length, solutions, nodes, complete: !stopped };
}

/**
 * A placed person's clue is already broken in a way more placements cannot repair (they only add
 * people to rooms and to objects), or a case fact is. Sound pruning: every full placement below a
 * dead branch fails isSolution too.
 */
function overfull(model: CaseModel, cells: Int8Array, reading: Reading): boolean {
  const n = model.people.length;
  for (let p = 0; p < n; p++) {
    if (cells[p] === -1) continue;
    const room = model.roomOf[cells[p]!];
    for (const fact of model.people[p]!.clues) {
      switch (fact.kind) {
        case 'victim':
        case 'alone':
        case 'withAnother':
        case 'onlyWith': {
          let k = 0;
          for (let q = 0; q < n; q++) {
            if (q === p || cells[q] === -1 || model.roomOf[cells[q]!] !== room) continue;
            if (fact.kind === 'victim' || fact.kind === 'onlyWith') k++;
            else if (fact.kind === 'alone') k += reading.aloneCountsVictim || q !== model.victim ? 1 : 0;
            else if (model.people[q]!.gender === fact.gender && (reading.withAnotherCountsVictim || q !== model.victim)) k++;
          }
          if (k > (fact.kind === 'alone' ? 0 : 1)) return true;
          if (fact.kind === 'onlyWith') {
            const q = personIndexOf(model, fact.person);
            if (cells[q] !== -1 && model.roomOf[cells[q]!] !== room) return true;
          }
          break;
        }
        case 'sameRoomAs':
        case 'notSameRoomAs':
        case 'above':
        case 'below':
        case 'leftOf':
        case 'rightOf':
          // These read only the two people's cells (truth.ts clueHolds).
          if (cells[personIndexOf(model, fact.person)] !== -1 && !clueHolds(model, cells, p, fact, reading)) return true;
          break;
        case 'onlyOnObject': {
          const code = objectCode(model, fact.object);
          for (let q = 0; q < n; q++) if (q !== p && cells[q] !== -1 && hasObject(model, cells[q]!, code)) return true;
          break;
        }
        default: break;
      }
    }
  }
  for (const fact of model.facts) {
    if (fact.kind === 'peopleOnObject') {
      const code = objectCode(model, fact.object);
      let k = 0;
      for (let q = 0; q < n; q++) if (cells[q] !== -1 && hasObject(model, cells[q]!, code)) k++;
      if (k > fact.count) return true;
    } else {
      // a list, not a bit mask: a case may have more than 32 rooms, and at most n are occupied
      const occupied: number[] = [];
      for (let q = 0; q < n; q++) if (cells[q] !== -1 && !occupied.includes(model.roomOf[cells[q]!]!)) occupied.push(model.roomOf[cells[q]!]!);
      if (model.roomIds.length - occupied.length < fact.count) return true;
    }
  }
  return false;
}
