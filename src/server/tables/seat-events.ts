/**
 * A table's events as its seats receive them (events.ts sends them): for each move, the seat's
 * state right after it, at the move's time — the answer `GET /tables/:id?since=k-1&limit=1` gave
 * then — with the record on the move that ended the game. An event is a pure function of the log,
 * so it is the same bytes however often and whenever it is sent.
 *
 * Made once per move for every seat and kept for a table's last few moves (its "trail": the
 * position after its last move and those events), so a thousand watchers of a table share the
 * work; a watcher further behind gets its events replayed from the start for it alone.
 */
import { BoundedCache } from '../../core/memo.ts';
import { gameOf } from './games.ts';
import type { TableLog } from './store.ts';

/** A game's position (the events do not look in: the table's game does). */
type Position = unknown;

/** One event of a seat's stream: the move number (0: the start) and the seat's state as JSON. */
export interface TableEvent {
  id: number;
  data: string;
}

interface EventTrail {
  count: number;
  position: Position;
  /** Per move, the event of each seat (seat 1 first). */
  recent: Map<number, string[]>;
}

/** As many as the tables cached: more watched tables than this would replay a whole log per commit. */
const CACHED_TRAILS = 1024;
/** Events kept per watched table: enough for a watcher a few moves behind (a reconnect). */
const KEPT_EVENTS = 16;

export class SeatEvents {
  /** Per watched table: the position after its last move and the last few moves' events, for every seat. */
  private readonly trails = new BoundedCache<string, EventTrail>(CACHED_TRAILS);

  constructor(private readonly startOf: (log: TableLog) => Position) {}

  /**
   * The events of `seat` after move `after` up to the end of `log`: for each move its number and
   * the seat's state right after it, at the move's time (so an event is the same bytes whenever
   * and however often it is sent), with the record on the move that ended the game. Computed once
   * per move for both seats and kept for the last few moves, so a thousand watchers of a table
   * share the work.
   */
  after(log: TableLog, seat: number, after: number): TableEvent[] {
    const count = log.moves.length;
    if (after >= count) return [];
    const trail = this.trailOf(log);
    const events: TableEvent[] = [];
    for (let k = after + 1; k <= count; k++) {
      const data = trail.recent.get(k)?.[seat - 1];
      if (data === undefined) return this.eventsFromScratch(log, seat, after);
      events.push({ id: k, data });
    }
    return events;
  }

  /** The event of a table with no move yet: its state at the start (id 0). */
  start(log: TableLog, seat: number): TableEvent {
    return { id: 0, data: JSON.stringify(gameOf(log).seatView(log.table.id, this.startOf(log), [], seat, log.table.startedAt, { since: 0, limit: 1 })) };
  }

  /** The trail of a table brought up to `log`: the position after its last move, and the recent events. */
  private trailOf(log: TableLog): EventTrail {
    const id = log.table.id;
    let trail = this.trails.get(id);
    if (!trail || trail.count > log.moves.length) {
      // a trail further on than this log (a late watcher call) still serves its recent events
      if (trail && log.moves.length >= trail.count - KEPT_EVENTS) return trail;
      trail = { count: 0, position: this.startOf(log), recent: new Map() };
      this.trails.set(id, trail);
    }
    // only a log longer than the trail costs anything: every watcher of a table asks after each commit
    const entries = trail.count < log.moves.length ? log.moves.map((m) => m.entry) : [];
    while (trail.count < log.moves.length) {
      const k = trail.count + 1;
      trail.position = gameOf(log).replayOnto(trail.position, [log.moves[k - 1]!]);
      trail.count = k;
      if (k > log.moves.length - KEPT_EVENTS) trail.recent.set(k, log.table.seatHashes.map((_, i) => this.eventData(log, trail!.position, entries, k, i + 1)));
      trail.recent.delete(k - KEPT_EVENTS);
    }
    return trail;
  }

  /** Events older than the trail keeps: the log replayed from its start for this seat alone. */
  private eventsFromScratch(log: TableLog, seat: number, after: number): TableEvent[] {
    const game = gameOf(log);
    const entries = log.moves.map((m) => m.entry);
    let position = game.replayOnto(this.startOf(log), log.moves.slice(0, after));
    const events: TableEvent[] = [];
    for (let k = after + 1; k <= log.moves.length; k++) {
      position = game.replayOnto(position, [log.moves[k - 1]!]);
      events.push({ id: k, data: this.eventData(log, position, entries, k, seat) });
    }
    return events;
  }

  /** The JSON of `seat`'s state right after move k (at its time); the record when it ended the game. */
  private eventData(log: TableLog, position: Position, entries: readonly unknown[], k: number, seat: number): string {
    const game = gameOf(log);
    const shown = game.seatView(log.table.id, position, entries.slice(0, k), seat, log.moves[k - 1]!.at, { since: k - 1, limit: 1 });
    if (game.ended(position)) shown.record = game.record(log.table.deal, entries.slice(0, k), position);
    return JSON.stringify(shown);
  }
}
