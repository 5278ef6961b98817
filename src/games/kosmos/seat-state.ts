/**
 * What one seat of a served Kosmos SuDoku table sees, in TypeBox: the answer of `GET /tables/:id`
 * for a Kosmos table and the data of its events (src/server/tables), drawn by render. Here, below
 * both. Seats are 1-based here (as every table's), 0-based in the game files.
 *
 * The only hidden things of the game are the tiles in hand and the pile: a seat sees its own tile,
 * the others' tile counts (0 or 1) and the pile's size — never its order, a seed, a future draw.
 * A tile placed or put aside is face up, so the moves show every played tile.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Cell9, Digit, Grid9 } from '../schema-parts.ts';
import { GoldTile, Scoring } from './schema.ts';

const Seat = (description = 'a seat, 1-based') => Type.Integer({ minimum: 1, maximum: 4, description });
const Ms = (description: string) => Type.Integer({ minimum: 0, description });

/** A Kosmos table's room: the scoring (the sheet's normal or simplified) and the turn limit. */
export const KosmosRoom = Type.Object(
  {
    scoring: Type.Optional(Scoring),
    turnSeconds: Type.Optional(Type.Integer({ minimum: 5, maximum: 3600, description: 'a turn\'s limit [default 60]: past it the server claims "no legal cell" for the seat — a false claim, the sheet\'s penalty: the tile is put aside without points' })),
  },
  { additionalProperties: false },
);
export type KosmosRoom = Static<typeof KosmosRoom>;

/** One turn of a Kosmos table's log, as every seat sees it (a played tile is face up). */
export const KosmosSeatEntry = Type.Object(
  {
    moveNumber: Type.Integer({ minimum: 1 }),
    player: Seat('the seat that played'),
    tile: Digit('the tile played'),
    cell: Type.Optional(Cell9()),
    claim: Type.Optional(Type.Literal('no-legal-cell')),
    verdict: Type.Union([Type.Literal('placed'), Type.Literal('aside'), Type.Literal('true-claim'), Type.Literal('false-claim')], {
      description: 'placed: legal, scored; aside: breaks the Sudoku rule, put aside without points; true-claim: the tile fits nowhere, the game ends; false-claim: it fits (fitsOn), put aside without points',
    }),
    points: Type.Integer({ minimum: 0 }),
    fitsOn: Type.Optional(Cell9()),
    lapse: Type.Optional(Type.Literal(true, { description: 'the turn ran out: the server made the claim' })),
  },
  { additionalProperties: false },
);
export type KosmosSeatEntry = Static<typeof KosmosSeatEntry>;

const Over = Type.Union([
  Type.Object({ reason: Type.Union([Type.Literal('no-legal-cell'), Type.Literal('all-placed')]), by: Type.Union([Seat('the seat whose tile fit nowhere'), Type.Null()]) }, { additionalProperties: false }),
  Type.Null(),
]);

export const KosmosSeatView = Type.Object(
  {
    players: Type.Integer({ minimum: 1, maximum: 4 }),
    scoring: Scoring,
    board: Grid9(0, 'the tiles on the board, 0 = free'),
    gold: Type.Array(GoldTile, { minItems: 9, maxItems: 9 }),
    tile: Type.Union([Digit('this seat\'s tile'), Type.Null()], { description: 'this seat\'s own tile (null: the pile ran out)' }),
    tileCounts: Type.Array(Type.Integer({ minimum: 0, maximum: 1 }), { minItems: 1, maxItems: 4, description: 'per seat: tiles held (face down)' }),
    pileSize: Type.Integer({ minimum: 0, maximum: 72 }),
    aside: Type.Array(Digit(), { description: 'the tiles put aside, face up' }),
    track: Type.Array(
      Type.Object({ laps: Type.Integer({ minimum: 0, description: 'round markers: one per 40 points' }), position: Type.Integer({ minimum: 0, maximum: 39 }), score: Type.Integer({ minimum: 0 }) }, { additionalProperties: false }),
      { minItems: 1, maxItems: 4, description: 'per seat: the stone on the 40-space track' },
    ),
    toMove: Type.Union([Seat(), Type.Null()], { description: 'null after the end' }),
    over: Over,
    winners: Type.Array(Seat(), { maxItems: 4, description: 'after the end: the seats with the highest score (several on a tie)' }),
  },
  { additionalProperties: false },
);
export type KosmosSeatView = Static<typeof KosmosSeatView>;

export const KosmosSeatState = Type.Object(
  {
    game: Type.Literal('kosmos'),
    id: Type.String(),
    seat: Seat(),
    view: KosmosSeatView,
    moves: Type.Array(KosmosSeatEntry, { description: 'the turns after ?since= (default all), at most ?limit= of them' }),
    moveCount: Type.Integer({ minimum: 0 }),
    clock: Type.Object({ now: Ms('the server\'s time'), turnStartedAt: Ms('when the current turn began'), turnLeft: Ms('ms left in the current turn (0 after the end)') }, { additionalProperties: false }),
    record: Type.Optional(Type.Unsafe<object>({ type: 'object', additionalProperties: true, description: 'after the end only: the puzzlemill/kosmos-record, what `replay kosmos` reads' })),
  },
  { additionalProperties: false },
);
export type KosmosSeatState = Static<typeof KosmosSeatState>;

/** A seat's Kosmos move: place its tile on a free cell, or claim that it fits nowhere. */
const KosmosMoves = Type.Union([
  Type.Object({ kind: Type.Literal('place'), cell: Cell9() }, { additionalProperties: false, description: 'place the tile in hand on a free cell' }),
  Type.Object({ kind: Type.Literal('claim') }, { additionalProperties: false, description: 'claim the tile in hand fits nowhere (true: the game ends; false: the tile is put aside without points)' }),
]);
export type KosmosMove = Static<typeof KosmosMoves>;
/** Told apart by `kind` (oneOf with a discriminator: errors name the kind's own fields). */
export const KosmosMove = Type.Unsafe<KosmosMove>({ type: 'object', required: ['kind'], oneOf: KosmosMoves.anyOf, discriminator: { propertyName: 'kind' } });

export const KosmosMoveVerdict = Type.Object(
  {
    game: Type.Literal('kosmos'),
    table: Type.String(),
    seat: Seat(),
    moveNumber: Type.Integer({ minimum: 1 }),
    entry: KosmosSeatEntry,
    after: Type.Array(KosmosSeatEntry, { description: 'the server\'s moves right after it (a claim for a seat whose tile fits nowhere)' }),
    tile: Type.Union([Digit('the tile drawn'), Type.Null()]),
    toMove: Type.Union([Seat(), Type.Null()]),
    over: Over,
  },
  { additionalProperties: false },
);
export type KosmosMoveVerdict = Static<typeof KosmosMoveVerdict>;
