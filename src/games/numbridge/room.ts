/**
 * The variants of Numbridge and the room settings the sheet makes configurable, with each
 * variant's defaults as the sheet gives them (and, where it gives no number, ours: README.md).
 *
 *   variant   board            take price   turn limit   game limit (per player)   moves per turn
 *   bridge    9×9 (or 4..9)    1 tile       60 s         30 min                    1
 *   blitz     6×6 only         2 tiles      30 s         10 min                    1
 *   domains   9×9 (or 4..9)    1 tile       60 s         30 min                    2 (a move pair)
 */
import { Type, type Static } from '@sinclair/typebox';

export const VARIANTS = ['bridge', 'blitz', 'domains'] as const;
export type Variant = (typeof VARIANTS)[number];

export const Player = Type.Union([Type.Literal(1), Type.Literal(2)], { description: 'player 1 joins the top row to the bottom row and moves first; player 2 joins the left column to the right column' });
export type Player = Static<typeof Player>;

/** The settings of a room (the sheet: "eine Einstellung des Raums", "Was Sie … wählen können"). */
export const RoomSettings = Type.Object(
  {
    takePrice: Type.Unsafe<1 | 2>({ type: 'integer', enum: [1, 2], description: 'tiles paid for taking a given: usually 1, 2 in Blitz rooms' }),
    turnSeconds: Type.Integer({ minimum: 5, maximum: 3600, description: 'time limit of one move: 30 s in Blitz rooms, 45 or 60 s in ordinary rooms, 120 s in the practice room' }),
    gameSeconds: Type.Integer({ minimum: 10, maximum: 86400, description: 'time limit of the game, per player (a chess clock): the player whose time runs out loses' }),
    candidateHighlighting: Type.Boolean({ description: 'the table may show, for the chosen tile, the empty cells where its digit obeys the Sudoku rule' }),
    rated: Type.Boolean({ description: 'the game counts for the club rating' }),
    abandonAfterLapses: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 100,
        description: 'the game ends as abandoned (no winner) once both players have lapsed this many turns in a row (the sheet is silent on players who never come back; absent: never, as before — the server\'s tables set 3)',
      }),
    ),
  },
  { additionalProperties: false },
);
export type RoomSettings = Static<typeof RoomSettings>;

/** The sheet: "meist einen Stein, in Blitz-Räumen zwei"; "dreißig Sekunden in Blitz-Räumen, fünfundvierzig oder sechzig in den gewöhnlichen". */
export const ROOM_DEFAULTS: Readonly<Record<Variant, RoomSettings>> = {
  bridge: { takePrice: 1, turnSeconds: 60, gameSeconds: 1800, candidateHighlighting: true, rated: true },
  blitz: { takePrice: 2, turnSeconds: 30, gameSeconds: 600, candidateHighlighting: true, rated: true },
  domains: { takePrice: 1, turnSeconds: 60, gameSeconds: 1800, candidateHighlighting: true, rated: true },
};

/** Blitz is played on 6×6 ("Blitz hat ein anderes Spielfeld und andere Blöcke": 2×3). */
export const BLITZ_SIZE = 6;
/** Everyone holds three tiles ("Jeder Spieler hält drei Steine"). */
export const HAND_SIZE = 3;

/** Moves a player makes per turn: Domains is played in move pairs, the others one move at a time. */
export function movesPerTurn(variant: Variant): number {
  return variant === 'domains' ? 2 : 1;
}

/**
 * Moves in player 1's very first turn: one. In Domains this makes the turn order 1-2-2-2-…
 * (as in Connect6), so neither player is ever more than one move ahead.
 */
export const OPENING_MOVES = 1;

/** Why these settings cannot be used (one line), or null. */
export function roomProblem(room: RoomSettings): string | null {
  if (room.takePrice !== 1 && room.takePrice !== 2) return `the price of a given is 1 or 2 tiles, not ${room.takePrice}`;
  if (!Number.isInteger(room.turnSeconds) || room.turnSeconds < 5 || room.turnSeconds > 3600) return `the turn limit must be 5..3600 seconds, not ${room.turnSeconds}`;
  if (!Number.isInteger(room.gameSeconds) || room.gameSeconds < 10 || room.gameSeconds > 86400) return `the game limit must be 10..86400 seconds, not ${room.gameSeconds}`;
  if (room.abandonAfterLapses !== undefined && (!Number.isInteger(room.abandonAfterLapses) || room.abandonAfterLapses < 1 || room.abandonAfterLapses > 100)) return `abandonAfterLapses must be 1..100 lapses, not ${room.abandonAfterLapses}`;
  return null;
}
