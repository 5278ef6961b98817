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
import { objectCode, type CaseModel } from './model.ts';
import type { ClueFact } from './schema.ts';
import { clueHolds, holdsAt, MISREADINGS, STRICT } from './truth.ts';

/** Kinds whose meaning no misreading touches, and kinds about other people. */
const READING_FREE = new Set<ClueFact['kind']>(['row', 'column', 'inRoom', 'notInRoom', 'onObject', 'notOnObject']);
const SOCIAL = new Set<ClueFact['kind']>(['alone', 'withAnother', 'victim']);

export interface Candidate {
  person: number;
  fact: ClueFact;
  steady: boolean;
  stable: boolean;
}

/** The true clues; `readings` also computes steady and stable (else both are false). */
export function trueClues(model: CaseModel, cells: Int8Array, readings = false): Candidate[] {
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
  return out;
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
