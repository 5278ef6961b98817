/**
 * Writing case files: the `public` part from a layout, a cast and the chosen cards; the case id
 * (a hash of the public part, so the player form has the same id); proof steps with ids instead of
 * indices; the player form; and the names the prover uses for its sentences, taken from a file.
 */
import { sha256Hex } from '../core/sha256.ts';
import { contentId } from '../core/ids.ts';
import { hashSeed } from '../core/rng.ts';
import { OBJECT_IDS } from './catalogue/objects.ts';
import { cellAt, columnOf, rowOf } from './cells.ts';
import type { Cast } from './cast.ts';
import type { Layout } from './layout.ts';
import { canonicalPeopleOrder, caseFact, clueFact, type CaseModel } from './model.ts';
import type { RecordedStep } from './prover/state.ts';
import type { ProofNames } from './prover/texts.ts';
import { LEVEL_NAMES } from './prover/prove.ts';
import type { CaseFact, ClueFact, MurderCaseInput, MurderPublic, MurderPublicInput, ProofStep } from './schema.ts';
import { clueText, factText } from './texts/clues.ts';
import { englishPlace, germanPlace } from './texts/grammar.ts';


/**
 * The public part of a case; `cards[p]` are person p's clues in card order, `facts` the case facts
 * (extended cases; a case without facts has no `facts` field, as sheet files never had).
 */
export function buildPublic(layout: Layout, cast: Cast, cards: readonly ClueFact[][], level: number, facts: readonly CaseFact[] = []): MurderPublic {
  const n = layout.size;
  const placeOf = new Map(layout.roomTypes.map((t) => [t.id, t.place]));
  const context = { size: n, place: (id: string) => placeOf.get(id)!, person: (id: string) => cast.people.find((p) => p.id === id)!.name };
  const floors = [...new Map(layout.floors.map((f) => [f.id, f])).values()];
  const objectsOf = (cell: number) => {
    const top = layout.objectAt[cell]!, under = layout.underAt?.[cell] ?? -1;
    if (top < 0) return null;
    return under >= 0 ? [OBJECT_IDS[top]!, OBJECT_IDS[under]!] : OBJECT_IDS[top]!;
  };
  const pub: MurderPublic = {
    size: n,
    setting: { id: layout.setting.id, name: { ...layout.setting.name } },
    floors: floors.map((f) => ({ id: f.id, name: { ...f.name } })),
    rooms: layout.roomTypes.map((type, i) => ({
      id: type.id,
      name: { de: type.place.de.word, en: type.place.en.word },
      floor: layout.floors[i]!.id,
      at: { de: germanPlace(type.place), en: englishPlace(type.place) },
    })),
    roomOf: grid(n, (cell) => layout.roomTypes[layout.roomOf[cell]!]!.id),
    objects: grid(n, objectsOf),
    people: cast.people.map((person, p) => ({
      id: person.id,
      name: person.name,
      gender: person.gender,
      clues: cards[p]!.map((fact) => ({ ...fact, text: clueText(fact, person.gender, context) }) as MurderPublic['people'][number]['clues'][number]),
    })),
    level: { level, name: LEVEL_NAMES[level]! },
  };
  if (facts.length > 0) pub.facts = facts.map((fact) => ({ ...fact, text: factText(fact, context) }) as NonNullable<MurderPublic['facts']>[number]);
  return pub;
}

function grid<T>(n: number, at: (cell: number) => T): T[][] {
  return Array.from({ length: n }, (_, r) => Array.from({ length: n }, (_, c) => at(cellAt(r, c))));
}

/**
 * `murder-6-3f9a…`: a hash of the case's canonical content (`canonicalCase`), so the player form
 * has the same id, and so does the same case with its rooms or people renamed or reordered,
 * other names and texts, or fields we do not know.
 */
export function caseId(pub: MurderPublicInput): string {
  return contentId(`murder-${pub.size}`, canonicalCase(pub));
}

/**
 * The id cases had before canonical ids: 64 bits of our seed hash over the public part exactly as
 * written. verify accepts it for files made then (same format version), so no published case
 * turns "wrong" by our change of scheme.
 */
export function legacyCaseId(pub: unknown, size: number): string {
  const words = hashSeed(JSON.stringify(pub));
  return `murder-${size}-${words.slice(0, 2).map((w) => w.toString(16).padStart(8, '0')).join('')}`;
}

/** The file without `secret`, built field by field: a field another tool added beside `secret` stays out too. */
export function playerForm<F extends MurderCaseInput>(file: F): F {
  return { format: file.format, version: file.version, id: file.id, public: file.public } as F;
}

/** How proofs name things in a file: the rooms' `at` phrases (or a neutral fallback), the card texts. */
export function proofNamesOf(pub: MurderPublicInput): ProofNames {
  return {
    person: (p) => pub.people[p]!.name,
    gender: (p) => pub.people[p]!.gender,
    room: (room) => {
      const r = pub.rooms[room]!;
      return r.at ?? { de: `im Raum „${r.name.de}“`, en: `in the room “${r.name.en}”` };
    },
    clue: (p, index) => pub.people[p]!.clues[index]!.text,
    fact: (index) => pub.facts![index]!.text,
  };
}

const cellRef = (cell: number): [number, number] => [rowOf(cell), columnOf(cell)];

/** Recorded steps with person, room and clue ids. */
export function proofSteps(steps: readonly RecordedStep[], model: CaseModel): ProofStep[] {
  const person = (p: number) => model.people[p]!.id;
  return steps.map((step) => {
    const premises: ProofStep['premises'] = {};
    const { people, clues, rooms, rows, columns } = step.premises;
    if (people) premises.people = people.map(person);
    if (clues) premises.clues = clues.map(([p, index]) => ({ person: person(p), index }));
    if (rooms) premises.rooms = rooms.map((r) => model.roomIds[r]!);
    if (rows) premises.rows = rows;
    if (columns) premises.columns = columns;
    return {
      rule: step.rule,
      tier: step.tier,
      premises,
      removed: step.removed.map((x) => ({ person: person(x.person), cells: x.cells.map(cellRef) })),
      placed: step.placed.map((x) => ({ person: person(x.person), cell: cellRef(x.cell) })),
      text: step.text,
    };
  });
}

/** personId → [row, column]. */
export function positionsOf(model: CaseModel, cells: ArrayLike<number>): Record<string, [number, number]> {
  return Object.fromEntries(model.people.map((p, i) => [p.id, cellRef(cells[i]!)]));
}

/**
 * The case as a puzzle, as text: the floor plan, the furniture and the clue facts, nothing that
 * is only a label. Rooms are numbered by first appearance in `roomOf` (row by row), each card is
 * its genders and clue facts with clues in a fixed order, and the cards are sorted — a clue names
 * rooms, rows, columns and objects but never another person, so a card's text does not depend on
 * the order of the others. Names, ids, texts, room names, floors, the setting and unknown fields
 * leave it unchanged; so do the order of rooms, of people and of the clues on a card.
 */
export function canonicalCase(pub: MurderPublicInput): string {
  const rename = new Map<string, number>();
  const roomOf = pub.roomOf.flat().map((id) => {
    if (id === null) return null; // outside the plan
    if (!rename.has(id)) rename.set(id, rename.size);
    return rename.get(id)!;
  });
  // A clue about another person names them by their place in an order of content (model.ts).
  const people = pub.people.map((person) => ({ ...person, clues: person.clues.map(clueFact) }));
  const order = canonicalPeopleOrder(people, (fact) => ('room' in fact ? { ...fact, room: String(rename.get(fact.room) ?? fact.room) } : fact));
  const rank = new Map(order.map((p, k) => [pub.people[p]!.id, k]));
  const cards = people.map((person) => {
    const clues = person.clues.map((fact) => {
      if ('room' in fact) return JSON.stringify({ ...fact, room: rename.get(fact.room) ?? fact.room });
      if ('person' in fact) return JSON.stringify({ ...fact, person: rank.get(fact.person) ?? fact.person });
      return JSON.stringify(fact);
    });
    return JSON.stringify([person.gender, clues.sort()]);
  });
  const content: unknown[] = [pub.size, roomOf, pub.objects, cards.sort()];
  // Only cases with the fields beyond the sheet hash them: a sheet case keeps its id.
  if (pub.facts?.length) content.push(pub.facts.map((fact) => JSON.stringify(caseFact(fact))).sort());
  if (pub.objectTypes?.length) content.push([...pub.objectTypes].map((t) => JSON.stringify([t.id, t.blocking])).sort());
  return JSON.stringify(content);
}

/**
 * Equal for essentially the same case (`canonicalCase`: names, texts, labels and orders do not
 * matter). Used to keep the daily set from repeating a case.
 */
export function caseFingerprint(file: MurderCaseInput): string {
  return sha256Hex(canonicalCase(file.public)).slice(0, 32);
}
