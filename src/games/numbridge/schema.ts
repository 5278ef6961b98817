/**
 * The Numbridge game files, each written once as a TypeBox schema (types derived below,
 * schemas/*.schema.json generated from here):
 *
 *   puzzlemill/numbridge-deal    a board (exactly the docs/FORMATS.md board fields), the variant, the
 *                                room settings; secret: solution, bag in draw order, both hands
 *   puzzlemill/numbridge-record  a game: its deal and every move in order, with the claimed result
 *   numbridge-view               what one player may see during a game (no envelope: a message)
 *   numbridge-replay             the `replay numbridge --json` report (no envelope: a report)
 *
 * Cells are [row, column], 0-based (docs/FORMATS.md). Players are 1 and 2; per-player values are
 * objects keyed "1" and "2".
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { CellRef, NumbridgePublic, NumbridgeSecret } from '../../numbridge-board/schema.ts';
import { envelope, publicEnvelope, SCHEMA_BASE } from '../schema-parts.ts';
import { HAND_SIZE, Player, RoomSettings, VARIANTS } from './room.ts';
import { NUMBRIDGE_DEAL, NUMBRIDGE_RECORD } from '../../core/formats.ts';

const Digit = (description = 'a digit 1..N') => Type.Integer({ minimum: 1, maximum: 9, description });
const Tiles = (description: string, maxItems = 81) => Type.Array(Digit(), { maxItems, description });
const Count = (description: string) => Type.Integer({ minimum: 0, description });
export const PerPlayer = <T extends TSchema>(schema: T, description: string) => Type.Object({ '1': schema, '2': schema }, { additionalProperties: false, description });

export const VariantSchema = Type.Union(VARIANTS.map((v) => Type.Literal(v)), {
  description: 'bridge (Brücke) and blitz (6×6) are won by joining one\'s two sides, domains (Domänen) by a majority of blocks',
});

export const GameResult = Type.Object(
  {
    winner: Type.Union([Player, Type.Null()], { description: 'null only for a draw by agreement or an abandoned game' }),
    reason: Type.Union(
      [Type.Literal('connection'), Type.Literal('blocks'), Type.Literal('resignation'), Type.Literal('time'), Type.Literal('agreement'), Type.Literal('abandoned')],
      { description: 'connection: the winner joined its sides; blocks: a majority of blocks (or the tie-break); resignation; time: the loser\'s game time ran out; agreement: a draw both players agreed to; abandoned: both players lapsed room.abandonAfterLapses turns in a row (no winner)' },
    ),
  },
  { additionalProperties: false },
);
export type GameResult = Static<typeof GameResult>;

const { proof, ...secretBoard } = NumbridgeSecret.properties;

/** The deal's public part: the docs/FORMATS.md board fields unchanged, plus the game's. */
const DealPublic = Type.Object(
  {
    ...NumbridgePublic.properties,
    variant: VariantSchema,
    room: RoomSettings,
    boardId: Type.String({ minLength: 1, description: 'the id the board has as a puzzlemill/numbridge-board file' }),
    bagSize: Count('tiles in the bag after both hands were drawn (both players see how full the bag is)'),
    handSizes: PerPlayer(Type.Integer({ minimum: 0, maximum: HAND_SIZE }), 'tiles in each starting hand'),
  },
  { additionalProperties: false },
);

const DealSecret = Type.Object(
  {
    ...secretBoard,
    proof: Type.Optional(proof),
    bag: Tiles('the bag in draw order (next draw first): with both hands, one tile per empty cell, the digit of its solution'),
    hands: PerPlayer(Tiles('a starting hand', HAND_SIZE), 'the starting hands; player 1 moves first'),
  },
  { additionalProperties: false, description: 'for the game server only: never sent to a player' },
);

export const NumbridgeDealFile = envelope(
  NUMBRIDGE_DEAL,
  'puzzlemill Numbridge deal',
  'A Numbridge game at its start: the board (the docs/FORMATS.md board fields), the variant and the room settings; secret: the solution, the shuffled bag and both starting hands. `secret.seed` makes the board again with generateBoard and seeds the game\'s own random choices. The player form omits "secret"; a player\'s own hand reaches it through a numbridge-view.',
  DealPublic,
  DealSecret,
);
export type NumbridgeDealFile = Static<typeof NumbridgeDealFile>;

/** The deal as a record embeds it: the same shape, secret required (a replay needs it). */
const RecordDeal = Type.Object(
  { ...NumbridgeDealFile.properties, secret: DealSecret },
  { additionalProperties: false, description: 'the game\'s deal, secret included (records are archived after the game)' },
);

const Clock = Type.Object(
  {
    used: Count('milliseconds the move took'),
    left: Count('milliseconds of the player\'s game time left after the move'),
  },
  { additionalProperties: false },
);
const Cell = CellRef;
const mover = { player: Player };
const drawn = { drawn: Type.Optional(Tiles('tiles drawn at the end of the move (the refill, or a swap\'s new hand), in draw order', HAND_SIZE)) };

const PlaceEntry = Type.Object(
  { ...mover, kind: Type.Literal('place'), cell: Cell, tile: Digit('the tile laid'), result: Type.Union([Type.Literal('right'), Type.Literal('wrong')]), ...drawn, clock: Clock },
  { additionalProperties: false, description: 'a tile laid on an empty cell: right (the cell is owned) or wrong (a public mistake; the tile goes back to the bag)' },
);
const TakeEntry = Type.Object(
  { ...mover, kind: Type.Literal('take'), cell: Cell, tiles: Tiles('the price paid: the tile the player chose first, then the one the game took (none when the hand was empty)', 2), result: Type.Literal('taken'), ...drawn, clock: Clock },
  { additionalProperties: false, description: 'a given taken for the room\'s price' },
);
const SwapEntry = Type.Object(
  { ...mover, kind: Type.Literal('swap'), tiles: Tiles('the hand given back', HAND_SIZE), result: Type.Literal('swapped'), ...drawn, clock: Clock },
  { additionalProperties: false, description: 'the whole hand swapped' },
);
const SkipEntry = Type.Object(
  { ...mover, kind: Type.Literal('skip'), result: Type.Literal('skipped'), ...drawn, clock: Type.Optional(Clock) },
  { additionalProperties: false, description: 'the automatic skip of a player with nothing to play (in Domains the rest of the move pair)' },
);
const TimeoutEntry = Type.Object(
  { ...mover, kind: Type.Literal('timeout'), result: Type.Union([Type.Literal('lapsed'), Type.Literal('time-up')], { description: 'lapsed: the turn limit ran out, the move lapses like a mistake; time-up: the game time ran out, the game is lost' }), ...drawn, clock: Clock },
  { additionalProperties: false },
);
const ResignEntry = Type.Object({ ...mover, kind: Type.Literal('resign') }, { additionalProperties: false, description: 'a player resigns (at any time)' });
const DrawEntry = Type.Object({ kind: Type.Literal('draw') }, { additionalProperties: false, description: 'both players agreed to a draw' });
const AdjournEntry = Type.Object({ kind: Type.Literal('adjourn') }, { additionalProperties: false, description: 'the game was adjourned here and resumed later (a record ending here is an adjourned game)' });

/** Each entry's schema by its kind: a union's schema errors name only its first branch, so readers check a bad entry against its own kind. */
export const RECORD_ENTRY_SCHEMAS = { place: PlaceEntry, take: TakeEntry, swap: SwapEntry, skip: SkipEntry, timeout: TimeoutEntry, resign: ResignEntry, draw: DrawEntry, adjourn: AdjournEntry } as const;
export const RecordEntry = Type.Union(Object.values(RECORD_ENTRY_SCHEMAS));
export type RecordEntry = Static<typeof RecordEntry>;

export const NumbridgeRecordFile = publicEnvelope(
  NUMBRIDGE_RECORD,
  'puzzlemill Numbridge game record',
  'A Numbridge game as a server archives it: the deal (secret included) and every move in order, with the clock; `puzzlemill replay numbridge` re-runs it through the referee.',
  Type.Object(
    {
      deal: RecordDeal,
      players: Type.Optional(PerPlayer(Type.String({ minLength: 1, maxLength: 64, pattern: '^[^\\u0000-\\u001f\\u007f]+$', description: 'no control characters (a name is printed inside the replay\'s lines)' }), 'names')),
      moves: Type.Array(RecordEntry, { description: 'every entry in order' }),
      result: Type.Optional(GameResult),
    },
    { additionalProperties: false },
  ),
);
export type NumbridgeRecordFile = Static<typeof NumbridgeRecordFile>;

const root = (kind: string, title: string, description: string) => ({
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: `${SCHEMA_BASE}${kind}.schema.json`,
  title,
  description,
  additionalProperties: false,
});
const Rows = (min: number, max: number, description: string) =>
  Type.Array(Type.Array(Type.Integer({ minimum: min, maximum: max }), { minItems: 4, maxItems: 9 }), { minItems: 4, maxItems: 9, description });

export const Mark = Type.Object(
  { player: Player, cell: Cell, digit: Digit('the digit that did not fit'), ply: Type.Integer({ minimum: 1 }) },
  { additionalProperties: false, description: 'a public mistake (the red mark)' },
);

export const NumbridgeView = Type.Object(
  {
    player: Player,
    variant: VariantSchema,
    room: RoomSettings,
    size: Type.Integer({ minimum: 4, maximum: 9 }),
    regions: Rows(0, 8, 'N×N block numbers'),
    givens: Rows(0, 9, 'the deal\'s givens, 0 = none'),
    digits: Rows(0, 9, 'the digits on the board: givens and tiles laid right, 0 = empty'),
    owner: Rows(0, 2, 'who owns each cell: 0 nobody, 1, 2'),
    hand: Tiles('this player\'s tiles', HAND_SIZE),
    handSizes: PerPlayer(Type.Integer({ minimum: 0, maximum: HAND_SIZE }), 'tiles in each hand (the opponent\'s only as a count)'),
    bagSize: Count('tiles in the bag'),
    toMove: Player,
    movesLeft: Type.Integer({ minimum: 0, maximum: 2, description: 'moves left in the turn of the player to move (Domains: move pairs)' }),
    noRefill: PerPlayer(Type.Boolean(), 'after a two-tile take: no refill until the end of that player\'s next move'),
    mistakes: PerPlayer(Count(''), 'the error counters (wrong tiles and lapsed moves), never reset'),
    timeouts: PerPlayer(Count(''), 'lapsed moves (included in mistakes)'),
    timeLeft: PerPlayer(Count(''), 'milliseconds of game time left'),
    marks: Type.Array(Mark, { description: 'every mistake so far, in order' }),
    blocks: Type.Optional(Type.Array(Type.Integer({ minimum: 0, maximum: 2 }), { description: 'Domains: the owner of each block, 0 = undecided' })),
    ply: Count('moves made so far'),
    result: Type.Union([GameResult, Type.Null()]),
  },
  root('numbridge-view', 'puzzlemill Numbridge player view', 'What one player may see during a game: the board, owners, own hand, counts of the other hand and the bag, counters, clocks and the public mistakes. Never the solution, the bag or the other hand.'),
);
export type NumbridgeView = Static<typeof NumbridgeView>;

export const NumbridgeReplayJson = Type.Object(
  {
    record: Type.String({ description: 'the record\'s id' }),
    deal: Type.String({ description: 'the deal\'s id' }),
    moves: Type.Array(
      Type.Object(
        {
          entry: Type.Integer({ minimum: 0, description: 'index into the record\'s moves' }),
          ply: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()], { description: 'the move number the referee gave it (null: not a move, or not applied)' }),
          player: Type.Union([Player, Type.Null()]),
          kind: Type.String(),
          ok: Type.Boolean({ description: 'false when the entry contradicts the rules or the deal' }),
          says: Type.String(),
        },
        { additionalProperties: false },
      ),
    ),
    mistakes: PerPlayer(Count(''), 'error counters at the end (wrong tiles and lapsed moves)'),
    timeouts: PerPlayer(Count(''), 'lapsed moves'),
    status: Type.Union([Type.Literal('over'), Type.Literal('unfinished'), Type.Literal('adjourned')]),
    result: Type.Union([GameResult, Type.Null()], { description: 'the referee\'s result' }),
    contradictions: Type.Array(
      Type.Object(
        { entry: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]), kind: Type.String(), detail: Type.String() },
        { additionalProperties: false },
      ),
    ),
  },
  root('numbridge-replay', 'puzzlemill Numbridge replay report', 'What `puzzlemill replay numbridge --json` prints: the referee\'s verdict on every entry, the counters, the result and every contradiction between the record and the rules.'),
);
export type NumbridgeReplayJson = Static<typeof NumbridgeReplayJson>;
