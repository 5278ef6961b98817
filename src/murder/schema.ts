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
import { OBJECT_IDS, type ObjectId } from './catalogue/objects.ts';

import { OptionalOnRead, rootOptions, Tuple, type ReadForm } from '../core/schema-parts.ts';
import { MURDER_CASE } from '../core/formats.ts';
const Index = () => Type.Integer({ minimum: 0, maximum: 8 });
/** [row, column], 0-based. */
export const CellRef = Tuple<[number, number]>([Index(), Index()], '[row, column], 0-based, row 0 at the top');

const Id = (description: string) => Type.String({ minLength: 1, maxLength: 64, pattern: '^[a-z0-9][a-z0-9-]*$', description });
export const Text = Type.Object({ de: Type.String({ minLength: 1 }), en: Type.String({ minLength: 1 }) }, { additionalProperties: false });
export const GenderSchema = Type.Union([Type.Literal('f'), Type.Literal('m')]);
// An `enum`, not TypeBox's union of literals: the same set of values, but ajv checks an enum in one
// lookup where `anyOf` tries each literal in turn: validating a 6×6 case took 215 µs, now 77 µs.
export const ObjectIdSchema = Type.Unsafe<ObjectId>({ enum: [...OBJECT_IDS], description: 'docs/RULES.md object vocabulary' });
const ObjectOrEmpty = Type.Unsafe<ObjectId | null>({ enum: [null, ...OBJECT_IDS], description: 'null or an object id' });

// ——— clues ———

const RoomParam = Id('a room id of public.rooms');

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
    roomOf: Rows(Id('room id'), 'N×N room ids'),
    objects: Rows(ObjectOrEmpty, 'N×N: null or an object id'),
    people: Type.Array(Person, { minItems: 4, maxItems: 9 }),
    level: Level,
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
        },
        { additionalProperties: false },
      ),
    ),
    minimal: Type.Optional(Type.Boolean({ description: 'dropping any clue loses uniqueness or the level' })),
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
export type MurderCaseInput = ReadForm<MurderCaseFile, 'proof' | 'seed'>;
export type MurderPublic = Static<typeof MurderPublic>;
export type MurderSecret = Static<typeof MurderSecret>;
export type ProofStep = Static<typeof ProofStep>;
export type Robustness = Static<typeof Robustness>;
