/**
 * Every true clue about the hidden solution, per person: the material the generator chooses from.
 * Each candidate is checked with the reference semantics (truth.ts), and marked `steady` when it is
 * true under every misreading too (a robust case only uses steady clues, so that a misreading
 * player can at worst find more solutions, never lose the real one).
 */
import { isBlockingCode, OBJECT_IDS, type ObjectId } from './catalogue/objects.ts';
import { columnOf, rowOf } from './cells.ts';
import type { CaseModel } from './model.ts';
import type { ClueFact } from './schema.ts';
import { clueHolds, MISREADINGS } from './truth.ts';

export interface Candidate {
  person: number;
  fact: ClueFact;
  steady: boolean;
}

export function trueClues(model: CaseModel, cells: Int8Array): Candidate[] {
  const n = model.size;
  const present = new Set<number>();
  for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) if (model.objectAt[r * 9 + c]! >= 0) present.add(model.objectAt[r * 9 + c]!);
  const objects = [...present].sort((a, b) => a - b).map((code) => OBJECT_IDS[code]!) as ObjectId[];
  const standable = objects.filter((id) => !isBlockingCode(OBJECT_IDS.indexOf(id)));

  const out: Candidate[] = [];
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
      const steady = MISREADINGS.every(({ reading }) => clueHolds(model, cells, p, fact, reading));
      out.push({ person: p, fact, steady });
    }
  });
  return out;
}
