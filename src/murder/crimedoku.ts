/**
 * Cases in the JSON format of the open-source crimedoku-solver (github.com/gusilvo/crimedoku-solver):
 * read into our case (`fromCrimedoku`, then `importedCaseFile`: counted, proven, graded, texts in
 * German and English) and written back (`toCrimedoku`). Pure: no I/O; the CLI wires it
 * (`import --from crimedoku`, `export --to crimedoku`).
 *
 *   { "grid": { "rows", "cols", "cells": [{ "row", "col", "room", "objects": [...] }] },
 *     "people": [names], "victim": name, "clues": [{ "type", "person", ..., "invert"? }] }
 *
 * Cells the file does not list are outside the plan (its "void" cells). Every clue keeps the
 * meaning that tool's README documents (table below, src/murder/README.md "Cases from crimedoku");
 * where its README and its code disagree (next_to_object, not_next_to_wall) the README wins, and
 * `reading: 'code'` follows its code instead.
 *
 *   crimedoku                               ours
 *   in_room (+invert)                       inRoom / notInRoom
 *   on_object (+invert)                     onObject / notOnObject
 *   next_to_object (+invert)                adjacentObject / notAdjacentObject   (code: besideObject / notBesideObject)
 *   not_next_to_wall                        notBesideEdge                        (code: notBesideWall)
 *   with_person, in_same_room_as_person     sameRoomAs / notSameRoomAs (invert)
 *   only_with_person                        onlyWith
 *   alone_in_room(room)                     inRoom(room) + alone, on one card
 *   in_corner, at_corner                    roomCorner
 *   below_person / above_person             below / above
 *   at_column                               column
 *   same_column_as_object(different_room)   sameColumnAsObject, where ownRoom / otherRoom
 *   left_of(target object, different_room)  leftOfObject, where ownRoom / otherRoom
 *   only_on_object                          onlyOnObject
 *   only_one_person_on(object)              case fact peopleOnObject atMost 1
 *   alone_with_murderer(victim)             victim (the victim's card always has it)
 *
 * Errors: an `InputError` when the file is no crimedoku case (its own loader would refuse it: not
 * an object, fields missing or of the wrong type, an unknown object, person or room name); a
 * `CaseRefused` when it is one but cannot be ours (a clue type we do not know, `invert` where that
 * tool ignores it, a grid that is not square with one row per person, 4..9, no or several
 * solutions, beyond the ladder, or what our model refuses, such as a room in two pieces).
 */
import { nodeLimit, type SearchBudget } from '../core/budget.ts';
import { InputError, inside, shortJson, type InputPosition } from '../core/errors.ts';
import { sha256Hex } from '../core/sha256.ts';
import { MURDER_CASE } from '../core/formats.ts';
import { caseId, positionsOf, proofNamesOf, proofSteps } from './case-file.ts';
import { NAMES } from './catalogue/names.ts';
import { isBuiltinObject, OBJECT_CODE, OBJECT_IDS, type ObjectId } from './catalogue/objects.ts';
import { SETTINGS, type Floor } from './catalogue/settings.ts';
import { countSolutions } from './counter.ts';
import { modelFromPublic, objectsOn } from './model.ts';
import { LEVEL_NAMES, proveCase, scoreCase } from './prover/prove.ts';
import type { CaseFact, ClueFact, MurderCaseFile, MurderPublic, MurderPublicInput } from './schema.ts';
import { clueText, factText, type TextContext } from './texts/clues.ts';
import { englishPlace, germanPlace, type Gender, type Place } from './texts/grammar.ts';
import { murdererOf } from './truth.ts';
import { countProblem, stuckReason, verifyCase } from './verify.ts';

/** How to read the two clues whose README and code disagree: as documented (default) or as its code counts. */
export const CRIMEDOKU_READINGS = ['readme', 'code'] as const;
export type CrimedokuReading = (typeof CRIMEDOKU_READINGS)[number];

/** A readable crimedoku case that cannot be a puzzlemill case (exit 1): the reason in one line. */
export class CaseRefused extends Error {
  override readonly name = 'CaseRefused';
}

/** crimedoku's objects (models/cell.py) and ours: the same names, the same blocking. */
export const CRIMEDOKU_OBJECTS: Readonly<Record<string, ObjectId>> = {
  window: 'window',
  bed: 'bed',
  carpet: 'carpet',
  chair: 'chair',
  gift: 'gift',
  cash_register: 'cash-register',
  plant: 'plant',
  table: 'table',
  tv: 'tv',
  bookshelf: 'bookshelf',
  rubbish: 'rubbish',
  rock: 'rock',
  computer: 'computer',
  box: 'box',
  statue: 'statue',
};
const OUR_OBJECT_NAMES: ReadonlyMap<string, string> = new Map(Object.entries(CRIMEDOKU_OBJECTS).map(([theirs, ours]) => [ours, theirs]));

/** The clue types of crimedoku's registry (clues/registry.py). */
export const CRIMEDOKU_CLUE_TYPES = [
  'in_room', 'on_object', 'only_on_object', 'only_one_person_on', 'next_to_object', 'alone_with_murderer', 'with_person',
  'in_same_room_as_person', 'alone_in_room', 'in_corner', 'at_corner', 'not_next_to_wall', 'below_person', 'above_person',
  'at_column', 'same_column_as_object', 'left_of', 'only_with_person',
] as const;
/** The types whose code reads `invert` (elsewhere that tool ignores it). */
const INVERTIBLE = new Set(['in_room', 'on_object', 'next_to_object', 'with_person', 'in_same_room_as_person']);

export interface CrimedokuCell {
  row: number;
  col: number;
  room: string;
  objects?: string[];
}
export interface CrimedokuClue {
  type: string;
  person?: string;
  [key: string]: unknown;
}
export interface CrimedokuCase {
  grid: { rows: number; cols: number; cells: CrimedokuCell[] };
  people: string[];
  victim: string;
  clues: CrimedokuClue[];
}

/** `--from auto`: a crimedoku case by its fields ("grid" with "cells", "people", "victim", "clues"). */
export function isCrimedoku(value: unknown): boolean {
  if (!isObject(value)) return false;
  return isObject(value.grid) && Array.isArray(value.grid.cells) && Array.isArray(value.people) && 'victim' in value && Array.isArray(value.clues);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An id from a name: lower case a-z, 0-9 and hyphens ("Anna-Lena Ö." → "anna-lena-o"). */
export function slug(name: string): string {
  const s = name.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
  return s.slice(0, 60).replace(/-+$/, '') || 'x';
}

/** "living_room" → "Living room". */
export function humanise(key: string): string {
  const words = key.replace(/[_\-\s]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1).toLowerCase();
}

/** Unique ids for a list of names, in order: a repeated slug gets "-2", "-3", … */
function uniqueSlugs(names: readonly string[]): string[] {
  const used = new Set<string>();
  return names.map((name) => {
    const base = slug(name);
    let id = base;
    for (let k = 2; used.has(id); k++) id = `${base}-${k}`;
    used.add(id);
    return id;
  });
}

const GENDER_OF_NAME: ReadonlyMap<string, Gender> = new Map([...NAMES.f.map((n) => [n.toLowerCase(), 'f' as const] as const), ...NAMES.m.map((n) => [n.toLowerCase(), 'm' as const] as const)]);

/** Every room type of our settings by its English word and by its id: a name we can translate. */
const ROOM_TYPES: ReadonlyMap<string, Place> = (() => {
  const map = new Map<string, Place>();
  for (const setting of SETTINGS) {
    for (const type of setting.rooms) {
      if (!map.has(type.place.en.word)) map.set(type.place.en.word, type.place);
      if (!map.has(type.id.replace(/-/g, ' '))) map.set(type.id.replace(/-/g, ' '), type.place);
    }
  }
  return map;
})();

/** The floors of every setting, once each: greedy colouring picks from these in order. */
const FLOORS: readonly Floor[] = [...new Map(SETTINGS.flatMap((s) => s.floors).map((f) => [f.id, f])).values()];

/**
 * A room's name and phrases: a room type of our settings when its words are one ("living_room" →
 * Wohnzimmer / living room), else the words themselves, in German as a named room ("im Raum
 * „Secret lab“"): we have no German for them and say so rather than guess a gender.
 */
export function roomWords(key: string): { name: { de: string; en: string }; place: Place } {
  const words = humanise(key);
  const known = ROOM_TYPES.get(words.toLowerCase());
  if (known) return { name: { de: known.de.word, en: words }, place: known };
  return { name: { de: words, en: words }, place: { de: { word: `Raum „${words}“`, gender: 'm', prep: 'in' }, en: { word: words.toLowerCase(), prep: 'in' } } };
}

export interface FromCrimedokuOptions {
  reading?: CrimedokuReading;
  /** Genders by person name (`--gender NAME=f|m`); they win over our list of first names. */
  genders?: Readonly<Record<string, Gender>>;
}

export interface FromCrimedoku {
  /** The public part, without a level (importedCaseFile grades it). */
  pub: MurderPublicInput;
  /** One line each: a person whose gender was guessed. */
  warnings: string[];
}

/** A crimedoku case as our `public` part, with card texts. Throws InputError or CaseRefused. */
export function fromCrimedoku(value: unknown, where: InputPosition, options: FromCrimedokuOptions = {}): FromCrimedoku {
  const reading = options.reading ?? 'readme';
  const at = (pointer: string, reason: string) => new InputError(inside(where, pointer), reason);
  if (!isObject(value)) throw at('', 'a crimedoku case is a JSON object');
  const grid = value.grid;
  if (!isObject(grid)) throw at('/grid', 'missing or not an object');
  const rows = grid.rows, cols = grid.cols;
  if (!Number.isInteger(rows) || (rows as number) < 1) throw at('/grid/rows', `expected a positive integer, found ${shortJson(rows)}`);
  if (!Number.isInteger(cols) || (cols as number) < 1) throw at('/grid/cols', `expected a positive integer, found ${shortJson(cols)}`);
  if (!Array.isArray(grid.cells)) throw at('/grid/cells', 'missing or not a list');
  const people = value.people;
  if (!Array.isArray(people) || people.some((p) => typeof p !== 'string' || p === '')) throw at('/people', 'expected a list of names');
  const names = people as string[];
  names.forEach((name, i) => {
    if (names.indexOf(name) !== i) throw at(`/people/${i}`, `"${name}" is named twice`);
  });
  if (typeof value.victim !== 'string') throw at('/victim', 'expected a name');
  if (!names.includes(value.victim)) throw at('/victim', `"${value.victim}" is not one of the people`);
  if (!Array.isArray(value.clues)) throw at('/clues', 'missing or not a list');

  // What our cases can be, before anything the size of the grid is made.
  const nRows = rows as number, nCols = cols as number;
  if (nRows !== nCols) throw new CaseRefused(`the grid is ${nRows}×${nCols}: a puzzlemill case is square`);
  const n = nRows;
  if (n < 4 || n > 9) throw new CaseRefused(`the grid is ${n}×${n}: a puzzlemill case is 4×4 to 9×9`);
  if (names.length !== n) throw new CaseRefused(`${names.length} people on a ${n}×${n} grid: a puzzlemill case has one person per row and column`);

  // The cells: rooms, objects; unlisted cells are outside the plan.
  const roomKey: (string | null)[][] = Array.from({ length: nRows }, () => Array<string | null>(nCols).fill(null));
  const listed: boolean[][] = Array.from({ length: nRows }, () => Array<boolean>(nCols).fill(false));
  const objectIds: string[][][] = Array.from({ length: nRows }, () => Array.from({ length: nCols }, () => [] as string[]));
  grid.cells.forEach((cell: unknown, i: number) => {
    const pointer = `/grid/cells/${i}`;
    if (!isObject(cell)) throw at(pointer, 'expected an object { row, col, room, objects }');
    const { row, col, room } = cell;
    if (!Number.isInteger(row) || (row as number) < 0 || (row as number) >= nRows) throw at(pointer + '/row', `expected 0..${nRows - 1}, found ${shortJson(row)}`);
    if (!Number.isInteger(col) || (col as number) < 0 || (col as number) >= nCols) throw at(pointer + '/col', `expected 0..${nCols - 1}, found ${shortJson(col)}`);
    if (typeof room !== 'string' || room === '') throw at(pointer + '/room', 'expected a room name');
    const r = row as number, c = col as number;
    if (listed[r]![c]) throw at(pointer, `cell [${r}, ${c}] is listed twice`);
    listed[r]![c] = true;
    const objects = cell.objects ?? [];
    if (!Array.isArray(objects)) throw at(pointer + '/objects', 'expected a list of object names');
    // crimedoku's own filler for cells a file leaves out: room "__void__" is outside the plan, as an unlisted cell
    if (room === VOID) {
      if (objects.some((name: unknown) => typeof name !== 'string' || name.toLowerCase() !== VOID)) throw at(pointer + '/objects', `objects on a "${VOID}" cell, which is outside the plan`);
      return;
    }
    roomKey[r]![c] = room;
    objects.forEach((name: unknown, k: number) => {
      // the "__void__" object inside a room: a cell of that room nobody can stand on
      if (typeof name === 'string' && name.toLowerCase() === VOID) {
        if (!objectIds[r]![c]!.includes(VOID_OBJECT.id)) objectIds[r]![c]!.push(VOID_OBJECT.id);
        return;
      }
      const id = typeof name === 'string' ? CRIMEDOKU_OBJECTS[name.toLowerCase()] : undefined;
      if (!id || !Object.hasOwn(CRIMEDOKU_OBJECTS, (name as string).toLowerCase())) throw at(`${pointer}/objects/${k}`, unknownObject(name, true));
      if (!objectIds[r]![c]!.includes(id)) objectIds[r]![c]!.push(id);
    });
  });


  // Rooms in order of first appearance, row by row.
  const keys: string[] = [];
  for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) if (roomKey[r]![c] !== null && !keys.includes(roomKey[r]![c]!)) keys.push(roomKey[r]![c]!);
  const roomIds = uniqueSlugs(keys);
  const roomIdOf = new Map(keys.map((key, i) => [key, roomIds[i]!]));
  const words = keys.map(roomWords);
  const placeOf = new Map(roomIds.map((id, i) => [id, words[i]!.place]));
  const floors = colourRooms(n, keys.length, (r, c) => (roomKey[r]![c] === null ? -1 : keys.indexOf(roomKey[r]![c]!)));

  // People: ids, genders.
  const personIds = uniqueSlugs(names);
  const idOfName = new Map(names.map((name, i) => [name, personIds[i]!]));
  const warnings: string[] = [];
  const genders = names.map((name): Gender => {
    // own properties only: a person called "constructor" is no gender
    const given = options.genders && Object.hasOwn(options.genders, name) ? options.genders[name] : undefined;
    if (given) return given;
    const listed = GENDER_OF_NAME.get(name.toLowerCase());
    if (listed) return listed;
    warnings.push(`gender of "${name}" unknown, taken as m (give --gender ${name}=f or =m); the cards name the person, so no text shows it`);
    return 'm';
  });
  for (const name of Object.keys(options.genders ?? {})) if (!names.includes(name)) warnings.push(`--gender ${name}: the case has nobody of that name`);

  // Clues, card by card.
  const victim = names.indexOf(value.victim);
  const cards: ClueFact[][] = names.map((_, p) => (p === victim ? [{ kind: 'victim' }] : []));
  const facts: CaseFact[] = [];
  (value.clues as unknown[]).forEach((spec, i) => {
    const pointer = `/clues/${i}`;
    if (!isObject(spec)) throw at(pointer, 'expected an object { type, person, … }');
    const type = spec.type;
    if (typeof type !== 'string') throw at(pointer + '/type', 'expected a clue type');
    const label = `clue ${i} (${type}${typeof spec.person === 'string' ? `, "${spec.person}"` : ''})`;
    if (!(CRIMEDOKU_CLUE_TYPES as readonly string[]).includes(type)) {
      throw new CaseRefused(`${label}: not a crimedoku clue type we know (${CRIMEDOKU_CLUE_TYPES.join(', ')})`);
    }
    const invert = spec.invert ?? false;
    if (typeof invert !== 'boolean') throw at(pointer + '/invert', 'expected true or false');
    if (invert && !INVERTIBLE.has(type)) throw new CaseRefused(`${label}: "invert" is ignored there by crimedoku itself (only ${[...INVERTIBLE].join(', ')} read it), so the clue would not mean what it says`);
    const object = (field = 'object'): ObjectId => {
      const name = spec[field];
      const id = typeof name === 'string' && Object.hasOwn(CRIMEDOKU_OBJECTS, name.toLowerCase()) ? CRIMEDOKU_OBJECTS[name.toLowerCase()] : undefined;
      if (!id) throw at(`${pointer}/${field}`, `${label}: ${unknownObject(name)}`);
      return id;
    };
    if (type === 'only_one_person_on') {
      facts.push({ kind: 'peopleOnObject', object: object(), compare: 'atMost', count: 1 });
      return;
    }
    const personOf = (field: string): number => {
      const name = spec[field];
      if (typeof name !== 'string' || !names.includes(name)) throw at(`${pointer}/${field}`, `${label}: ${typeof name === 'string' ? `"${name}" is not one of the people` : 'expected a person\'s name'}`);
      return names.indexOf(name);
    };
    const p = personOf('person');
    const other = (): string => {
      const q = personOf('target');
      if (q === p) throw new CaseRefused(`${label}: compares "${names[p]}" with themselves`);
      return idOfName.get(names[q]!)!;
    };
    const room = (): string => {
      const key = spec.room;
      if (typeof key !== 'string' || !roomIdOf.has(key)) throw at(`${pointer}/room`, `${label}: ${typeof key === 'string' ? `no cell is in the room "${key}"` : 'expected a room name'} (the rooms: ${keys.map((k) => JSON.stringify(k)).join(', ')})`);
      return roomIdOf.get(key)!;
    };
    const where = () => {
      const d = spec.different_room ?? false;
      if (typeof d !== 'boolean') throw at(`${pointer}/different_room`, 'expected true or false');
      return d ? ('otherRoom' as const) : ('ownRoom' as const);
    };
    const add = (...clues: ClueFact[]) => cards[p]!.push(...clues);
    switch (type) {
      case 'in_room':
        return add({ kind: invert ? 'notInRoom' : 'inRoom', room: room() });
      case 'on_object':
        return add({ kind: invert ? 'notOnObject' : 'onObject', object: object() });
      case 'next_to_object':
        if (reading === 'code') return add({ kind: invert ? 'notBesideObject' : 'besideObject', object: object() });
        return add({ kind: invert ? 'notAdjacentObject' : 'adjacentObject', object: object() });
      case 'not_next_to_wall':
        return add({ kind: reading === 'code' ? 'notBesideWall' : 'notBesideEdge' });
      case 'only_on_object':
        return add({ kind: 'onlyOnObject', object: object() });
      case 'alone_with_murderer':
        if (p !== victim) throw new CaseRefused(`${label}: "${names[p]}" is not the victim ("${value.victim}"); only the victim is alone with the murderer`);
        return;
      case 'with_person':
      case 'in_same_room_as_person':
        return add({ kind: invert ? 'notSameRoomAs' : 'sameRoomAs', person: other() });
      case 'only_with_person':
        return add({ kind: 'onlyWith', person: other() });
      case 'alone_in_room':
        return add({ kind: 'inRoom', room: room() }, { kind: 'alone' });
      case 'in_corner':
      case 'at_corner':
        return add({ kind: 'roomCorner' });
      case 'below_person':
        return add({ kind: 'below', person: other() });
      case 'above_person':
        return add({ kind: 'above', person: other() });
      case 'at_column': {
        const column = spec.column;
        if (!Number.isInteger(column) || (column as number) < 0 || (column as number) >= n) throw at(`${pointer}/column`, `${label}: expected a column 0..${n - 1}, found ${shortJson(column)}`);
        return add({ kind: 'column', column: column as number });
      }
      case 'same_column_as_object':
        return add({ kind: 'sameColumnAsObject', object: object(), where: where() });
      case 'left_of':
        return add({ kind: 'leftOfObject', object: object('target'), where: where() });
    }
  });

  // cards name their person ("Anna war …"): a guessed gender never shows in a text
  const nameOfId = new Map(personIds.map((id, p) => [id, names[p]!]));
  const context: TextContext = { size: n, place: (id) => placeOf.get(id)!, person: (id) => nameOfId.get(id) ?? id, named: () => true };
  const pub: MurderPublicInput = {
    size: n,
    floors: [...new Set(floors)].sort((a, b) => a - b).map((k) => ({ id: FLOORS[k]!.id, name: { ...FLOORS[k]!.name } })),
    rooms: roomIds.map((id, i) => ({ id, name: words[i]!.name, floor: FLOORS[floors[i]!]!.id, at: { de: germanPlace(words[i]!.place), en: englishPlace(words[i]!.place) } })),
    roomOf: roomKey.map((row) => row.map((key) => (key === null ? null : roomIdOf.get(key)!))),
    objects: objectIds.map((row) => row.map((ids) => cellObjects(ids))),
    people: names.map((name, p) => ({
      id: personIds[p]!,
      name,
      gender: genders[p]!,
      clues: unique(cards[p]!).map((fact) => ({ ...fact, text: clueText(fact, genders[p]!, context, name) }) as MurderPublic['people'][number]['clues'][number]),
    })),
  };
  if (objectIds.some((row) => row.some((ids) => ids.includes(VOID_OBJECT.id)))) pub.objectTypes = [VOID_OBJECT];
  const keptFacts = unique(facts);
  if (keptFacts.length > 0) pub.facts = keptFacts.map((fact) => ({ ...fact, text: factText(fact, context) }) as NonNullable<MurderPublic['facts']>[number]);
  return { pub, warnings };
}

/** crimedoku's name for a blocked cell (models/cell.py VOID). */
const VOID = '__void__';
/** A "__void__" object inside a room, declared as a blocking object of the case. */
const VOID_OBJECT = { id: 'void', blocking: true, name: { de: { word: 'Sperrfläche', gender: 'f' as const }, en: { word: 'blocked cell' } } };

/** On a cell, "__void__" is one of crimedoku's objects too; a clue cannot name it. */
function unknownObject(name: unknown, onCell = false): string {
  return `unknown object ${shortJson(name)} (crimedoku's objects: ${[...Object.keys(CRIMEDOKU_OBJECTS), ...(onCell ? [VOID] : [])].join(', ')})`;
}

/** A cell's objects as the file holds them: null, one id, or several in our code order. */
function cellObjects(ids: readonly string[]): string | string[] | null {
  if (ids.length === 0) return null;
  if (ids.length === 1) return ids[0]!;
  // in code order: the built-in ones, then the declared "void"
  const code = (id: string) => (isBuiltinObject(id) ? OBJECT_CODE[id] : OBJECT_IDS.length);
  return [...ids].sort((a, b) => code(a) - code(b));
}

/** The same clue or fact twice on one card says it once. */
function unique<T>(items: readonly T[]): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const key = JSON.stringify(item);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Floors (indices into FLOORS) so that rooms sharing a wall differ: greedy, rooms in order. */
function colourRooms(n: number, count: number, roomAt: (r: number, c: number) => number): number[] {
  const neighbours = Array.from({ length: count }, () => new Set<number>());
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      const a = roomAt(r, c);
      if (a < 0) continue;
      for (const [rr, cc] of [[r + 1, c], [r, c + 1]] as const) {
        if (rr >= n || cc >= n) continue;
        const b = roomAt(rr, cc);
        if (b >= 0 && b !== a) {
          neighbours[a]!.add(b);
          neighbours[b]!.add(a);
        }
      }
    }
  }
  const colour: number[] = [];
  for (let room = 0; room < count; room++) {
    let k = 0;
    while ([...neighbours[room]!].some((other) => other < room && colour[other] === k)) k++;
    colour.push(k);
  }
  return colour;
}

/**
 * An imported `public` part as a whole case file: the counter finds exactly one solution (within
 * the node budget), the prover places everyone (its level, score and proof go in), and the secret
 * holds the solution and the murderer. Throws CaseRefused with the one-line reason otherwise.
 */
export function importedCaseFile(pub: MurderPublicInput, origin: string, budget: SearchBudget = {}): MurderCaseFile {
  let model;
  try {
    model = modelFromPublic(pub, { source: 'case' });
  } catch (e) {
    if (e instanceof InputError) throw new CaseRefused(`cannot be a puzzlemill case: ${e.position.pointer ?? ''} ${e.reason}`.replace(/: +/, ': '));
    throw e;
  }
  const counted = countSolutions(model, { limit: 2, maxNodes: nodeLimit(budget) });
  const problem = countProblem(model, counted, budget);
  if (problem) throw new CaseRefused(problem);
  const solution = counted.solutions[0]!;
  const proof = proveCase(model, { names: proofNamesOf(pub) });
  if (proof.status !== 'solved') throw new CaseRefused(proof.status === 'contradiction' ? 'the prover reached a contradiction: the clues cannot all hold' : stuckReason(proof.level, true));
  if (!proof.cells || proof.cells.some((cell, p) => cell !== solution[p])) throw new CaseRefused('the prover placed everyone elsewhere than the only solution (a prover rule is wrong for a clue of this case)');
  const level = Math.max(1, proof.level);
  const full = { ...pub, level: { level, name: LEVEL_NAMES[level]!, score: scoreCase(model)! } } as MurderPublic;
  const digest = sha256Hex(JSON.stringify(full)).slice(0, 16);
  const file: MurderCaseFile = {
    format: MURDER_CASE,
    version: 1,
    id: caseId(full),
    public: full,
    secret: {
      solution: { positions: positionsOf(model, solution), murderer: model.people[murdererOf(model, solution)]!.id },
      proof: { steps: proofSteps(proof.steps, model) },
      seed: `import/${origin}/${digest}`,
    },
  };
  // the file as verify sees it (the proof replayed, texts and the player form checked for leaks)
  const verdict = verifyCase(file, { source: 'case' }, budget);
  if (!verdict.ok) throw new CaseRefused(verdict.problems.join('; '));
  return file;
}

// ——— export ———

/** A case crimedoku's format cannot say, with the reason in one line (export: exit 1 for that file; the others still go out). */
export class NotExpressible extends Error {
  override readonly name = 'NotExpressible';
}

/**
 * Our case as a crimedoku case: the plan (cells outside it left out), names, the victim, every clue
 * as the crimedoku clue of the same meaning. Throws NotExpressible for what that format cannot
 * say: declared objects, objects it lacks, clue kinds it lacks (row, withAnother, notRoomCorner,
 * leftOf a person, …), "alone" without a room on the card, facts other than "at most one person
 * on" an object. `reading` must be the one the case will be read back with.
 */
export function toCrimedoku(pub: MurderPublicInput, options: { reading?: CrimedokuReading } = {}): CrimedokuCase {
  const reading = options.reading ?? 'readme';
  const refuse = (reason: string): never => {
    throw new NotExpressible(reason);
  };
  const n = pub.size;
  // the one declared object crimedoku has: a blocked cell of a room (its "__void__" object)
  const hasVoid = (pub.objectTypes ?? []).some((t) => t.id === VOID_OBJECT.id && t.blocking);
  const declared = (pub.objectTypes ?? []).filter((t) => !(t.id === VOID_OBJECT.id && t.blocking));
  if (declared.length) refuse(`declares its own objects (${declared.map((t) => t.id).join(', ')}): crimedoku knows only its ${Object.keys(CRIMEDOKU_OBJECTS).length}`);
  const theirObject = (id: string, what: string): string => (hasVoid && id === VOID_OBJECT.id ? VOID : undefined) ?? OUR_OBJECT_NAMES.get(id) ?? refuse(`${what}: crimedoku has no object "${id}" (its objects: ${Object.keys(CRIMEDOKU_OBJECTS).join(', ')})`);
  const cells: CrimedokuCell[] = [];
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      const room = pub.roomOf[r]![c];
      if (room === null || room === undefined) continue;
      const ids = objectsOn(pub.objects[r]![c]);
      const cell: CrimedokuCell = { row: r, col: c, room };
      if (ids.length > 0) cell.objects = ids.map((id) => theirObject(id, `cell [${r}, ${c}]`));
      cells.push(cell);
    }
  }
  const names = pub.people.map((p) => p.name);
  names.forEach((name, i) => {
    if (names.indexOf(name) !== i) refuse(`two people are called "${name}": crimedoku tells people by name`);
  });
  const nameOf = (id: string) => pub.people.find((p) => p.id === id)?.name ?? id;
  const victim = pub.people.find((p) => p.clues.some((c) => c.kind === 'victim'));
  if (!victim) refuse('no victim');
  const clues: CrimedokuClue[] = [];
  for (const person of pub.people) {
    const facts = person.clues as unknown as ClueFact[];
    // alone + inRoom on one card → alone_in_room (the inRoom is used up)
    let aloneRoom: string | null = null;
    if (facts.some((f) => f.kind === 'alone')) {
      const inRoom = facts.find((f) => f.kind === 'inRoom');
      if (!inRoom || inRoom.kind !== 'inRoom') refuse(`${person.id}: "alone" without a room on the card: crimedoku has only alone_in_room(room)`);
      else aloneRoom = inRoom.room;
    }
    const what = (kind: string) => `${person.id}'s clue ${kind}`;
    const base = { person: person.name };
    let usedInRoom = false;
    for (const fact of facts) {
      switch (fact.kind) {
        case 'victim':
          clues.push({ type: 'alone_with_murderer', ...base });
          break;
        case 'alone':
          clues.push({ type: 'alone_in_room', ...base, room: aloneRoom! });
          break;
        case 'inRoom':
          if (fact.room === aloneRoom && !usedInRoom) {
            usedInRoom = true;
            break;
          }
          clues.push({ type: 'in_room', ...base, room: fact.room });
          break;
        case 'notInRoom':
          clues.push({ type: 'in_room', ...base, room: fact.room, invert: true });
          break;
        case 'onObject':
        case 'notOnObject':
          clues.push({ type: 'on_object', ...base, object: theirObject(fact.object, what(fact.kind)), ...(fact.kind === 'notOnObject' ? { invert: true } : {}) });
          break;
        case 'adjacentObject':
        case 'notAdjacentObject':
        case 'besideObject':
        case 'notBesideObject': {
          const ours = reading === 'code' ? ['besideObject', 'notBesideObject'] : ['adjacentObject', 'notAdjacentObject'];
          if (!ours.includes(fact.kind)) refuse(`${what(fact.kind)}: crimedoku's next_to_object means ${reading === 'code' ? 'a neighbour in the own room under --crimedoku-reading code' : 'any orthogonal neighbour (its README; --crimedoku-reading code reads it as its code does, within the room)'}`);
          clues.push({ type: 'next_to_object', ...base, object: theirObject(fact.object, what(fact.kind)), ...(fact.kind.startsWith('not') ? { invert: true } : {}) });
          break;
        }
        case 'notBesideEdge':
        case 'notBesideWall':
          if (fact.kind !== (reading === 'code' ? 'notBesideWall' : 'notBesideEdge')) {
            refuse(`${what(fact.kind)}: crimedoku's not_next_to_wall means ${reading === 'code' ? 'no room wall around the cell under --crimedoku-reading code' : 'not at the grid edge (its README; --crimedoku-reading code reads it as its code does, room walls too)'}`);
          }
          clues.push({ type: 'not_next_to_wall', ...base });
          break;
        case 'onlyOnObject':
          clues.push({ type: 'only_on_object', ...base, object: theirObject(fact.object, what(fact.kind)) });
          break;
        case 'sameRoomAs':
        case 'notSameRoomAs':
          clues.push({ type: 'with_person', ...base, target: nameOf(fact.person), ...(fact.kind === 'notSameRoomAs' ? { invert: true } : {}) });
          break;
        case 'onlyWith':
          clues.push({ type: 'only_with_person', ...base, target: nameOf(fact.person) });
          break;
        case 'roomCorner':
          clues.push({ type: 'in_corner', ...base });
          break;
        case 'above':
        case 'below':
          clues.push({ type: `${fact.kind}_person`, ...base, target: nameOf(fact.person) });
          break;
        case 'column':
          clues.push({ type: 'at_column', ...base, column: fact.column });
          break;
        case 'sameColumnAsObject':
        case 'leftOfObject':
          if (fact.where === 'anywhere') refuse(`${what(fact.kind)} with the object anywhere: crimedoku's ${fact.kind === 'leftOfObject' ? 'left_of' : 'same_column_as_object'} asks for the own room or another one`);
          clues.push({
            type: fact.kind === 'leftOfObject' ? 'left_of' : 'same_column_as_object',
            ...base,
            [fact.kind === 'leftOfObject' ? 'target' : 'object']: theirObject(fact.object, what(fact.kind)),
            different_room: fact.where === 'otherRoom',
          });
          break;
        default:
          refuse(`${what(fact.kind)}: crimedoku has no clue of that meaning`);
      }
    }
  }
  for (const fact of pub.facts ?? []) {
    if (fact.kind === 'peopleOnObject' && fact.compare === 'atMost' && fact.count === 1) clues.push({ type: 'only_one_person_on', object: theirObject(fact.object, 'the fact') });
    else refuse(`the fact "${fact.text.en}": crimedoku has only "at most one person on" an object`);
  }
  return { grid: { rows: n, cols: n, cells }, people: names, victim: victim!.name, clues };
}
