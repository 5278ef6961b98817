/**
 * What a clue means, written as plainly as docs/RULES.md says it, one cell at a time. This is the
 * reference semantics: the counter and the generator judge clues with it; the prover compiles its
 * own bit masks independently, and tests hold the two against each other.
 *
 * A `Reading` selects how the ambiguous words are understood. `STRICT` is the sheet's meaning;
 * the misreadings are what players get wrong (beside counting diagonals or walls, the corner of the
 * board instead of the room, the victim not counting as company, "above" or "left of" read as
 * directly, "not beside a wall" and "not at the edge" taken for each other). A robust case has the
 * same single solution under each of them.
 */
import { cellAt, columnOf, rowOf } from './cells.ts';
import { hasObject, isStandable, objectCode, personIndexOf, roomIndexOf, type CaseModel } from './model.ts';
import type { CaseFact, ClueFact, ClueKind, ObjectWhere, Robustness } from './schema.ts';

export interface Reading {
  /** "beside": orthogonal neighbours in the own room (sheet), or also diagonals, or also through walls. */
  beside: 'room' | 'diagonal' | 'wall';
  /** "in a corner of the room" (sheet) or of the whole board. */
  corner: 'room' | 'board';
  /** Does the victim count as somebody else for "alone" (sheet: yes)? */
  aloneCountsVictim: boolean;
  /** Does the victim count as a man or woman for "with another …" (sheet: yes)? */
  withAnotherCountsVictim: boolean;
  /** "above", "left of", …: any distance in any column / row (strict), or directly: an object in the same column / row, a person in the next row / column. */
  relation: 'any' | 'direct';
  /** "not beside a wall" and "not at the edge" as written (strict), or each read as the other. */
  walls: 'strict' | 'swapped';
}

export const STRICT: Reading = { beside: 'room', corner: 'room', aloneCountsVictim: true, withAnotherCountsVictim: true, relation: 'any', walls: 'strict' };

export type MisreadingKey = Exclude<keyof Robustness, 'robust'>;

/**
 * Each misreading, and the clue kinds whose meaning it changes. `extended`: a misreading of the
 * kinds beyond the sheet, recorded only for a case that uses them (a sheet case's file keeps its bytes).
 */
export const MISREADINGS: ReadonlyArray<{ key: MisreadingKey; reading: Reading; kinds: readonly ClueKind[]; extended?: boolean }> = [
  { key: 'besideDiagonal', reading: { ...STRICT, beside: 'diagonal' }, kinds: ['besideObject', 'notBesideObject', 'adjacentObject', 'notAdjacentObject'] },
  { key: 'besideThroughWall', reading: { ...STRICT, beside: 'wall' }, kinds: ['besideObject', 'notBesideObject'] },
  { key: 'cornerOfBoard', reading: { ...STRICT, corner: 'board' }, kinds: ['roomCorner', 'notRoomCorner'] },
  { key: 'aloneIgnoresVictim', reading: { ...STRICT, aloneCountsVictim: false }, kinds: ['alone'] },
  { key: 'withAnotherIgnoresVictim', reading: { ...STRICT, withAnotherCountsVictim: false }, kinds: ['withAnother'] },
  {
    key: 'relationDirect',
    reading: { ...STRICT, relation: 'direct' },
    kinds: ['above', 'below', 'leftOf', 'rightOf', 'aboveObject', 'belowObject', 'leftOfObject', 'rightOfObject'],
    extended: true,
  },
  { key: 'wallsConfused', reading: { ...STRICT, walls: 'swapped' }, kinds: ['notBesideWall', 'notBesideEdge'], extended: true },
];

const ORTHOGONAL = [[-1, 0], [1, 0], [0, -1], [0, 1]] as const;
const WITH_DIAGONALS = [...ORTHOGONAL, [-1, -1], [-1, 1], [1, -1], [1, 1]] as const;

/** Some neighbour of `cell` that counts as "beside" holds the object; `anyRoom`: walls do not stop it. */
function isBeside(model: CaseModel, cell: number, code: number, reading: Reading, anyRoom: boolean): boolean {
  const r = rowOf(cell), c = columnOf(cell), n = model.size;
  for (const [dr, dc] of reading.beside === 'diagonal' ? WITH_DIAGONALS : ORTHOGONAL) {
    const rr = r + dr, cc = c + dc;
    if (rr < 0 || cc < 0 || rr >= n || cc >= n) continue;
    const next = cellAt(rr, cc);
    if (!anyRoom && reading.beside !== 'wall' && model.roomOf[next] !== model.roomOf[cell]) continue;
    if (hasObject(model, next, code)) return true;
  }
  return false;
}

/** A wall on the given side: the board edge, a cell outside the plan, or a cell of another room. */
function wallAt(model: CaseModel, cell: number, dr: number, dc: number): boolean {
  const rr = rowOf(cell) + dr, cc = columnOf(cell) + dc;
  if (rr < 0 || cc < 0 || rr >= model.size || cc >= model.size) return true;
  return model.roomOf[cellAt(rr, cc)] !== model.roomOf[cell];
}

/** The plan's outer edge on the given side: the board edge or a cell outside the plan. */
function edgeAt(model: CaseModel, cell: number, dr: number, dc: number): boolean {
  const rr = rowOf(cell) + dr, cc = columnOf(cell) + dc;
  if (rr < 0 || cc < 0 || rr >= model.size || cc >= model.size) return true;
  return model.roomOf[cellAt(rr, cc)]! < 0;
}

/** No side of the cell is a wall (`walls`) or the plan's edge (`edge`). */
function noSide(model: CaseModel, cell: number, side: 'walls' | 'edge'): boolean {
  const test = side === 'walls' ? wallAt : edgeAt;
  return ORTHOGONAL.every(([dr, dc]) => !test(model, cell, dr, dc));
}

/** A wall left or right, and a wall above or below (docs/RULES.md); or a board corner when misread. */
export function isCorner(model: CaseModel, cell: number, reading: Reading): boolean {
  if (reading.corner === 'board') {
    const last = model.size - 1;
    return (rowOf(cell) === 0 || rowOf(cell) === last) && (columnOf(cell) === 0 || columnOf(cell) === last);
  }
  return (wallAt(model, cell, 0, -1) || wallAt(model, cell, 0, 1)) && (wallAt(model, cell, -1, 0) || wallAt(model, cell, 1, 0));
}

/** How the object cell `other` lies from the person's `cell` for a line or direction clue. */
type Relation = 'sameRow' | 'sameColumn' | 'left' | 'right' | 'above' | 'below';

/** `cell` stands in that relation to an object cell `other` (left: `cell` is left of `other`). */
function related(cell: number, other: number, relation: Relation, reading: Reading): boolean {
  const r = rowOf(cell), c = columnOf(cell), rr = rowOf(other), cc = columnOf(other);
  const direct = reading.relation === 'direct';
  switch (relation) {
    case 'sameRow': return r === rr;
    case 'sameColumn': return c === cc;
    case 'left': return c < cc && (!direct || r === rr);
    case 'right': return c > cc && (!direct || r === rr);
    case 'above': return r < rr && (!direct || c === cc);
    case 'below': return r > rr && (!direct || c === cc);
  }
}

/**
 * `cell` stands in that relation to another person's `other`. Read "directly", it is the next row
 * (column): two people never share a column (row), so "directly above, same column" could never
 * hold and would only make every such case fragile; "right above" is the misreading people make.
 */
function personRelated(cell: number, other: number, relation: Relation, reading: Reading): boolean {
  const r = rowOf(cell), c = columnOf(cell), rr = rowOf(other), cc = columnOf(other);
  const direct = reading.relation === 'direct';
  switch (relation) {
    case 'left': return direct ? c === cc - 1 : c < cc;
    case 'right': return direct ? c === cc + 1 : c > cc;
    case 'above': return direct ? r === rr - 1 : r < rr;
    case 'below': return direct ? r === rr + 1 : r > rr;
    default: return related(cell, other, relation, reading);
  }
}

/** Some cell holding the object lies in `relation` to `cell`, in the room `where` asks for. */
function objectRelated(model: CaseModel, cell: number, object: string, where: ObjectWhere, relation: Relation, reading: Reading): boolean {
  for (const other of objectCells(model, objectCode(model, object))) {
    if (!related(cell, other, relation, reading)) continue;
    const sameRoom = model.roomOf[other] === model.roomOf[cell];
    if (where === 'anywhere' || (where === 'ownRoom') === sameRoom) return true;
  }
  return false;
}

/** The cells holding the object of `code`, in reading order (cached per model: the generator asks often). */
const OBJECT_CELLS = new WeakMap<CaseModel, Map<number, number[]>>();
function objectCells(model: CaseModel, code: number): readonly number[] {
  let byCode = OBJECT_CELLS.get(model);
  if (!byCode) OBJECT_CELLS.set(model, (byCode = new Map()));
  let cells = byCode.get(code);
  if (!cells) {
    cells = [];
    for (let r = 0; r < model.size; r++) for (let c = 0; c < model.size; c++) if (hasObject(model, cellAt(r, c), code)) cells.push(cellAt(r, c));
    byCode.set(code, cells);
  }
  return cells;
}

const OBJECT_RELATION: Readonly<Record<string, Relation>> = {
  sameRowAsObject: 'sameRow', sameColumnAsObject: 'sameColumn', leftOfObject: 'left', rightOfObject: 'right', aboveObject: 'above', belowObject: 'below',
};
const PERSON_RELATION: Readonly<Record<string, Relation>> = { above: 'above', below: 'below', leftOf: 'left', rightOf: 'right' };

/**
 * The part of a clue that concerns the person's own cell alone. For the clues about other people
 * (victim, alone, sameRoomAs, above, …) it is always true; for withAnother it is "in that room",
 * for onlyOnObject "on that object".
 */
export function holdsAt(model: CaseModel, fact: ClueFact, cell: number, reading: Reading = STRICT): boolean {
  switch (fact.kind) {
    case 'row': return rowOf(cell) === fact.row;
    case 'column': return columnOf(cell) === fact.column;
    case 'inRoom':
    case 'withAnother': return model.roomOf[cell] === roomIndexOf(model, fact.room);
    case 'notInRoom': return model.roomOf[cell] !== roomIndexOf(model, fact.room);
    case 'onObject':
    case 'onlyOnObject': return hasObject(model, cell, objectCode(model, fact.object));
    case 'notOnObject': return !hasObject(model, cell, objectCode(model, fact.object));
    case 'besideObject': return isBeside(model, cell, objectCode(model, fact.object), reading, false);
    case 'notBesideObject': return !isBeside(model, cell, objectCode(model, fact.object), reading, false);
    case 'adjacentObject': return isBeside(model, cell, objectCode(model, fact.object), reading, true);
    case 'notAdjacentObject': return !isBeside(model, cell, objectCode(model, fact.object), reading, true);
    case 'roomCorner': return isCorner(model, cell, reading);
    case 'notRoomCorner': return !isCorner(model, cell, reading);
    case 'notBesideWall': return noSide(model, cell, reading.walls === 'strict' ? 'walls' : 'edge');
    case 'notBesideEdge': return noSide(model, cell, reading.walls === 'strict' ? 'edge' : 'walls');
    case 'sameRowAsObject':
    case 'sameColumnAsObject':
    case 'leftOfObject':
    case 'rightOfObject':
    case 'aboveObject':
    case 'belowObject': return objectRelated(model, cell, fact.object, fact.where, OBJECT_RELATION[fact.kind]!, reading);
    case 'victim':
    case 'alone':
    case 'sameRoomAs':
    case 'notSameRoomAs':
    case 'onlyWith':
    case 'above':
    case 'below':
    case 'leftOf':
    case 'rightOf': return true;
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
    case 'sameRoomAs': return model.roomOf[cells[personIndexOf(model, fact.person)]!] === room;
    case 'notSameRoomAs': return model.roomOf[cells[personIndexOf(model, fact.person)]!] !== room;
    case 'onlyWith': {
      const q = personIndexOf(model, fact.person);
      return model.roomOf[cells[q]!] === room && others(() => true) === 1;
    }
    case 'above':
    case 'below':
    case 'leftOf':
    case 'rightOf': return personRelated(cell, cells[personIndexOf(model, fact.person)]!, PERSON_RELATION[fact.kind]!, reading);
    case 'onlyOnObject': {
      const code = objectCode(model, fact.object);
      for (let q = 0; q < model.people.length; q++) if (q !== p && hasObject(model, cells[q]!, code)) return false;
      return true;
    }
    default: return true;
  }
}

/** Whether a case fact holds when everyone stands at `cells`. */
export function factHolds(model: CaseModel, cells: ArrayLike<number>, fact: CaseFact): boolean {
  switch (fact.kind) {
    case 'peopleOnObject': {
      const code = objectCode(model, fact.object);
      let k = 0;
      for (let p = 0; p < model.people.length; p++) if (hasObject(model, cells[p]!, code)) k++;
      return fact.compare === 'exactly' ? k === fact.count : k <= fact.count;
    }
    case 'emptyRooms': {
      const occupied = new Set<number>();
      for (let p = 0; p < model.people.length; p++) occupied.add(model.roomOf[cells[p]!]!);
      return model.roomIds.length - occupied.size === fact.count;
    }
  }
}

/**
 * Whether `cells` is a solution: everyone on a cell inside the plan free of blocking objects, no
 * two people in a row or a column, every clue and every case fact true.
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
  return model.people.every((person, p) => person.clues.every((fact) => clueHolds(model, cells, p, fact, reading))) && model.facts.every((fact) => factHolds(model, cells, fact));
}

/** The murderer of a solution: the other person in the victim's room (−1 if there is none). */
export function murdererOf(model: CaseModel, cells: ArrayLike<number>): number {
  const room = model.roomOf[cells[model.victim]!];
  for (let q = 0; q < model.people.length; q++) if (q !== model.victim && model.roomOf[cells[q]!] === room) return q;
  return -1;
}
