/**
 * The tables API's requests and answers, each once in TypeBox: Fastify validates requests and
 * serializes answers with them, and the server's /openapi.json describes them. Cells are
 * [row, column] 0-based, players 1 and 2, as in the game files (docs/FORMATS.md).
 */
import { Type, type Static } from '@sinclair/typebox';
import { HAND_SIZE, Player, RoomSettings } from '../../games/numbridge/room.ts';
import { GameResult, VariantSchema } from '../../games/numbridge/schema.ts';
import { CellRef } from '../../numbridge-board/schema.ts';
import { BLOCK_KINDS } from '../../numbridge-board/request.ts';
import { SYMMETRIES } from '../../numbridge-board/symmetry.ts';
import { Literals } from '../../core/schema-parts.ts';
import { SeatEntry, SeatState as NumbridgeSeatState } from '../../games/numbridge/seat-state.ts';
import { DominoMove, DominoMoveVerdict, DominoSeatState } from '../../games/domino/seat-state.ts';
import { KosmosMove, KosmosMoveVerdict, KosmosSeatState } from '../../games/kosmos/seat-state.ts';
import { documentedAs } from '../openapi.ts';

// what a seat sees is the game's shape (the drawing code reads it too); the routes answer it
export { SeatClock, SeatEntry, SeatState } from '../../games/numbridge/seat-state.ts';

const Digit = Type.Integer({ minimum: 1, maximum: 9 });

export const ErrorBody = Type.Object({ error: Type.String({ description: 'one line: what was wrong and where' }) }, { additionalProperties: false });

export const TableParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });

export const SeatHeaders = Type.Object({
  authorization: Type.Optional(Type.String({ description: 'Bearer <seat token>' })),
});

export const MoveHeaders = Type.Object({
  authorization: Type.Optional(Type.String({ description: 'Bearer <seat token>' })),
  'idempotency-key': Type.Optional(Type.String({ description: 'the move\'s idempotency key (or `idempotencyKey` in the body)' })),
});

/** A seat of a table, 1-based (Numbridge 1–2, Kosmos SuDoku 1–4, Domino-SUDOKU 2–4 seats). */
export const SeatNumber = Type.Integer({ minimum: 1, maximum: 4, description: 'a seat, 1-based' });

/** `POST /tables` for Numbridge: the deal command's options (`deal numbridge --help`), as JSON; a body without `game` is this. */
export const CreateTableBody = Type.Object(
  {
    game: Type.Optional(Type.Literal('numbridge', { description: 'the game (none: Numbridge, as before there were others)' })),
    variant: VariantSchema,
    board: Type.Optional(
      Type.Object(
        {
          size: Type.Optional(Type.Integer({ minimum: 4, maximum: 9, description: 'N×N [default: 9; Blitz: 6, the only size it allows]' })),
          blocks: Type.Optional(Literals(BLOCK_KINDS)),
          givens: Type.Optional(Type.Integer({ minimum: 0, maximum: 80, description: 'exact number of givens [default: 30 on 9×9, 14 on 6×6; with technique: any number]' })),
          grade: Type.Optional(Type.Union([Type.Integer({ minimum: 1, maximum: 9 }), Type.String({ maxLength: 20 })], { description: 'exact grade: a level 1..5 or its name (easy … extreme)' })),
          symmetry: Type.Optional(Literals(SYMMETRIES)),
          technique: Type.Optional(Type.String({ maxLength: 64, description: 'a practice board: this technique id is the hardest step of its proof (as generate numbridge --technique)' })),
        },
        { additionalProperties: false },
      ),
    ),
    room: Type.Optional(Type.Partial(RoomSettings, { additionalProperties: false, description: 'overrides of the variant\'s room defaults (takePrice, turnSeconds, gameSeconds, candidateHighlighting, rated; abandonAfterLapses, default 3 on a table)' })),
  },
  { additionalProperties: false },
);
export type CreateTableBody = Static<typeof CreateTableBody>;

export const CreatedTable = Type.Object(
  {
    id: Type.String(),
    seats: Type.Array(Type.Object({ seat: SeatNumber, token: Type.String({ description: 'the seat\'s bearer token: shown once, stored only as a hash' }) }, { additionalProperties: false }), {
      minItems: 1,
      maxItems: 4,
    }),
  },
  { additionalProperties: false },
);
export type CreatedTable = Static<typeof CreatedTable>;

const Place = Type.Object({ kind: Type.Literal('place'), cell: CellRef, tile: Digit }, { additionalProperties: false, description: 'lay a tile of the hand on an empty cell' });
const Take = Type.Object(
  { kind: Type.Literal('take'), cell: CellRef, tile: Type.Optional(Digit) },
  { additionalProperties: false, description: 'take a free given, paying with `tile` (the first tile of a two-tile price; none with an empty hand)' },
);
const Swap = Type.Object({ kind: Type.Literal('swap') }, { additionalProperties: false, description: 'give the whole hand back for a new one' });
const Resign = Type.Object({ kind: Type.Literal('resign') }, { additionalProperties: false, description: 'resign (also when not on move)' });
const SeatMoves = Type.Union([Place, Take, Swap, Resign]);
export type SeatMove = Static<typeof SeatMoves>;
/** One of the moves, told apart by `kind` (oneOf with a discriminator: errors name the kind's own fields). */
export const SeatMove = Type.Unsafe<SeatMove>({ type: 'object', required: ['kind'], oneOf: SeatMoves.anyOf, discriminator: { propertyName: 'kind' } });

/** A move of any game's table, for the document: the route checks the envelope, the table's game its move. */
export const AnyMove = Type.Union([SeatMove, KosmosMove, DominoMove], { description: 'a move of the table\'s game: Numbridge, Kosmos SuDoku, or Domino-SUDOKU (JSON or the sheet\'s notation)' });

export const MoveBody = Type.Object(
  {
    move: AnyMove,
    idempotencyKey: Type.Optional(Type.String({ description: 'instead of the Idempotency-Key header' })),
  },
  { additionalProperties: false },
);
export type MoveBody = Static<typeof MoveBody>;

/** What the route itself checks of a move's body; the move is checked against the table's game (service.ts). */
export const MoveEnvelope = Type.Object({ move: Type.Unknown(), idempotencyKey: Type.Optional(Type.String()) }, { additionalProperties: false, required: ['move'] });


/** The most moves one view lists; `?since=` pages on. */
export const MOVES_PAGE_LIMIT = 1000;

/** `?since=N&limit=L` as strings (no coercion in this plugin), read by the service. */
export const SeatQuery = Type.Object(
  {
    since: Type.Optional(Type.String({ pattern: '^[0-9]{1,9}$', description: 'list only the moves after move number N (default 0: from the start)' })),
    limit: Type.Optional(Type.String({ pattern: '^[0-9]{1,4}$', description: `list at most L moves, 1..${MOVES_PAGE_LIMIT} (default ${MOVES_PAGE_LIMIT})` })),
  },
  { additionalProperties: false },
);
export type SeatQuery = Static<typeof SeatQuery>;

/** `GET /tables/:id/picture.svg?lang=de|en`: the language of the picture's words (default en). */
export const SeatPictureQuery = Type.Object({ lang: Type.Optional(Type.Union([Type.Literal('en'), Type.Literal('de')])) }, { additionalProperties: false });
export type SeatPictureQuery = Static<typeof SeatPictureQuery>;


export const MoveVerdict = Type.Object(
  {
    table: Type.String(),
    seat: Player,
    moveNumber: Type.Integer({ minimum: 1, description: 'this move\'s place in the log' }),
    entry: SeatEntry,
    after: Type.Array(SeatEntry, { description: 'the moves the server made right after it (skips of a player with nothing to play)' }),
    hand: Type.Array(Digit, { maxItems: HAND_SIZE, description: 'the seat\'s hand after the move' }),
    toMove: Player,
    result: Type.Union([GameResult, Type.Null()]),
  },
  { additionalProperties: false },
);
export type MoveVerdict = Static<typeof MoveVerdict>;

/** `POST /tables/:id/tickets`: a short-lived ticket that opens the seat's event stream. */
export const EventTicket = Type.Object(
  {
    ticket: Type.String({ description: 'pass as ?ticket= to GET /tables/{id}/events within a minute' }),
    seat: SeatNumber,
    expiresAt: Type.Integer({ description: 'server time (ms since 1970) after which the ticket opens nothing' }),
  },
  { additionalProperties: false },
);
export type EventTicket = Static<typeof EventTicket>;

/** `GET /tables/:id/events?ticket=T[&lastEventId=N]`: EventSource sends no headers but its own Last-Event-ID. */
export const EventsQuery = Type.Object(
  {
    ticket: Type.String({ maxLength: 200, description: 'the ticket of POST /tables/{id}/tickets' }),
    lastEventId: Type.Optional(Type.String({ pattern: '^[0-9]{1,9}$', description: 'resume after this move number, as Last-Event-ID does (for a new EventSource after a ticket expired)' })),
  },
  { additionalProperties: false },
);
export type EventsQuery = Static<typeof EventsQuery>;

export const EventsHeaders = Type.Object({
  'last-event-id': Type.Optional(Type.String({ description: 'sent by EventSource on a reconnect: the id of the last event it received' })),
});

/** A seat's state, `GET /tables/:id`: Numbridge's is served by its schema, the others by their own (routes.ts). */
export const AnySeatState = documentedAs('TableSeatState', Type.Union([NumbridgeSeatState, KosmosSeatState, DominoSeatState]), NumbridgeSeatState);
/** A move's verdict, `POST /tables/:id/moves`, likewise. */
export const AnyMoveVerdict = documentedAs('TableMoveVerdict', Type.Union([MoveVerdict, KosmosMoveVerdict, DominoMoveVerdict]), MoveVerdict);
