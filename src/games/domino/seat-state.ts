/**
 * What one seat of a served Domino-SUDOKU table sees, in TypeBox: the answer of `GET /tables/:id`
 * for a Domino table and the data of its events (src/server/tables), drawn by render. Here, below
 * both. Hands are open (the sheet), so every seat sees the same game; seats are 1-based here,
 * named A, B, C, D in the record.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Cell9, Digit, Grid9, Tuple } from '../schema-parts.ts';

const Seat = (description = 'a seat, 1-based') => Type.Integer({ minimum: 1, maximum: 4, description });
const Ms = (description: string) => Type.Integer({ minimum: 0, description });
const Pair = (description: string) => Tuple<[number, number]>([Digit(), Digit()], description);
const House = Type.String({ pattern: '^[RSF][1-9]$', description: 'R = row, S = column, F = block, 1-based' });

/** A Domino table's room: the sheet's minute per move, kept by the server's clock. */
export const DominoRoom = Type.Object(
  {
    turnSeconds: Type.Optional(Type.Integer({ minimum: 5, maximum: 3600, description: 'a move\'s limit [default 60, the sheet\'s hourglass]: past it the server lays the seat\'s first legal domino for it' })),
  },
  { additionalProperties: false },
);
export type DominoRoom = Static<typeof DominoRoom>;

export const DominoSeatEntry = Type.Object(
  {
    moveNumber: Type.Integer({ minimum: 1 }),
    player: Seat('the seat that moved'),
    kind: Type.Union([Type.Literal('place'), Type.Literal('pass')], { description: 'pass: the server\'s, for a seat with no domino that may be played' }),
    domino: Type.Optional(Pair('[first, second]: first lies on cells[0]')),
    cells: Type.Optional(Tuple<[[number, number], [number, number]]>([Cell9(), Cell9()], 'two orthogonally adjacent cells')),
    notation: Type.String({ description: 'the move in the sheet\'s notation, e.g. "[4/9] (9,1/8,3) ! S3 !"' }),
    completes: Type.Optional(Type.Array(House, { description: 'houses the move completed (+10 each)' })),
    points: Type.Optional(Type.Integer({ minimum: 0 })),
    lapse: Type.Optional(Type.Literal(true, { description: 'the minute ran out: the server laid this domino for the seat' })),
  },
  { additionalProperties: false },
);
export type DominoSeatEntry = Static<typeof DominoSeatEntry>;

const Score = Type.Object({ plus: Type.Integer({ minimum: 0 }), minus: Type.Integer({ minimum: 0 }), total: Type.Integer() }, { additionalProperties: false });

export const DominoSeatView = Type.Object(
  {
    players: Type.Integer({ minimum: 2, maximum: 4 }),
    names: Type.Array(Type.String(), { minItems: 2, maxItems: 4, description: 'the seats\' names in the record (A, B, C, D)' }),
    board: Grid9(0, 'the digits on the board, 0 = free'),
    hands: Type.Array(Type.Array(Pair('a domino [a, b], a < b')), { minItems: 2, maxItems: 4, description: 'every seat\'s hand: open, as the sheet says' }),
    last: Type.Union([Pair('the domino placed last: the next must share a number with it (the DO rule)'), Type.Null()]),
    toMove: Type.Union([Seat(), Type.Null()], { description: 'null after the end' }),
    scores: Type.Array(Score, { minItems: 2, maxItems: 4, description: 'per seat: +10 per completed house, minus the pips still in hand' }),
    over: Type.Boolean({ description: 'no domino can be placed any more' }),
    winners: Type.Array(Seat(), { maxItems: 4, description: 'after the end: the seats with the highest total (several on a tie)' }),
  },
  { additionalProperties: false },
);
export type DominoSeatView = Static<typeof DominoSeatView>;

export const DominoSeatState = Type.Object(
  {
    game: Type.Literal('domino'),
    id: Type.String(),
    seat: Seat(),
    view: DominoSeatView,
    moves: Type.Array(DominoSeatEntry, { description: 'the moves after ?since= (default all), at most ?limit= of them' }),
    moveCount: Type.Integer({ minimum: 0 }),
    clock: Type.Object({ now: Ms('the server\'s time'), turnStartedAt: Ms('when the current turn began'), turnLeft: Ms('ms left of the move\'s minute (0 after the end)') }, { additionalProperties: false }),
    record: Type.Optional(Type.Unsafe<object>({ type: 'object', additionalProperties: true, description: 'after the end only: the puzzlemill/domino-record, what `replay domino` reads' })),
  },
  { additionalProperties: false },
);
export type DominoSeatState = Static<typeof DominoSeatState>;

/** A seat's domino: as JSON, or in the sheet's notation ("[4/9] (9,1/8,3)"). */
export const DominoMove = Type.Union([
  Type.Object(
    { kind: Type.Literal('place'), domino: Pair('[first, second]: first goes on cells[0]'), cells: Tuple<[[number, number], [number, number]]>([Cell9(), Cell9()], 'two orthogonally adjacent cells') },
    { additionalProperties: false, description: 'lay a domino of the hand on two free neighbouring cells' },
  ),
  Type.String({ minLength: 1, maxLength: 100, description: 'the same move in the sheet\'s notation, [a/b] (F,P/F,P): F the block, P the cell in it, both numbered like a telephone keypad' }),
]);
export type DominoMove = Static<typeof DominoMove>;

export const DominoMoveVerdict = Type.Object(
  {
    game: Type.Literal('domino'),
    table: Type.String(),
    seat: Seat(),
    moveNumber: Type.Integer({ minimum: 1 }),
    entry: DominoSeatEntry,
    after: Type.Array(DominoSeatEntry, { description: 'the server\'s moves right after it (passes of seats with no domino that may be played)' }),
    toMove: Type.Union([Seat(), Type.Null()]),
    scores: Type.Array(Score, { minItems: 2, maxItems: 4 }),
    over: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type DominoMoveVerdict = Static<typeof DominoMoveVerdict>;
