/**
 * The case as the solvers see it: flat arrays over cells (`r·9 + c`, see cells.ts), rooms and
 * people by index, clues without their texts. Built from a file's `public` part after the schema
 * passed, with the checks a schema cannot express (square grids of the stated size, rooms that are
 * connected and non-empty, clues that name existing rooms and rows, exactly one victim); every
 * failure is an InputError with a JSON pointer.
 */
import { InputError, type InputPosition, inside, shortJson } from '../core/errors.ts';
import { assertReadable } from '../core/schema.ts';
import { isBlockingCode, OBJECT_CODE, type ObjectId } from './catalogue/objects.ts';
import { cellAt, STRIDE } from './cells.ts';
import { CLUE_VARIANTS, MurderCaseFile, type ClueFact, type MurderCaseInput, type MurderPublic } from './schema.ts';
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
  /** Room index per cell (`r·9 + c`); −1 off the board. */
  roomOf: Int8Array;
  /** Object code per cell (OBJECT_CODE); −1 for bare floor and off the board. */
  objectAt: Int8Array;
  people: readonly PersonModel[];
  /** Index of the person whose card carries the victim clue. */
  victim: number;
}

/** Cell of (row, column) is on the board and free of blocking objects. */
export function isStandable(model: CaseModel, cell: number): boolean {
  const code = model.objectAt[cell]!;
  return model.roomOf[cell]! >= 0 && (code < 0 || !isBlockingCode(code));
}

export function roomIndexOf(model: CaseModel, roomId: string): number {
  return model.roomIds.indexOf(roomId);
}

/**
 * A person or room id the case lacks, with the ids it has: `unknown person "zed" (the case's
 * people: "ada", "bob", "cyd")` — whoever wrote it (a player's position, a proof, a file) learns
 * what it may be. The one wording of every such refusal.
 */
export function unknownIdText(what: 'person' | 'room', id: string, known: readonly string[]): string {
  return `unknown ${what} ${shortJson(id)} (the case's ${what === 'person' ? 'people' : 'rooms'}: ${known.map((k) => JSON.stringify(k)).join(', ')})`;
}

/** The parameters of each clue kind, in schema order, from the schema itself. */
const CLUE_PARAMS: ReadonlyMap<string, readonly string[]> = new Map(
  CLUE_VARIANTS.map((variant) => [
    (variant.properties.kind as unknown as { const: string }).const,
    Object.keys(variant.properties).filter((key) => key !== 'kind' && key !== 'text'),
  ]),
);

/** A file's clue as a fact: its kind and parameters only (no text, no fields we do not know). */
export function clueFact(clue: MurderPublic['people'][number]['clues'][number]): ClueFact {
  const source = clue as unknown as Record<string, unknown>;
  const fact: Record<string, unknown> = { kind: clue.kind };
  for (const key of CLUE_PARAMS.get(clue.kind) ?? []) fact[key] = source[key];
  return fact as ClueFact;
}

/** A model from a `public` part that passed the schema; throws InputError for what it cannot express. */
export function modelFromPublic(pub: MurderPublic, where: InputPosition): CaseModel {
  const n = pub.size;
  const at = (pointer: string, reason: string) => new InputError(inside(where, '/public' + pointer), reason);

  const roomIds = pub.rooms.map((r) => r.id);
  const seenRoom = new Map<string, number>();
  roomIds.forEach((id, i) => {
    if (seenRoom.has(id)) throw at(`/rooms/${i}/id`, `room id "${id}" repeats room ${seenRoom.get(id)}`);
    seenRoom.set(id, i);
  });

  const roomOf = new Int8Array(STRIDE * STRIDE).fill(-1);
  const objectAt = new Int8Array(STRIDE * STRIDE).fill(-1);
  checkSquare(pub.roomOf, n, '/roomOf', at);
  checkSquare(pub.objects, n, '/objects', at);
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      const id = pub.roomOf[r]![c]!;
      const index = seenRoom.get(id);
      if (index === undefined) throw at(`/roomOf/${r}/${c}`, unknownIdText('room', id, roomIds));
      roomOf[cellAt(r, c)] = index;
      const object = pub.objects[r]![c];
      if (object !== null && object !== undefined) objectAt[cellAt(r, c)] = OBJECT_CODE[object as ObjectId];
    }
  }
  const problem = roomProblem(n, roomOf, roomIds.length);
  if (problem) throw at(problem.pointer, problem.reason);
  checkFloors(pub, n, roomOf, at);

  if (pub.people.length !== n) throw at('/people', `has ${pub.people.length} people, expected ${n} (one per row)`);
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
      if ((clue.kind === 'inRoom' || clue.kind === 'notInRoom' || clue.kind === 'withAnother') && !seenRoom.has(clue.room)) {
        throw at(pointer + '/room', unknownIdText('room', clue.room, roomIds));
      }
      if (clue.kind === 'row' && clue.row >= n) throw at(pointer + '/row', `row ${clue.row} is off a ${n}×${n} board`);
      if (clue.kind === 'column' && clue.column >= n) throw at(pointer + '/column', `column ${clue.column} is off a ${n}×${n} board`);
    });
    return { id: p.id, name: p.name, gender: p.gender, clues: p.clues.map(clueFact) };
  });
  if (victim < 0) throw at('/people', 'no victim: exactly one card must carry the victim clue');
  let standable = 0;
  for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) if (objectAt[cellAt(r, c)]! < 0 || !isBlockingCode(objectAt[cellAt(r, c)]!)) standable++;
  if (standable < n) throw at('/objects', `only ${standable} cells are free of blocking objects, fewer than ${n} people`);
  return { size: n, roomIds, roomOf, objectAt, people, victim };
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
  const keyed = model.people.map((person, i) => {
    const clues = person.clues.map((fact) => ('room' in fact ? { ...fact, room: renamed.get(fact.room)! } : fact));
    const sorted = clues.map((fact) => [JSON.stringify(fact), fact] as const).sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    const key = JSON.stringify([person.gender, sorted.map(([text]) => text)]);
    return { key, person: { ...person, clues: sorted.map(([, fact]) => fact) }, victim: i === model.victim };
  });
  keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return { size: model.size, roomIds, roomOf, objectAt: model.objectAt, people: keyed.map((k) => k.person), victim: keyed.findIndex((k) => k.victim) };
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

function checkFloors(pub: MurderPublic, n: number, roomOf: Int8Array, at: (p: string, r: string) => InputError): void {
  if (pub.floors) {
    const known = new Set(pub.floors.map((f) => f.id));
    pub.rooms.forEach((room, i) => {
      if (!known.has(room.floor)) throw at(`/rooms/${i}/floor`, `unknown floor "${room.floor}"`);
    });
  }
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      const a = roomOf[cellAt(r, c)]!;
      for (const [rr, cc] of [[r, c + 1], [r + 1, c]] as const) {
        if (rr >= n || cc >= n) continue;
        const b = roomOf[cellAt(rr, cc)]!;
        if (a !== b && pub.rooms[a]!.floor === pub.rooms[b]!.floor) {
          throw at(`/rooms/${b}/floor`, `rooms "${pub.rooms[a]!.id}" and "${pub.rooms[b]!.id}" share a wall and the floor "${pub.rooms[a]!.floor}"`);
        }
      }
    }
  }
}
