/**
 * What one seat of a served Numbridge table sees, in TypeBox: the answer of `GET /tables/:id` and
 * the data of each of its events (src/server/tables), drawn by `render` (src/render). Here, below
 * both, so that drawing a seat's view needs nothing of the server.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Literals } from '../../core/schema-parts.ts';
import { CellRef } from '../../numbridge-board/schema.ts';
import { HAND_SIZE, Player } from './room.ts';
import { NumbridgeView, PerPlayer } from './schema.ts';

const Digit = Type.Integer({ minimum: 1, maximum: 9 });
const Ms = (description: string) => Type.Integer({ minimum: 0, description });

/**
 * A move of the log as one seat may see it: its own moves whole; of the opponent's, the tiles
 * paid, given back and drawn only as counts (they go face down; the record shows them after the game).
 */
export const SeatEntry = Type.Object(
  {
    moveNumber: Type.Integer({ minimum: 1 }),
    player: Type.Optional(Player),
    kind: Literals(['place', 'take', 'swap', 'skip', 'timeout', 'resign', 'draw', 'adjourn']),
    cell: Type.Optional(CellRef),
    tile: Type.Optional(Digit),
    tiles: Type.Optional(Type.Array(Digit, { maxItems: HAND_SIZE, description: 'own moves: the tiles paid or given back' })),
    tileCount: Type.Optional(Type.Integer({ minimum: 0, description: 'the opponent\'s moves: how many tiles were paid or given back' })),
    result: Type.Optional(Type.String()),
    drawn: Type.Optional(Type.Array(Digit, { maxItems: HAND_SIZE, description: 'own moves: the tiles drawn' })),
    drawnCount: Type.Optional(Type.Integer({ minimum: 0, description: 'the opponent\'s moves: how many tiles were drawn' })),
    clock: Type.Optional(Type.Object({ used: Ms('the move\'s time'), left: Ms('game time left after it') }, { additionalProperties: false })),
  },
  { additionalProperties: false },
);
export type SeatEntry = Static<typeof SeatEntry>;

export const SeatClock = Type.Object(
  {
    now: Ms('the server\'s time (ms since 1970)'),
    turnStartedAt: Ms('when the current turn began (server time)'),
    turnLeft: Ms('ms left in the current turn of the player to move (0 after the end)'),
    gameLeft: PerPlayer(Ms(''), 'game time left now, the running turn deducted'),
  },
  { additionalProperties: false, description: 'the server\'s clock: only the server decides a lapse or a flag fall' },
);

const View = Type.Object(NumbridgeView.properties, { additionalProperties: false, description: NumbridgeView.description });

export const SeatState = Type.Object(
  {
    id: Type.String(),
    seat: Player,
    view: View,
    moves: Type.Array(SeatEntry, { description: 'the log as this seat may see it: the moves after ?since= (default all), at most ?limit= of them' }),
    moveCount: Type.Integer({ minimum: 0, description: 'moves in the log: page on with ?since=<last moveNumber> while it is larger' }),
    clock: SeatClock,
    record: Type.Optional(
      Type.Unsafe<object>({ type: 'object', additionalProperties: true, description: 'after the end only: the puzzlemill/numbridge-record (schemas/numbridge-record.schema.json), what `replay numbridge` reads' }),
    ),
  },
  { additionalProperties: false },
);
export type SeatState = Static<typeof SeatState>;
