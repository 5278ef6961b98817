/**
 * The `puzzlemill/murder-case` file (docs/FORMATS.md), written once as a TypeBox schema: the TypeScript
 * types below are derived from it, and `schemas/murder-case.schema.json` is generated from it
 * (`npm run schemas`). Field names and meanings fixed by docs/FORMATS.md never change; fields beyond
 * them (setting, floors, room phrases, secret.robustness, …) are extensions.
 *
 * Clues are a union discriminated by `kind`. JSON Schema has no discriminator keyword that ajv's
 * strict mode accepts without options, so the union is written as an enum on `kind` (an unknown
 * kind fails there, with the list of known kinds) plus one if/then branch per kind that checks
 * that kind's parameters exactly.
 */
import { Type, type Static, type TObject } from '@sinclair/typebox';

import { OptionalOnRead, rootOptions, Tuple, type ReadForm } from '../core/schema-parts.ts';
import { MURDER_CASE } from '../core/formats.ts';
const Index = () => Type.Integer({ minimum: 0, maximum: 8 });
/** [row, column], 0-based. */
export const CellRef = Tuple<[number, number]>([Index(), Index()], '[row, column], 0-based, row 0 at the top');

const ID_PATTERN = '^[a-z0-9][a-z0-9-]*$';
const Id = (description: string) => Type.String({ minLength: 1, maxLength: 64, pattern: ID_PATTERN, description });
export const Text = Type.Object({ de: Type.String({ minLength: 1 }), en: Type.String({ minLength: 1 }) }, { additionalProperties: false });
export const GenderSchema = Type.Union([Type.Literal('f'), Type.Literal('m')]);
/**
 * An object id: a built-in one (docs/RULES.md object vocabulary) or one the case declares in
 * `public.objectTypes`. The model checks that it is one of the two (model.ts), naming the choices.
 */
export const ObjectIdSchema = Id('an object id: built-in (docs/RULES.md) or declared in public.objectTypes');
/**
 * A cell's objects: none, one, or several on the same cell (a chair on a carpet). One schema with
 * a type list, not a union: each keyword applies to its own type, so a refusal names what is wrong
 * ("must NOT have more than 4 items") rather than the first branch of a union ("must be null").
 */
const CellObjects = Type.Unsafe<string | string[] | null>({
  type: ['null', 'string', 'array'],
  minLength: 1,
  maxLength: 64,
  pattern: ID_PATTERN,
  items: { type: 'string', minLength: 1, maxLength: 64, pattern: ID_PATTERN },
  minItems: 1,
  maxItems: 4,
  uniqueItems: true,
  description: 'null, an object id, or a list of up to 4 different object ids on the same cell',
});

// ——— clues ———

const RoomParam = Id('a room id of public.rooms');
const PersonParam = Id('the id of another person of public.people');
/** Where the object cell of a line or direction clue lies, seen from the person. */
export const WHERE_VALUES = ['ownRoom', 'otherRoom', 'anywhere'] as const;
export type ObjectWhere = (typeof WHERE_VALUES)[number];
const Where = Type.Unsafe<ObjectWhere>({ enum: [...WHERE_VALUES], description: "where the object cell lies: the person's own room, another room, or anywhere" });

/** One kind of clue: its `kind` literal and parameters (the text is added below). */
function clue<K extends string, P extends Record<string, import('@sinclair/typebox').TSchema>>(kind: K, params: P, description: string) {
  return Type.Object({ kind: Type.Literal(kind), ...params, text: Text }, { additionalProperties: false, description });
}

export const CLUE_VARIANTS = [
  clue('victim', {}, 'this person is the victim, alone in the room with the murderer'),
  clue('row', { row: Index() }, 'in that row (0 = top)'),
  clue('column', { column: Index() }, 'in that column (0 = left)'),
  clue('inRoom', { room: RoomParam }, 'somewhere in that room'),
  clue('notInRoom', { room: RoomParam }, 'anywhere outside that room'),
  clue('onObject', { object: ObjectIdSchema }, 'the own cell holds that object'),
  clue('notOnObject', { object: ObjectIdSchema }, 'the own cell does not hold that object'),
  clue('besideObject', { object: ObjectIdSchema }, 'an orthogonal neighbour cell in the own room holds that object'),
  clue('notBesideObject', { object: ObjectIdSchema }, 'no orthogonal neighbour cell in the own room holds that object'),
  clue('roomCorner', {}, 'the cell has a wall left or right and a wall above or below (walls: board edge, other rooms)'),
  clue('notRoomCorner', {}, 'the cell is no such corner'),
  clue('withAnother', { gender: GenderSchema, room: RoomParam }, 'in that room, with exactly one other person of that gender there'),
  clue('alone', {}, 'nobody else in the own room'),
  // ——— beyond the sheet (issue 26) ———
  clue('sameRoomAs', { person: PersonParam }, 'in the same room as that person'),
  clue('notSameRoomAs', { person: PersonParam }, 'not in the same room as that person'),
  clue('onlyWith', { person: PersonParam }, 'the own room holds exactly the two of them'),
  clue('above', { person: PersonParam }, "the own row is above that person's row (any column)"),
  clue('below', { person: PersonParam }, "the own row is below that person's row (any column)"),
  clue('leftOf', { person: PersonParam }, "the own column is left of that person's column (any row)"),
  clue('rightOf', { person: PersonParam }, "the own column is right of that person's column (any row)"),
  clue('adjacentObject', { object: ObjectIdSchema }, 'an orthogonal neighbour cell holds that object, in any room (walls do not stop it)'),
  clue('notAdjacentObject', { object: ObjectIdSchema }, 'no orthogonal neighbour cell holds that object, in any room'),
  clue('sameRowAsObject', { object: ObjectIdSchema, where: Where }, 'the own row holds a cell with that object (lying where `where` says)'),
  clue('sameColumnAsObject', { object: ObjectIdSchema, where: Where }, 'the own column holds a cell with that object (lying where `where` says)'),
  clue('leftOfObject', { object: ObjectIdSchema, where: Where }, 'some cell with that object lies in a column right of the own one (any row)'),
  clue('rightOfObject', { object: ObjectIdSchema, where: Where }, 'some cell with that object lies in a column left of the own one (any row)'),
  clue('aboveObject', { object: ObjectIdSchema, where: Where }, 'some cell with that object lies in a row below the own one (any column)'),
  clue('belowObject', { object: ObjectIdSchema, where: Where }, 'some cell with that object lies in a row above the own one (any column)'),
  clue('notBesideWall', {}, 'no side of the cell is a wall (board edge, a cell outside the plan, or another room)'),
  clue('notBesideEdge', {}, "no side of the cell is on the plan's outer edge (board edge or a cell outside the plan); room walls do not count"),
  clue('onlyOnObject', { object: ObjectIdSchema }, 'on that object, and nobody else stands on any cell holding it'),
] as const;

export const CLUE_KINDS = CLUE_VARIANTS.map((v) => (v.properties.kind as unknown as { const: string }).const);

type ClueVariant = (typeof CLUE_VARIANTS)[number];
export type Clue = Static<ClueVariant>;
export type ClueKind = Clue['kind'];
/** A clue without its text: what the solvers reason about. */
export type ClueFact = Clue extends infer C ? (C extends Clue ? Omit<C, 'text'> : never) : never;

export const ClueSchema = Type.Unsafe<Clue>({
  type: 'object',
  required: ['kind', 'text'],
  properties: { kind: { enum: CLUE_KINDS, description: 'docs/FORMATS.md clue kinds' } },
  allOf: CLUE_VARIANTS.map((variant: TObject) => ({
    if: { type: 'object', properties: { kind: { const: (variant.properties.kind as unknown as { const: string }).const } }, required: ['kind'] },
    then: variant,
  })),
  description: 'a clue: { kind, …params, text: { de, en } }',
});

// ——— case facts: on no card, drawn under the cards ———

const Count = Type.Integer({ minimum: 0, maximum: 9 });
export const FACT_VARIANTS = [
  Type.Object(
    {
      kind: Type.Literal('peopleOnObject'),
      object: ObjectIdSchema,
      compare: Type.Unsafe<'exactly' | 'atMost'>({ enum: ['exactly', 'atMost'] }),
      count: Count,
      text: Text,
    },
    { additionalProperties: false, description: 'exactly / at most `count` people stand on cells holding that object' },
  ),
  Type.Object(
    { kind: Type.Literal('emptyRooms'), count: Type.Integer({ minimum: 0, maximum: 80, description: 'at most the rooms − 1 (model.ts)' }), text: Text },
    { additionalProperties: false, description: 'exactly `count` rooms hold nobody' },
  ),
] as const;
export const FACT_KINDS = FACT_VARIANTS.map((v) => (v.properties.kind as unknown as { const: string }).const);
export type CaseFactClue = Static<(typeof FACT_VARIANTS)[number]>;
/** A case fact without its text. */
export type CaseFact = CaseFactClue extends infer C ? (C extends CaseFactClue ? Omit<C, 'text'> : never) : never;
export const CaseFactSchema = Type.Unsafe<CaseFactClue>({
  type: 'object',
  required: ['kind', 'text'],
  properties: { kind: { enum: FACT_KINDS, description: 'docs/FORMATS.md case facts' } },
  allOf: FACT_VARIANTS.map((variant: TObject) => ({
    if: { type: 'object', properties: { kind: { const: (variant.properties.kind as unknown as { const: string }).const } }, required: ['kind'] },
    then: variant,
  })),
  description: 'a fact about the whole case: { kind, …params, text: { de, en } }',
});

/** An object the case declares beyond the built-in vocabulary. */
export const ObjectType = Type.Object(
  {
    id: Id('object id, not a built-in one'),
    blocking: Type.Boolean({ description: 'nobody can stand on a cell holding it' }),
    name: Type.Object(
      {
        de: Type.Object({ word: Type.String({ minLength: 1, maxLength: 64 }), gender: Type.Union([Type.Literal('m'), Type.Literal('f'), Type.Literal('n')]) }, { additionalProperties: false }),
        en: Type.Object({ word: Type.String({ minLength: 1, maxLength: 64 }), an: Type.Optional(Type.Boolean({ description: 'takes "an" rather than "a"' })) }, { additionalProperties: false }),
      },
      { additionalProperties: false, description: 'German noun with its gender, English noun' },
    ),
  },
  { additionalProperties: false },
);

// ——— public ———

export const Room = Type.Object(
  {
    id: Id('room id, unique in the case'),
    name: Type.Object({ de: Type.String({ minLength: 1 }), en: Type.String({ minLength: 1 }) }, { additionalProperties: false }),
    floor: Id('floor id; rooms sharing a wall have different floors'),
    at: Type.Optional(Type.Object({ de: Type.String(), en: Type.String() }, { additionalProperties: false, description: 'the room as a location: "in der Bibliothek" / "in the library"' })),
  },
  { additionalProperties: false },
);

export const Floor = Type.Object(
  { id: Id('floor id'), name: Type.Object({ de: Type.String(), en: Type.String() }, { additionalProperties: false }) },
  { additionalProperties: false },
);

export const Person = Type.Object(
  {
    id: Id('person id, unique in the case'),
    name: Type.String({ minLength: 1, maxLength: 64 }),
    gender: GenderSchema,
    clues: Type.Array(ClueSchema, { maxItems: 32, description: 'the card of this person, in order' }),
  },
  { additionalProperties: false },
);

export const Level = Type.Object(
  {
    level: Type.Integer({ minimum: 1, description: 'the highest rule tier the proof needs: 1 easy, 2 medium, 3 hard' }),
    name: Type.String({ minLength: 1 }),
    score: Type.Optional(Type.Integer({ minimum: 0, description: 'level g scores in [1000·(g−1), 1000·g), ordered by the work of the proof inside (src/murder/README.md "Score"); written since scores were added, absent in older files' })),
  },
  { additionalProperties: false },
);

const Size = Type.Integer({ minimum: 4, maximum: 9, description: 'N: the board is N×N and holds N people' });
const Rows = <T extends import('@sinclair/typebox').TSchema>(cell: T, description: string) =>
  Type.Array(Type.Array(cell, { minItems: 4, maxItems: 9 }), { minItems: 4, maxItems: 9, description });

export const MurderPublic = Type.Object(
  {
    size: Size,
    setting: Type.Optional(Type.Object({ id: Id('setting id'), name: Type.Object({ de: Type.String(), en: Type.String() }, { additionalProperties: false }) }, { additionalProperties: false })),
    floors: Type.Optional(Type.Array(Floor, { maxItems: 81 })),
    rooms: Type.Array(Room, { minItems: 1, maxItems: 81 }),
    roomOf: Rows(Type.Union([Id('room id'), Type.Null()]), 'N×N room ids; null for a cell outside the plan'),
    objects: Rows(CellObjects, 'N×N: null, an object id, or a list of object ids'),
    objectTypes: Type.Optional(Type.Array(ObjectType, { maxItems: 8, description: 'objects this case declares beyond the built-in vocabulary' })),
    people: Type.Array(Person, { minItems: 4, maxItems: 9 }),
    facts: Type.Optional(Type.Array(CaseFactSchema, { maxItems: 16, description: 'facts about the whole case, on no card (drawn under the cards)' })),
    level: OptionalOnRead(Level),
  },
  { additionalProperties: false },
);

// ——— secret ———

export const ClueRef = Type.Object({ person: Id('person id'), index: Type.Integer({ minimum: 0 }) }, { additionalProperties: false });

/** One application of a prover rule. */
export const ProofStep = Type.Object(
  {
    rule: Type.String({ description: 'rule id, e.g. "naked-single", "victim-room", "hall-rows"' }),
    tier: Type.Integer({ minimum: 1, maximum: 3 }),
    premises: Type.Object(
      {
        people: Type.Optional(Type.Array(Id('person id'))),
        clues: Type.Optional(Type.Array(ClueRef)),
        rooms: Type.Optional(Type.Array(Id('room id'))),
        rows: Type.Optional(Type.Array(Index())),
        columns: Type.Optional(Type.Array(Index())),
      },
      { additionalProperties: false, description: 'what the deduction rests on' },
    ),
    removed: Type.Array(Type.Object({ person: Id('person id'), cells: Type.Array(CellRef) }, { additionalProperties: false }), { description: 'cells ruled out per person' }),
    placed: Type.Array(Type.Object({ person: Id('person id'), cell: CellRef }, { additionalProperties: false })),
    text: Text,
  },
  { additionalProperties: false },
);

export const Robustness = Type.Object(
  {
    besideDiagonal: Type.Boolean({ description: 'same single solution when "beside" also counts diagonal neighbours' }),
    besideThroughWall: Type.Boolean({ description: 'same single solution when "beside" also counts neighbours in other rooms' }),
    relationDirect: Type.Optional(Type.Boolean({ description: 'same single solution when "above", "left of", … are read as directly above / left: of an object in the same column / row, of a person in the next row / column' })),
    wallsConfused: Type.Optional(Type.Boolean({ description: 'same single solution when "not beside a wall" and "not at the edge" swap meanings' })),
    cornerOfBoard: Type.Boolean({ description: 'same single solution when "corner of the room" is read as a corner of the board' }),
    aloneIgnoresVictim: Type.Boolean({ description: 'same single solution when the victim does not count as company for "alone"' }),
    withAnotherIgnoresVictim: Type.Boolean({ description: 'same single solution when the victim does not count for "with another man/woman"' }),
    robust: Type.Boolean({ description: 'all of the above' }),
  },
  { additionalProperties: false },
);

export const MurderSecret = Type.Object(
  {
    solution: Type.Object(
      {
        positions: Type.Record(Type.String({ pattern: '^[a-z0-9][a-z0-9-]*$' }), CellRef, { description: 'personId → [row, column]' }),
        murderer: Id('person id'),
      },
      { additionalProperties: false },
    ),
    // Another tool's file may carry only the solution: verify checks it and makes its own proof.
    proof: OptionalOnRead(Type.Object({ steps: Type.Array(ProofStep) }, { additionalProperties: false })),
    seed: OptionalOnRead(Type.String()),
    request: Type.Optional(
      Type.Object(
        {
          size: Size,
          level: Type.Union([Type.Literal('easy'), Type.Literal('medium'), Type.Literal('hard')]),
          setting: Type.Optional(Type.String()),
          robust: Type.Boolean(),
          clues: Type.Optional(Type.Literal('extended', { description: 'dealt from every clue kind and case fact (absent: the sheet\'s kinds only)' })),
        },
        { additionalProperties: false },
      ),
    ),
    minimal: Type.Optional(Type.Boolean({ description: 'dropping any clue loses uniqueness or the level, on the ladder the case was made with (for a case the sheet can say: the sheet ladder, src/murder/README.md)' })),
    robustness: Type.Optional(Robustness),
    generator: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
);

export const MurderCaseFile = Type.Object(
  {
    format: Type.Literal(MURDER_CASE),
    version: Type.Literal(1),
    id: Type.String({ minLength: 1, maxLength: 128 }),
    public: MurderPublic,
    secret: Type.Optional(MurderSecret),
  },
  rootOptions(
    'murder-case',
    'puzzlemill Sudoku Murder case',
    'A Sudoku Murder case: public part for players, secret part for the game server. The player form omits "secret".',
  ),
);

export type MurderCaseFile = Static<typeof MurderCaseFile>;
/** A case file as readers accept it (`readerSchema`): no `secret.proof` or `secret.seed` needed. */
export type MurderCaseInput = Omit<ReadForm<MurderCaseFile, 'proof' | 'seed'>, 'public'> & { public: MurderPublicInput };
/** A `public` part as readers accept it: the level claim may be missing (verify reports what it finds). */
export type MurderPublicInput = Omit<MurderPublic, 'level'> & { level?: MurderPublic['level'] };
export type MurderPublic = Static<typeof MurderPublic>;
export type MurderSecret = Static<typeof MurderSecret>;
export type ProofStep = Static<typeof ProofStep>;
export type Robustness = Static<typeof Robustness>;
