/**
 * The case as the solvers see it: flat arrays over cells (`r·9 + c`, see cells.ts), rooms and
 * people by index, clues without their texts. Built from a file's `public` part after the schema
 * passed, with the checks a schema cannot express (square grids of the stated size, rooms that are
 * connected and non-empty, clues that name existing rooms and rows, exactly one victim); every
 * failure is an InputError with a JSON pointer.
 */
import { InputError, type InputPosition, inside, shortJson } from '../core/errors.ts';
import { assertReadable } from '../core/schema.ts';
import { isBlockingObject, OBJECT_IDS } from './catalogue/objects.ts';
import { cellAt, STRIDE } from './cells.ts';
import { CLUE_VARIANTS, FACT_VARIANTS, MurderCaseFile, type CaseFact, type ClueFact, type MurderCaseInput, type MurderPublicInput } from './schema.ts';
import type { Gender } from './texts/grammar.ts';

export interface PersonModel {
  id: string;
  name: string;
  gender: Gender;
  clues: readonly ClueFact[];
}

export interface CaseModel {
  size: number;
  roomIds: readonly string[];
  /** Room index per cell (`r·9 + c`); −1 off the board and outside the plan. */
  roomOf: Int8Array;
  /** Object ids by code: the built-in ones (OBJECT_IDS order), then those the case declares. */
  objectIds: readonly string[];
  /** Bit k: the object of code k blocks its cell. */
  blocking: number;
  /** Per cell, bit k set when the cell holds the object of code k (a cell may hold several). */
  objectsAt: Uint32Array;
  people: readonly PersonModel[];
  /** Facts about the whole case (on no card). */
  facts: readonly CaseFact[];
  /** Index of the person whose card carries the victim clue. */
  victim: number;
}

/** At most 32 object codes (a cell's objects are one 32-bit word): the built-in ones and up to 8 declared. */
const BUILTIN_BLOCKING = OBJECT_IDS.reduce((mask, id, code) => (isBlockingObject(id) ? mask | (1 << code) : mask), 0);

/** The object codes of a case with only built-in objects. */
export const BUILTIN_OBJECTS = { objectIds: OBJECT_IDS as readonly string[], blocking: BUILTIN_BLOCKING };

/** The cell is inside the plan and holds no blocking object. */
export function isStandable(model: CaseModel, cell: number): boolean {
  return model.roomOf[cell]! >= 0 && (model.objectsAt[cell]! & model.blocking) === 0;
}

/** The code of an object id in this case, −1 if the case has no such object. */
export function objectCode(model: CaseModel, id: string): number {
  return model.objectIds.indexOf(id);
}

export function hasObject(model: CaseModel, cell: number, code: number): boolean {
  return code >= 0 && (model.objectsAt[cell]! & (1 << code)) !== 0;
}

export function roomIndexOf(model: CaseModel, roomId: string): number {
  return model.roomIds.indexOf(roomId);
}

export function personIndexOf(model: CaseModel, personId: string): number {
  return model.people.findIndex((p) => p.id === personId);
}

/**
 * The model of a plan drawn with one object code (built-in) or −1 per cell, as the generator's
 * layouts and the tests' drawn plans hold it.
 */
export function modelFromCodes(size: number, roomIds: readonly string[], roomOf: Int8Array, objectAt: Int8Array, people: readonly PersonModel[], victim: number): CaseModel {
  const objectsAt = new Uint32Array(STRIDE * STRIDE);
  for (let cell = 0; cell < objectAt.length; cell++) if (objectAt[cell]! >= 0) objectsAt[cell] = 1 << objectAt[cell]!;
  return { size, roomIds, roomOf, ...BUILTIN_OBJECTS, objectsAt, people, facts: [], victim };
}

/**
 * A person, room or object id the case lacks, with the ids it has: `unknown person "zed" (the
 * case's people: "ada", "bob", "cyd")` — whoever wrote it (a player's position, a proof, a file)
 * learns what it may be. The one wording of every such refusal.
 */
export function unknownIdText(what: 'person' | 'room' | 'object', id: string, known: readonly string[]): string {
  const plural = { person: 'people', room: 'rooms', object: 'objects' }[what];
  return `unknown ${what} ${shortJson(id)} (the case's ${plural}: ${known.map((k) => JSON.stringify(k)).join(', ')})`;
}

/** The parameters of each clue or fact kind, in schema order, from the schema itself. */
const PARAMS: ReadonlyMap<string, readonly string[]> = new Map(
  [...CLUE_VARIANTS, ...FACT_VARIANTS].map((variant) => [
    (variant.properties.kind as unknown as { const: string }).const,
    Object.keys(variant.properties).filter((key) => key !== 'kind' && key !== 'text'),
  ]),
);

/** A file's clue as a fact: its kind and parameters only (no text, no fields we do not know). */
export function clueFact(clue: MurderPublicInput['people'][number]['clues'][number]): ClueFact {
  return paramsOf(clue) as ClueFact;
}

/** A file's case fact without its text. */
export function caseFact(fact: NonNullable<MurderPublicInput['facts']>[number]): CaseFact {
  return paramsOf(fact) as CaseFact;
}

function paramsOf(item: { kind: string }): Record<string, unknown> {
  const source = item as unknown as Record<string, unknown>;
  const fact: Record<string, unknown> = { kind: item.kind };
  for (const key of PARAMS.get(item.kind) ?? []) fact[key] = source[key];
  return fact;
}

/** The ids on a cell of `public.objects`: null, one id, or a list. */
export function objectsOn(entry: string | readonly string[] | null | undefined): readonly string[] {
  if (entry === null || entry === undefined) return [];
  return typeof entry === 'string' ? [entry] : entry;
}

/** A model from a `public` part that passed the schema; throws InputError for what it cannot express. */
export function modelFromPublic(pub: MurderPublicInput, where: InputPosition): CaseModel {
  const n = pub.size;
  const at = (pointer: string, reason: string) => new InputError(inside(where, '/public' + pointer), reason);

  const roomIds = pub.rooms.map((r) => r.id);
  const seenRoom = new Map<string, number>();
  roomIds.forEach((id, i) => {
    if (seenRoom.has(id)) throw at(`/rooms/${i}/id`, `room id "${id}" repeats room ${seenRoom.get(id)}`);
    seenRoom.set(id, i);
  });

  const objectIds: string[] = [...OBJECT_IDS];
  let blocking = BUILTIN_BLOCKING;
  (pub.objectTypes ?? []).forEach((type, i) => {
    if (objectIds.includes(type.id)) throw at(`/objectTypes/${i}/id`, `object id "${type.id}" is ${i > 0 && pub.objectTypes!.slice(0, i).some((t) => t.id === type.id) ? 'declared twice' : 'a built-in object (docs/RULES.md): its meaning is fixed'}`);
    if (type.blocking) blocking |= 1 << objectIds.length;
    objectIds.push(type.id);
  });

  const roomOf = new Int8Array(STRIDE * STRIDE).fill(-1);
  const objectsAt = new Uint32Array(STRIDE * STRIDE);
  checkSquare(pub.roomOf, n, '/roomOf', at);
  checkSquare(pub.objects, n, '/objects', at);
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      const id = pub.roomOf[r]![c]!;
      const ids = objectsOn(pub.objects[r]![c]);
      if (id === null) {
        if (ids.length > 0) throw at(`/objects/${r}/${c}`, 'an object on a cell outside the plan (roomOf is null there)');
        continue;
      }
      const index = seenRoom.get(id);
      if (index === undefined) throw at(`/roomOf/${r}/${c}`, unknownIdText('room', id, roomIds));
      roomOf[cellAt(r, c)] = index;
      for (const object of ids) {
        const code = objectIds.indexOf(object);
        if (code < 0) throw at(`/objects/${r}/${c}`, unknownIdText('object', object, objectIds));
        objectsAt[cellAt(r, c)]! |= 1 << code;
      }
    }
  }
  const problem = roomProblem(n, roomOf, roomIds.length);
  if (problem) throw at(problem.pointer, problem.reason);
  checkFloors(pub, n, roomOf, at);

  if (pub.people.length !== n) throw at('/people', `has ${pub.people.length} people, expected ${n} (one per row)`);
  const personIds = pub.people.map((p) => p.id);
  const seenPerson = new Set<string>();
  let victim = -1;
  const people: PersonModel[] = pub.people.map((p, i) => {
    if (seenPerson.has(p.id)) throw at(`/people/${i}/id`, `person id "${p.id}" repeats`);
    seenPerson.add(p.id);
    p.clues.forEach((clue, k) => {
      const pointer = `/people/${i}/clues/${k}`;
      if (clue.kind === 'victim') {
        if (victim >= 0) throw at(pointer, victim === i ? 'a second victim clue on the same card' : `a second victim (the first is "${pub.people[victim]!.id}")`);
        victim = i;
      }
      if ('room' in clue && !seenRoom.has(clue.room)) throw at(pointer + '/room', unknownIdText('room', clue.room, roomIds));
      if ('object' in clue && !objectIds.includes(clue.object)) throw at(pointer + '/object', unknownIdText('object', clue.object, objectIds));
      if ('person' in clue) {
        if (!personIds.includes(clue.person)) throw at(pointer + '/person', unknownIdText('person', clue.person, personIds));
        if (clue.person === p.id) throw at(pointer + '/person', `"${p.id}" cannot be compared with themselves`);
      }
      if (clue.kind === 'row' && clue.row >= n) throw at(pointer + '/row', `row ${clue.row} is off a ${n}×${n} board`);
      if (clue.kind === 'column' && clue.column >= n) throw at(pointer + '/column', `column ${clue.column} is off a ${n}×${n} board`);
    });
    return { id: p.id, name: p.name, gender: p.gender, clues: p.clues.map(clueFact) };
  });
  if (victim < 0) throw at('/people', 'no victim: exactly one card must carry the victim clue');
  const facts = (pub.facts ?? []).map((fact, k) => {
    const pointer = `/facts/${k}`;
    if ('object' in fact && !objectIds.includes(fact.object)) throw at(pointer + '/object', unknownIdText('object', fact.object, objectIds));
    if (fact.kind === 'peopleOnObject' && fact.count > n) throw at(pointer + '/count', `${fact.count} people, but the case has ${n}`);
    if (fact.kind === 'emptyRooms' && fact.count >= roomIds.length) throw at(pointer + '/count', `${fact.count} empty rooms, but the case has ${roomIds.length} rooms and the victim stands in one`);
    return caseFact(fact);
  });
  const model: CaseModel = { size: n, roomIds, roomOf, objectIds, blocking, objectsAt, people, facts, victim };
  let standable = 0;
  for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) if (isStandable(model, cellAt(r, c))) standable++;
  if (standable < n) throw at('/objects', `only ${standable} cells are inside the plan and free of blocking objects, fewer than ${n} people`);
  return model;
}

/**
 * The same case in an order fixed by its content, not its labels: rooms numbered by their first
 * cell (row by row) and named `room-0`, `room-1`, …; each card's clues sorted; people sorted by
 * gender and card. The ladder takes the first instance it meets, so a case's path (and with it
 * the work of its score) would otherwise follow the order of rooms, people and clues in the file;
 * two people with the same gender and card are interchangeable, so their order does not matter.
 */
export function canonicalModel(model: CaseModel): CaseModel {
  const newIndex = new Map<number, number>();
  for (let cell = 0; cell < model.roomOf.length; cell++) {
    const room = model.roomOf[cell]!;
    if (room >= 0 && !newIndex.has(room)) newIndex.set(room, newIndex.size);
  }
  const roomIds = model.roomIds.map((_, i) => `room-${i}`);
  const renamed = new Map(model.roomIds.map((id, i) => [id, roomIds[newIndex.get(i)!]!]));
  const roomOf = model.roomOf.map((room) => (room >= 0 ? newIndex.get(room)! : -1));
  const byContent = canonicalPeopleOrder(model.people, (fact) => ('room' in fact ? { ...fact, room: renamed.get(fact.room)! } : fact));
  const personIds = model.people.map((_, p) => `person-${byContent.indexOf(p)}`);
  const people = byContent.map((p) => {
    const person = model.people[p]!;
    const clues = person.clues.map((fact) => {
      if ('room' in fact) return { ...fact, room: renamed.get(fact.room)! };
      if ('person' in fact) return { ...fact, person: personIds[personIndexOf(model, fact.person)]! };
      return fact;
    });
    return { ...person, id: personIds[p]!, clues: sortedFacts(clues) };
  });
  const facts = sortedFacts(model.facts);
  return { ...model, roomIds, roomOf, people, facts, victim: byContent.indexOf(model.victim) };
}

function sortedFacts<F>(facts: readonly F[]): F[] {
  return facts.map((fact) => [JSON.stringify(fact), fact] as const).sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)).map(([, fact]) => fact);
}

/**
 * People (by index) in an order of their content: gender and sorted card, where a clue about
 * another person names that person by their own place in a first ordering that leaves such
 * references out. Two passes are enough to make the order independent of ids and file order.
 */
export function canonicalPeopleOrder(people: ReadonlyArray<Pick<PersonModel, 'id' | 'gender' | 'clues'>>, relabel: (fact: ClueFact) => ClueFact = (fact) => fact): number[] {
  const orderBy = (reference: (fact: ClueFact & { person: string }) => string) => {
    const keys = people.map((person) => {
      const cards = person.clues.map((fact) => relabel(fact)).map((fact) => JSON.stringify('person' in fact ? { ...fact, person: reference(fact) } : fact));
      return JSON.stringify([person.gender, cards.sort()]);
    });
    return people.map((_, p) => p).sort((a, b) => (keys[a]! < keys[b]! ? -1 : keys[a]! > keys[b]! ? 1 : 0));
  };
  const first = orderBy(() => '?');
  return orderBy((fact) => `#${first.indexOf(people.findIndex((p) => p.id === fact.person))}`);
}

/**
 * Validate a whole file (schema, then the model) and return both. Leniently: fields we do not
 * know are ignored, a secret may lack proof and seed.
 */
export function readCaseFile(data: unknown, where: InputPosition): { file: MurderCaseInput; model: CaseModel } {
  assertReadable<MurderCaseInput>(MurderCaseFile, data, where);
  const model = modelFromPublic(data.public, where);
  if (data.secret) checkSecret(data, model, where);
  return { file: data, model };
}

function checkSecret(file: MurderCaseInput, model: CaseModel, where: InputPosition): void {
  const { positions, murderer } = file.secret!.solution;
  const at = (pointer: string, reason: string) => new InputError(inside(where, '/secret/solution' + pointer), reason);
  for (const id of Object.keys(positions)) {
    if (!model.people.some((p) => p.id === id)) throw at(`/positions/${id}`, unknownIdText('person', id, model.people.map((p) => p.id)));
  }
  for (const p of model.people) {
    const cell = positions[p.id];
    if (!cell) throw at('/positions', `no position for "${p.id}"`);
    if (cell[0] >= model.size || cell[1] >= model.size) throw at(`/positions/${p.id}`, `[${cell.join(', ')}] is off the board`);
  }
  if (!model.people.some((p) => p.id === murderer)) throw at('/murderer', unknownIdText('person', murderer, model.people.map((p) => p.id)));
  if (murderer === model.people[model.victim]!.id) throw at('/murderer', 'the murderer is the victim');
}

function checkSquare(rows: unknown[][], n: number, field: string, at: (p: string, r: string) => InputError): void {
  if (rows.length !== n) throw at(field, `has ${rows.length} rows, expected ${n}`);
  rows.forEach((row, r) => {
    if (row.length !== n) throw at(`${field}/${r}`, `has ${row.length} entries, expected ${n}`);
  });
}

/** Rooms must be non-empty and connected under square adjacency. */
export function roomProblem(n: number, roomOf: Int8Array, roomCount: number): { pointer: string; reason: string } | null {
  const first = new Int16Array(roomCount).fill(-1);
  const size = new Int16Array(roomCount);
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      const room = roomOf[cellAt(r, c)]!;
      if (room < 0) continue;
      if (first[room] === -1) first[room] = cellAt(r, c);
      size[room]!++;
    }
  }
  for (let room = 0; room < roomCount; room++) {
    if (first[room] === -1) return { pointer: `/rooms/${room}`, reason: 'room has no cells in roomOf' };
    const seen = new Set<number>([first[room]!]);
    const stack = [first[room]!];
    while (stack.length) {
      const cell = stack.pop()!;
      const r = (cell / STRIDE) | 0, c = cell % STRIDE;
      for (const [dr, dc] of [[0, 1], [0, -1], [1, 0], [-1, 0]] as const) {
        const rr = r + dr, cc = c + dc;
        if (rr < 0 || cc < 0 || rr >= n || cc >= n) continue;
        const next = cellAt(rr, cc);
        if (roomOf[next] === room && !seen.has(next)) {
          seen.add(next);
          stack.push(next);
        }
      }
    }
    if (seen.size === size[room]) continue;
    for (let r = 0; r < n; r++) {
      for (let c = 0; c < n; c++) {
        if (roomOf[cellAt(r, c)] === room && !seen.has(cellAt(r, c))) return { pointer: `/roomOf/${r}/${c}`, reason: `room ${room} is not connected` };
      }
    }
  }
  return null;
}

function checkFloors(pub: MurderPublicInput, n: number, roomOf: Int8Array, at: (p: string, r: string) => InputError): void {
  if (pub.floors) {
    const known = new Set(pub.floors.map((f) => f.id));
    pub.rooms.forEach((room, i) => {
      if (!known.has(room.floor)) throw at(`/rooms/${i}/floor`, `unknown floor "${room.floor}"`);
    });
  }
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      const a = roomOf[cellAt(r, c)]!;
      if (a < 0) continue;
      for (const [rr, cc] of [[r, c + 1], [r + 1, c]] as const) {
        if (rr >= n || cc >= n) continue;
        const b = roomOf[cellAt(rr, cc)]!;
        if (b >= 0 && a !== b && pub.rooms[a]!.floor === pub.rooms[b]!.floor) {
          throw at(`/rooms/${b}/floor`, `rooms "${pub.rooms[a]!.id}" and "${pub.rooms[b]!.id}" share a wall and the floor "${pub.rooms[a]!.floor}"`);
        }
      }
    }
  }
}
