/**
 * Hand-built Murder boards for tests, drawn as text:
 *
 *   plan     one letter per cell, one string per row: the room (a..z)
 *   objects  one character per cell: '.' bare, else the key of OBJECT_KEYS
 *   people   id, gender and clue facts; the first person with a `victim` clue is the victim
 *
 * Rooms are named "Raum A" / "room A" and each has its own floor, so any plan is valid.
 */
import type { Rng } from '../../src/core/rng.ts';
import { trueClues } from '../../src/murder/candidates.ts';
import { buildPublic, caseId } from '../../src/murder/case-file.ts';
import { drawCast, type Cast } from '../../src/murder/cast.ts';
import { OBJECT_CODE, type ObjectId } from '../../src/murder/catalogue/objects.ts';
import { SETTINGS, type RoomType, type Setting } from '../../src/murder/catalogue/settings.ts';
import { cellAt, STRIDE } from '../../src/murder/cells.ts';
import { drawLayout, type Layout } from '../../src/murder/layout.ts';
import { modelFromCodes, modelFromPublic, type CaseModel } from '../../src/murder/model.ts';
import type { ProofNames } from '../../src/murder/prover/texts.ts';
import type { ClueFact, MurderCaseFile } from '../../src/murder/schema.ts';
import type { Gender } from '../../src/murder/texts/grammar.ts';

export const OBJECT_KEYS: Readonly<Record<string, ObjectId>> = {
  c: 'chair', a: 'armchair', s: 'sofa', b: 'bed', n: 'bench', o: 'stool', t: 'carpet', r: 'rug',
  P: 'plant', T: 'table', E: 'tree', U: 'bush', R: 'rock', X: 'box', B: 'bookshelf', F: 'fountain', S: 'statue', I: 'bin',
};

export interface HandPerson {
  id: string;
  gender: Gender;
  clues: ClueFact[];
  /** Where the person stands in the intended solution (for files with a secret). */
  at?: [number, number];
}

export interface HandCase {
  plan: string[];
  objects?: string[];
  people: HandPerson[];
  level?: number;
}

const TEST_SETTING: Setting = { id: 'test-plan', name: { de: 'Testplan', en: 'test plan' }, floors: [], rooms: [] };

function roomType(letter: string): RoomType {
  const upper = letter.toUpperCase();
  return { id: `room-${letter}`, place: { de: { word: `Raum ${upper}`, gender: 'm', prep: 'in' }, en: { word: `room ${upper}`, prep: 'in' } }, size: 2, objects: [] };
}

/** The layout of a drawn plan. */
export function handLayout(hand: HandCase): Layout {
  const size = hand.plan.length;
  const letters = [...new Set(hand.plan.join(''))];
  const roomOf = new Int8Array(STRIDE * STRIDE).fill(-1);
  const objectAt = new Int8Array(STRIDE * STRIDE).fill(-1);
  for (let r = 0; r < size; r++) {
    for (let c = 0; c < size; c++) {
      roomOf[cellAt(r, c)] = letters.indexOf(hand.plan[r]![c]!);
      const key = hand.objects?.[r]?.[c] ?? '.';
      if (key !== '.') objectAt[cellAt(r, c)] = OBJECT_CODE[OBJECT_KEYS[key]!];
    }
  }
  const roomTypes = letters.map(roomType);
  const floors = letters.map((l) => ({ id: `floor-${l}`, name: { de: `Boden ${l}`, en: `floor ${l}` } }));
  return { size, setting: TEST_SETTING, roomOf, roomTypes, floors, objectAt };
}

/** A complete file (with a secret when every person has `at`). */
export function handFile(hand: HandCase): MurderCaseFile {
  const layout = handLayout(hand);
  const victim = hand.people.findIndex((p) => p.clues.some((c) => c.kind === 'victim'));
  const cast: Cast = {
    people: hand.people.map((p) => ({ id: p.id, name: p.id[0]!.toUpperCase() + p.id.slice(1), gender: p.gender })),
    cells: Int8Array.from(hand.people, (p) => (p.at ? cellAt(p.at[0], p.at[1]) : 0)),
    victim,
    murderer: -1,
  };
  const pub = buildPublic(layout, cast, hand.people.map((p) => p.clues), hand.level ?? 1);
  delete pub.setting; // not a catalogue setting: no text check against the catalogue
  return { format: 'puzzlemill/murder-case', version: 1, id: caseId(pub), public: pub };
}

/** The solver model of a drawn case. */
export function handModel(hand: HandCase): CaseModel {
  return modelFromPublic(handFile(hand).public, { source: 'hand' });
}

/**
 * A random plan with a random cast and `clues` random true clues (besides the victim line): the
 * material for property tests. Returns null when the draw fails (no room holds exactly two).
 */
export function randomCase(size: number, rng: Rng, clues: number): { model: CaseModel; cells: Int8Array } | null {
  const layout = drawLayout(size, rng.pick(SETTINGS), rng);
  if (!layout) return null;
  const cast = drawCast(layout, rng);
  if (!cast) return null;
  const cards = cast.people.map((p, i) => ({ ...p, clues: (i === cast.victim ? [{ kind: 'victim' }] : []) as ClueFact[] }));
  const bare = modelFromCodes(size, layout.roomTypes.map((t) => t.id), layout.roomOf, layout.objectAt, cards, cast.victim);
  const pool = rng.shuffle(trueClues(bare, cast.cells));
  const people = bare.people.map((p) => ({ ...p, clues: [...p.clues] }));
  for (const candidate of pool.slice(0, clues)) people[candidate.person]!.clues.push(candidate.fact);
  return { model: { ...bare, people }, cells: cast.cells };
}

/** Proof names for a model without a file (people by id, rooms by id). */
export function plainNames(model: CaseModel): ProofNames {
  return {
    person: (p) => model.people[p]!.id,
    gender: (p) => model.people[p]!.gender,
    room: (room) => ({ de: `im Raum ${model.roomIds[room]}`, en: `in room ${model.roomIds[room]}` }),
    clue: (p, index) => ({ de: `Hinweis ${index} von ${model.people[p]!.id}`, en: `clue ${index} of ${model.people[p]!.id}` }),
  };
}
