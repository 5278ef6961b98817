/**
 * What a clue means, written as plainly as docs/RULES.md says it, one cell at a time. This is the
 * reference semantics: the counter and the generator judge clues with it; the prover compiles its
 * own bit masks independently, and tests hold the two against each other.
 *
 * A `Reading` selects how the ambiguous words are understood. `STRICT` is the sheet's meaning;
 * the misreadings are what players get wrong (beside counting diagonals or walls, the corner of the
 * board instead of the room, the victim not counting as company). A robust case has the same
 * single solution under each of them.
 */
import { OBJECT_CODE } from './catalogue/objects.ts';
import { cellAt, columnOf, rowOf } from './cells.ts';
import { isStandable, roomIndexOf, type CaseModel } from './model.ts';
import type { ClueFact, ClueKind, Robustness } from './schema.ts';

export interface Reading {
  /** "beside": orthogonal neighbours in the own room (sheet), or also diagonals, or also through walls. */
  beside: 'room' | 'diagonal' | 'wall';
  /** "in a corner of the room" (sheet) or of the whole board. */
  corner: 'room' | 'board';
  /** Does the victim count as somebody else for "alone" (sheet: yes)? */
  aloneCountsVictim: boolean;
  /** Does the victim count as a man or woman for "with another …" (sheet: yes)? */
  withAnotherCountsVictim: boolean;
}

export const STRICT: Reading = { beside: 'room', corner: 'room', aloneCountsVictim: true, withAnotherCountsVictim: true };

export type MisreadingKey = Exclude<keyof Robustness, 'robust'>;

/** Each misreading, and the clue kinds whose meaning it changes. */
export const MISREADINGS: ReadonlyArray<{ key: MisreadingKey; reading: Reading; kinds: readonly ClueKind[] }> = [
  { key: 'besideDiagonal', reading: { ...STRICT, beside: 'diagonal' }, kinds: ['besideObject', 'notBesideObject'] },
  { key: 'besideThroughWall', reading: { ...STRICT, beside: 'wall' }, kinds: ['besideObject', 'notBesideObject'] },
  { key: 'cornerOfBoard', reading: { ...STRICT, corner: 'board' }, kinds: ['roomCorner', 'notRoomCorner'] },
  { key: 'aloneIgnoresVictim', reading: { ...STRICT, aloneCountsVictim: false }, kinds: ['alone'] },
  { key: 'withAnotherIgnoresVictim', reading: { ...STRICT, withAnotherCountsVictim: false }, kinds: ['withAnother'] },
];

const ORTHOGONAL = [[-1, 0], [1, 0], [0, -1], [0, 1]] as const;
const WITH_DIAGONALS = [...ORTHOGONAL, [-1, -1], [-1, 1], [1, -1], [1, 1]] as const;

/** Some neighbour of `cell` that counts as "beside" holds the object. */
function isBeside(model: CaseModel, cell: number, objectCode: number, reading: Reading): boolean {
  const r = rowOf(cell), c = columnOf(cell), n = model.size;
  for (const [dr, dc] of reading.beside === 'diagonal' ? WITH_DIAGONALS : ORTHOGONAL) {
    const rr = r + dr, cc = c + dc;
    if (rr < 0 || cc < 0 || rr >= n || cc >= n) continue;
    const next = cellAt(rr, cc);
    if (reading.beside !== 'wall' && model.roomOf[next] !== model.roomOf[cell]) continue;
    if (model.objectAt[next] === objectCode) return true;
  }
  return false;
}

/** A wall on the given side: the board edge or a cell of another room. */
function wallAt(model: CaseModel, cell: number, dr: number, dc: number): boolean {
  const rr = rowOf(cell) + dr, cc = columnOf(cell) + dc;
  if (rr < 0 || cc < 0 || rr >= model.size || cc >= model.size) return true;
  return model.roomOf[cellAt(rr, cc)] !== model.roomOf[cell];
}

/** A wall left or right, and a wall above or below (docs/RULES.md); or a board corner when misread. */
export function isCorner(model: CaseModel, cell: number, reading: Reading): boolean {
  if (reading.corner === 'board') {
    const last = model.size - 1;
    return (rowOf(cell) === 0 || rowOf(cell) === last) && (columnOf(cell) === 0 || columnOf(cell) === last);
  }
  return (wallAt(model, cell, 0, -1) || wallAt(model, cell, 0, 1)) && (wallAt(model, cell, -1, 0) || wallAt(model, cell, 1, 0));
}

/**
 * The part of a clue that concerns the person's own cell alone. For the clues about other people
 * (victim, alone) it is always true; for withAnother it is "in that room".
 */
export function holdsAt(model: CaseModel, fact: ClueFact, cell: number, reading: Reading = STRICT): boolean {
  switch (fact.kind) {
    case 'row': return rowOf(cell) === fact.row;
    case 'column': return columnOf(cell) === fact.column;
    case 'inRoom':
    case 'withAnother': return model.roomOf[cell] === roomIndexOf(model, fact.room);
    case 'notInRoom': return model.roomOf[cell] !== roomIndexOf(model, fact.room);
    case 'onObject': return model.objectAt[cell] === OBJECT_CODE[fact.object];
    case 'notOnObject': return model.objectAt[cell] !== OBJECT_CODE[fact.object];
    case 'besideObject': return isBeside(model, cell, OBJECT_CODE[fact.object], reading);
    case 'notBesideObject': return !isBeside(model, cell, OBJECT_CODE[fact.object], reading);
    case 'roomCorner': return isCorner(model, cell, reading);
    case 'notRoomCorner': return !isCorner(model, cell, reading);
    case 'victim':
    case 'alone': return true;
  }
}

/** Whether person p's clue holds when everyone stands at `cells` (one cell per person). */
export function clueHolds(model: CaseModel, cells: ArrayLike<number>, p: number, fact: ClueFact, reading: Reading = STRICT): boolean {
  const cell = cells[p]!;
  if (!holdsAt(model, fact, cell, reading)) return false;
  const room = model.roomOf[cell];
  const others = (count: (q: number) => boolean) => {
    let k = 0;
    for (let q = 0; q < model.people.length; q++) if (q !== p && model.roomOf[cells[q]!] === room && count(q)) k++;
    return k;
  };
  switch (fact.kind) {
    case 'victim': return others(() => true) === 1;
    case 'alone': return others((q) => reading.aloneCountsVictim || q !== model.victim) === 0;
    case 'withAnother':
      return others((q) => model.people[q]!.gender === fact.gender && (reading.withAnotherCountsVictim || q !== model.victim)) === 1;
    default: return true;
  }
}

/**
 * Whether `cells` is a solution: everyone on a cell free of blocking objects, no two people in a
 * row or a column, and every clue true.
 */
export function isSolution(model: CaseModel, cells: ArrayLike<number>, reading: Reading = STRICT): boolean {
  let rows = 0, columns = 0;
  for (let p = 0; p < model.people.length; p++) {
    const cell = cells[p]!;
    if (!isStandable(model, cell)) return false;
    if (rows & (1 << rowOf(cell)) || columns & (1 << columnOf(cell))) return false;
    rows |= 1 << rowOf(cell);
    columns |= 1 << columnOf(cell);
  }
  return model.people.every((person, p) => person.clues.every((fact) => clueHolds(model, cells, p, fact, reading)));
}

/** The murderer of a solution: the other person in the victim's room (−1 if there is none). */
export function murdererOf(model: CaseModel, cells: ArrayLike<number>): number {
  const room = model.roomOf[cells[model.victim]!];
  for (let q = 0; q < model.people.length; q++) if (q !== model.victim && model.roomOf[cells[q]!] === room) return q;
  return -1;
}
