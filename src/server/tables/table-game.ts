/**
 * A table's game as pure functions over its stored parts: the position rebuilt from the deal and
 * the move log through the referee, the server's clock (lapses and flag falls it decides
 * itself), and what one seat may see. No I/O here: the service stores, this decides.
 */
import { entryOf, moveOf } from '../../games/numbridge/record.ts';
import { applyMove, mustSkip, resign } from '../../games/numbridge/referee.ts';
import type { Player } from '../../games/numbridge/room.ts';
import type { RecordEntry } from '../../games/numbridge/schema.ts';
import { newGame, type GameSetup, type GameState } from '../../games/numbridge/state.ts';
import { playerView } from '../../games/numbridge/view.ts';
import type { SeatEntry, SeatState } from './schema.ts';

/** A move the log holds (or will): the record entry and the server time it was made. */
export interface TimedEntry {
  entry: RecordEntry;
  at: number;
}

export interface Position {
  state: GameState;
  /** Server time the turn of the player to move began: the previous move's time, or the start. */
  turnStartedAt: number;
}

/** Replay the log from the deal through the referee (a stored entry was legal when it was stored). */
export function rebuild(setup: GameSetup, startedAt: number, log: readonly TimedEntry[]): Position {
  return replayOnto({ state: newGame(setup), turnStartedAt: startedAt }, log);
}

/** A position with more of the log played on it. */
export function replayOnto(position: Position, log: readonly TimedEntry[]): Position {
  let { state, turnStartedAt } = position;
  for (const { entry, at } of log) {
    if (entry.kind === 'resign') {
      state = resign(state, entry.player);
      continue;
    }
    const move = moveOf(entry, state.size);
    if (!move) throw new Error(`a table's log holds a ${entry.kind} entry, which the server never writes`);
    state = applyMove(state, move, 'clock' in entry && entry.clock ? entry.clock.used : 0).state;
    turnStartedAt = at;
  }
  return { state, turnStartedAt };
}

/**
 * The moves the server makes by itself up to `now`: the skip of a player with nothing to play,
 * the lapse of a move whose turn limit ran out (at the moment it ran out, so the next turn starts
 * then), and the flag fall of a player whose game time ran out (the game is lost).
 */
export function settle(position: Position, now: number): { position: Position; made: TimedEntry[] } {
  let { state, turnStartedAt } = position;
  const made: TimedEntry[] = [];
  const make = (move: Parameters<typeof applyMove>[1], used: number, at: number) => {
    const r = applyMove(state, move, used);
    made.push({ entry: entryOf(r.outcome, state.size), at });
    state = r.state;
    turnStartedAt = at;
  };
  while (!state.result) {
    if (mustSkip(state)) {
      make({ kind: 'skip' }, 0, turnStartedAt);
      continue;
    }
    const turnMs = state.room.turnSeconds * 1000;
    const gameMs = state.timeLeft[state.toMove - 1]!;
    const elapsed = now - turnStartedAt;
    // a move taking exactly the turn limit is still in time; one using up the game time is not
    if (gameMs <= turnMs && elapsed >= gameMs) make({ kind: 'timeout' }, gameMs, turnStartedAt + gameMs);
    else if (gameMs > turnMs && elapsed > turnMs) make({ kind: 'timeout' }, turnMs, turnStartedAt + turnMs);
    else break;
  }
  return { position: { state, turnStartedAt }, made };
}

/**
 * The first server time at which `settle` will make a move by itself (a lapse or a flag fall), or
 * null when the game is over. The same comparisons as settle's: a lapse is due one millisecond
 * after the turn limit (a move at exactly the limit is in time), a flag fall at the game limit.
 */
export function nextClockEvent(position: Position): number | null {
  const { state, turnStartedAt } = position;
  if (state.result) return null;
  const turnMs = state.room.turnSeconds * 1000;
  const gameMs = state.timeLeft[state.toMove - 1]!;
  return gameMs <= turnMs ? turnStartedAt + gameMs : turnStartedAt + turnMs + 1;
}

/** Milliseconds the player to move has used of its turn at `now`. */
export function usedAt(position: Position, now: number): number {
  return Math.max(0, now - position.turnStartedAt);
}

/** A log entry as `seat` may see it: an opponent's paid, swapped and drawn tiles only as counts. */
export function entryForSeat(entry: RecordEntry, moveNumber: number, seat: Player): SeatEntry {
  const shown: SeatEntry = { moveNumber, ...entry };
  if ('player' in entry && entry.player === seat) return shown;
  if ('drawn' in entry && entry.drawn) {
    delete shown.drawn;
    shown.drawnCount = entry.drawn.length;
  }
  if ('tiles' in entry) {
    delete shown.tiles;
    shown.tileCount = entry.tiles.length;
  }
  return shown;
}

/** Which moves a view lists: those numbered after `since`, at most `limit`. */
export interface MovePage {
  since: number;
  limit: number;
}

/** What `seat` sees of the table at `now` (the record is added by the service after the end). */
export function seatState(id: string, position: Position, log: readonly RecordEntry[], seat: Player, now: number, page: MovePage = { since: 0, limit: Infinity }): SeatState {
  const { state } = position;
  const over = state.result !== null;
  const used = over ? 0 : usedAt(position, now);
  const mover = state.toMove;
  const gameLeft = (p: Player) => Math.max(0, state.timeLeft[p - 1]! - (p === mover ? used : 0));
  return {
    id,
    seat,
    view: playerView(state, seat),
    moves: log.slice(page.since, page.since + page.limit).map((entry, i) => entryForSeat(entry, page.since + i + 1, seat)),
    moveCount: log.length,
    clock: {
      now,
      turnStartedAt: position.turnStartedAt,
      turnLeft: over ? 0 : Math.max(0, Math.min(state.room.turnSeconds * 1000 - used, gameLeft(mover))),
      gameLeft: { '1': gameLeft(1), '2': gameLeft(2) },
    },
  };
}
