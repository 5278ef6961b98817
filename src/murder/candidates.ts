/**
 * Every true clue about the hidden solution, per person: the material the generator chooses from.
 * Each candidate is checked with the reference semantics (truth.ts). For robust cases two more
 * marks: `steady` when it is true under every misreading too (so a misreading player never loses
 * the real solution), `stable` when it allows exactly the same cells under every misreading (so it
 * cannot let in another solution either). Clues about other people (alone, withAnother) have no
 * cell set of their own: they are never stable, and the counter judges them case by case.
 */
import { getOrMake } from '../core/memo.ts';
import { columnOf, rowOf } from './cells.ts';
import { hasObject, objectCode, type CaseModel } from './model.ts';
import { WHERE_VALUES, type CaseFact, type ClueFact, type ClueKind } from './schema.ts';
import { clueHolds, factHolds, holdsAt, MISREADINGS, murdererOf, STRICT } from './truth.ts';

/** Kinds whose meaning no misreading touches, and kinds about other people. */
const READING_FREE = new Set<ClueFact['kind']>(['row', 'column', 'inRoom', 'notInRoom', 'onObject', 'notOnObject']);
const SOCIAL = new Set<ClueFact['kind']>(['alone', 'withAnother', 'victim']);

export interface Candidate {
  person: number;
  fact: ClueFact;
  steady: boolean;
  stable: boolean;
}

/**
 * The true clues; `readings` also computes steady and stable (else both are false). `extended`:
 * the kinds beyond the sheet too (extendedClues), after the sheet's, so a sheet pool is unchanged.
 */
export function trueClues(model: CaseModel, cells: Int8Array, readings = false, extended = false): Candidate[] {
  const n = model.size;
  let present = 0;
  for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) present |= model.objectsAt[r * 9 + c]!;
  // in code order (the built-in ones first, in OBJECT_IDS order)
  const objects = model.objectIds.filter((_, code) => present & (1 << code));
  const standable = objects.filter((id) => !(model.blocking & (1 << objectCode(model, id))));

  const out: Candidate[] = [];
  // Whether a fact's cell set is the same under every reading does not depend on the person.
  const sameCells = new Map<string, boolean>();
  const stableCells = (fact: ClueFact) => getOrMake(sameCells, JSON.stringify(fact), () => sameCellsUnderMisreadings(model, fact));
  model.people.forEach((person, p) => {
    const cell = cells[p]!;
    const room = model.roomIds[model.roomOf[cell]!]!;
    const facts: ClueFact[] = [
      { kind: 'row', row: rowOf(cell) },
      { kind: 'column', column: columnOf(cell) },
      { kind: 'inRoom', room },
      ...model.roomIds.filter((id) => id !== room).map((id): ClueFact => ({ kind: 'notInRoom', room: id })),
      ...standable.map((object): ClueFact => ({ kind: 'onObject', object })),
      ...standable.map((object): ClueFact => ({ kind: 'notOnObject', object })),
      ...objects.map((object): ClueFact => ({ kind: 'besideObject', object })),
      ...objects.map((object): ClueFact => ({ kind: 'notBesideObject', object })),
      { kind: 'roomCorner' },
      { kind: 'notRoomCorner' },
      { kind: 'withAnother', gender: person.gender, room },
      { kind: 'alone' },
    ];
    for (const fact of facts) {
      if (!clueHolds(model, cells, p, fact)) continue;
      const steady = readings && MISREADINGS.every(({ reading }) => clueHolds(model, cells, p, fact, reading));
      const stable = steady && (READING_FREE.has(fact.kind) || (!SOCIAL.has(fact.kind) && stableCells(fact)));
      out.push({ person: p, fact, steady, stable });
    }
  });
  if (extended) out.push(...extendedClues(model, cells, readings, objects, standable));
  return out;
}

/** Person relations: the kinds that name another person. */
const RELATIONS = ['sameRoomAs', 'notSameRoomAs', 'onlyWith', 'above', 'below', 'leftOf', 'rightOf'] as const;
const OBJECT_LINES = ['sameRowAsObject', 'sameColumnAsObject', 'leftOfObject', 'rightOfObject', 'aboveObject', 'belowObject'] as const;

/**
 * The true clues of the kinds beyond the sheet. Marks for robust dealing: a clue no misreading
 * touches is steady and stable; otherwise steady when true under every misreading, and stable when
 * also no misreading lets in a cell (or, for a relation, a placement) the strict meaning excludes:
 * a misreading that only narrows a true clue ("above" read as "directly above") can never add a
 * solution. Person relations are never dealt between the victim and the murderer when they would
 * name the murderer outright (sameRoomAs, onlyWith).
 */
function extendedClues(model: CaseModel, cells: Int8Array, readings: boolean, objects: readonly string[], standable: readonly string[]): Candidate[] {
  const murderer = murdererOf(model, cells);
  const out: Candidate[] = [];
  const narrow = new Map<string, boolean>();
  const onlyNarrows = (fact: ClueFact) => getOrMake(narrow, JSON.stringify(fact), () => misreadingsOnlyNarrow(model, fact));
  model.people.forEach((person, p) => {
    const facts: ClueFact[] = [];
    model.people.forEach((other, q) => {
      if (q === p) return;
      const pair = (p === model.victim && q === murderer) || (q === model.victim && p === murderer);
      for (const kind of RELATIONS) {
        if (pair && (kind === 'sameRoomAs' || kind === 'onlyWith')) continue;
        facts.push({ kind, person: other.id } as ClueFact);
      }
    });
    for (const object of objects) {
      facts.push({ kind: 'adjacentObject', object }, { kind: 'notAdjacentObject', object });
      for (const kind of OBJECT_LINES) for (const where of WHERE_VALUES) facts.push({ kind, object, where } as ClueFact);
    }
    facts.push({ kind: 'notBesideWall' }, { kind: 'notBesideEdge' });
    for (const object of standable) facts.push({ kind: 'onlyOnObject', object });
    for (const fact of facts) {
      if (!clueHolds(model, cells, p, fact)) continue;
      const affected = MISREADINGS.filter((m) => m.kinds.includes(fact.kind));
      const steady = readings && affected.every(({ reading }) => clueHolds(model, cells, p, fact, reading));
      const stable = steady && (affected.length === 0 || onlyNarrows(fact));
      out.push({ person: p, fact, steady, stable });
    }
  });
  return out;
}

/** Kinds whose misreadings (relationDirect) only ever narrow them, whatever the cells. */
const NARROWED: ReadonlySet<ClueKind> = new Set(['above', 'below', 'leftOf', 'rightOf', 'aboveObject', 'belowObject', 'leftOfObject', 'rightOfObject']);

/** No misreading of the fact allows a cell the strict meaning does not. */
function misreadingsOnlyNarrow(model: CaseModel, fact: ClueFact): boolean {
  if (NARROWED.has(fact.kind)) return true;
  const affected = MISREADINGS.filter((m) => m.kinds.includes(fact.kind));
  for (let r = 0; r < model.size; r++) {
    for (let c = 0; c < model.size; c++) {
      if (holdsAt(model, fact, r * 9 + c, STRICT)) continue;
      if (affected.some(({ reading }) => holdsAt(model, fact, r * 9 + c, reading))) return false;
    }
  }
  return true;
}

/**
 * The true case facts (extended cases): for each standable object on the plan, how many people
 * stand on it (exactly; and at most that many when some do), and how many rooms are empty.
 */
export function trueFacts(model: CaseModel, cells: Int8Array): CaseFact[] {
  let present = 0;
  for (let r = 0; r < model.size; r++) for (let c = 0; c < model.size; c++) present |= model.objectsAt[r * 9 + c]!;
  const out: CaseFact[] = [];
  model.objectIds.forEach((object, code) => {
    if (!(present & (1 << code)) || model.blocking & (1 << code)) return;
    let k = 0;
    for (let p = 0; p < model.people.length; p++) if (hasObject(model, cells[p]!, code)) k++;
    out.push({ kind: 'peopleOnObject', object, compare: 'exactly', count: k });
    if (k > 0) out.push({ kind: 'peopleOnObject', object, compare: 'atMost', count: k });
  });
  const occupied = new Set<number>();
  for (let p = 0; p < model.people.length; p++) occupied.add(model.roomOf[cells[p]!]!);
  out.push({ kind: 'emptyRooms', count: model.roomIds.length - occupied.size });
  return out.filter((fact) => factHolds(model, cells, fact));
}

function sameCellsUnderMisreadings(model: CaseModel, fact: ClueFact): boolean {
  for (let r = 0; r < model.size; r++) {
    for (let c = 0; c < model.size; c++) {
      const strict = holdsAt(model, fact, r * 9 + c, STRICT);
      if (MISREADINGS.some(({ reading }) => holdsAt(model, fact, r * 9 + c, reading) !== strict)) return false;
    }
  }
  return true;
}
