/**
 * A game served at tables: what the service needs of it, so that Numbridge, Kosmos SuDoku and
 * Domino-SUDOKU are registrations (games.ts) and the routes, tokens, idempotency, events, clock
 * and store are written once. Everything here is pure: the service stores, the game decides.
 *
 * A table is its stored deal (game-specific JSON, with its secret) plus its move log; the log's
 * entries are game-specific JSON too, and `replayOnto` rebuilds the position from them (a stored
 * entry was legal when it was stored). A seat's view, the verdict of its move and the record
 * after the end are the game's shapes (TypeBox, in schema.ts).
 */
import type { TSchema } from '@sinclair/typebox';
import type { HeavyWork } from '../heavy-work.ts';

export type GameName = 'numbridge' | 'kosmos' | 'domino';
export const GAME_NAMES: readonly GameName[] = ['numbridge', 'kosmos', 'domino'];

/** A move the log holds (or will): the game's entry and the server time it was made. */
export interface TimedEntry<E = unknown> {
  entry: E;
  at: number;
}

/** Which moves a view lists: those numbered after `since`, at most `limit`. */
export interface MovePage {
  since: number;
  limit: number;
}

/** Where a deal may run: the server's worker pool (a Numbridge board can take seconds), for whom. */
export interface DealContext {
  heavyWork?: HeavyWork;
  dealTimeLimitMs?: number;
  client?: string;
}

/** What the service keeps of a seat's state: any game's, with the record added after the end. */
export interface SeatAnswer {
  id: string;
  seat: number;
  moveCount: number;
  record?: object;
}

export interface TableGame<Deal = unknown, Pos = unknown, Entry = unknown, Move = unknown> {
  readonly name: GameName;
  /** The start of its tables' ids ("nbt-" for Numbridge: the ids of existing tables stay). */
  readonly idPrefix: string;
  /** `POST /tables` for this game (validated before `deal`). */
  readonly createBody: TSchema;
  /** The `move` of `POST /tables/:id/moves` for this game (checked by the service once the table is known). */
  readonly move: TSchema;
  /** A seat's state (`GET /tables/:id`, each event's data) and a move's verdict: for validation of answers and the docs. */
  readonly seatState: TSchema;
  readonly verdict: TSchema;

  /** Deal a table from a validated body with a fresh secret seed; a TableError 422 for a deal no rule allows. */
  deal(body: unknown, seed: string, context: DealContext): Promise<Deal>;
  /** How many seats the deal has (1..4). */
  seats(deal: Deal): number;
  /** The position at the start (the deal read; an unreadable stored deal is a bug: thrown). */
  start(deal: Deal, startedAt: number, tableId: string): Pos;
  /** A position with more of the log played on it. */
  replayOnto(position: Pos, log: readonly TimedEntry<Entry>[]): Pos;
  /** The moves the server makes by itself up to `now` (skips, lapses, claims, a flag fall). */
  settle(position: Pos, now: number): { position: Pos; made: TimedEntry<Entry>[] };
  /** The first server time at which `settle` will make a move, or null after the end. */
  nextClockEvent(position: Pos): number | null;
  ended(position: Pos): boolean;
  /** The move as canonical JSON, to tell a retry from another move under the same key. */
  canonicalMove(move: Move): string;
  /** Judge `seat`'s move at `now` on a settled position: the entry made and the position after, or a TableError (409, 422). */
  play(position: Pos, seat: number, move: Move, now: number): { made: TimedEntry<Entry>; next: Pos };
  /** The answer to the mover: its move and the server's moves right after it, as that seat may see them. */
  verdictOf(table: string, seat: number, moveNumber: number, made: TimedEntry<Entry>, after: readonly TimedEntry<Entry>[], position: Pos): object;
  /** What `seat` sees at `now`: never another seat's hidden tile, a pile, a solution or a seed. */
  seatView(id: string, position: Pos, log: readonly Entry[], seat: number, now: number, page: MovePage): SeatAnswer;
  /** After the end only: the record `puzzlemill replay <game>` reads. */
  record(deal: Deal, log: readonly Entry[], position: Pos): object;
}

/** Any registration (the service does not look into a game's types). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyTableGame = TableGame<any, any, any, any>;
