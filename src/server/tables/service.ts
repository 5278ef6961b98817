/**
 * The table service: deals tables, answers seats, takes moves, for every game alike. The table's
 * game decides (its registration, games.ts: deal, referee, views, record); the service checks who
 * is asking, keeps the clock and stores. Every answer
 * that may append (a view, a move, the clock's own moves) comes from one `store.update`, so
 * reading the log, judging and appending are one unit, and a move is applied exactly once and in
 * order however requests race. Every commit is told to the table's watchers (its event streams).
 *
 * Errors are TableErrors: an HTTP status and one line for the asker.
 */
import { randomBytes } from 'node:crypto';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { getOrMake } from '../../core/memo.ts';
import type { HeavyWork } from '../heavy-work.ts';
import { schemaErrorText } from '../validation.ts';
import type { SeatAnswer, AnyTableGame, GameName, MovePage, TimedEntry } from './game.ts';
import { gameOf, TABLE_GAMES } from './games.ts';
import { SeatEvents, type TableEvent } from './seat-events.ts';
import { TableTimers } from './table-timers.ts';
import { TableError } from './table-error.ts';
import { MOVES_PAGE_LIMIT, type CreatedTable, type EventTicket, type SeatQuery } from './schema.ts';
import type { StoredMove, TableChanges, TableLog, TableStore } from './store.ts';
import { eventTicket, newToken, seatOfToken, ticketSeat, tokenHash } from './tokens.ts';

export { TableError };
export { DEFAULT_ABANDON_LAPSES } from './numbridge-table.ts';

export interface TableServiceOptions {
  /** The server's clock (ms); tests inject one. */
  now?: () => number;
  /** Seeds of new deals: 128 random bits by default (a deal is as secret as its seed); tests inject one. */
  dealSeed?: () => string;
  /** Where deals run (worker threads: a hard deal takes a second or more); without it, in this thread. */
  heavyWork?: HeavyWork;
  /** The time limit of one deal in ms (default: the pool's); past it a 422 as a spent generator budget. */
  dealTimeLimitMs?: number;
  /** Where failures off any request go (a table's clock, a watcher): the server's log. */
  onError?: (error: unknown, doing: string) => void;
  /** Other instances on the same database (store.ts TableChanges): their moves reach this one's watchers. */
  changes?: TableChanges;
}

/** A game's position, as the service holds it without looking in. */
type Position = unknown;

/** What a decision inside `commit` returns: the store's part and the position after it. */
interface Decided<T> {
  append: StoredMove[];
  answer: T;
  after: Position;
}

/** A watcher of a table: told the log after each commit, and whether the game has ended with it. */
export type Watcher = (log: TableLog, ended: boolean) => void;

/** The answer to a move: the stored verdict, and whether this was a retry of a stored move. */
export interface MoveAnswer {
  verdict: object;
  replayed: boolean;
}

const CACHED_TABLES = 1024;
/** An event ticket opens the stream for a minute: long enough to connect, short for a URL in a log. */
export const TICKET_LIFE_MS = 60_000;
/** A timer whose settling failed (a busy database) looks again after this. */
const RETRY_TIMER_MS = 1000;
/** A table claimed by a sweep is left to that instance this long (its settling takes milliseconds). */
const CLOCK_LEASE_MS = 10_000;
/** Tables claimed at a time by one sweep. */
const CLOCK_SWEEP_BATCH = 50;
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,200}$/;

/** Each game's move schema, compiled once: as strict as the routes' validator (no coercion, unknown fields refused). */
const moveAjv = new Ajv2020({ coerceTypes: false, allErrors: false, strict: false, discriminator: true, verbose: true });
const moveChecks = new Map<GameName, ReturnType<typeof moveAjv.compile>>();

export class TableService {
  /** The server's clock (ms). */
  readonly now: () => number;
  private readonly dealSeed: () => string;
  private readonly heavyWork: HeavyWork | undefined;
  private readonly dealTimeLimitMs: number | undefined;
  /** Each recent table's position at the start (its deal read once: it is fixed for the table's life). */
  private readonly starts = new Map<string, Position>();
  /**
   * The position after the first `count` moves of each recent table's log, as read from the
   * database (committed, and a log is only ever appended to): a request replays only the moves
   * since. Safe beside other processes writing the same file — their moves are in the log read.
   */
  private readonly positions = new Map<string, { count: number; position: Position }>();
  /** The seats' events, made once per move for every seat (seat-events.ts). */
  private readonly events = new SeatEvents((log) => this.startOf(log));
  private readonly watchers = new Map<string, Set<Watcher>>();
  private readonly timers: TableTimers;
  private closed = false;
  private readonly onError: (error: unknown, doing: string) => void;

  private readonly changes: TableChanges | undefined;
  private stopListening: (() => Promise<void>) | undefined;
  private sweeper: NodeJS.Timeout | undefined;

  constructor(
    private readonly store: TableStore,
    options: TableServiceOptions = {},
  ) {
    this.changes = options.changes;
    this.now = options.now ?? Date.now;
    this.dealSeed = options.dealSeed ?? (() => randomBytes(16).toString('hex'));
    this.heavyWork = options.heavyWork;
    this.dealTimeLimitMs = options.dealTimeLimitMs;
    this.timers = new TableTimers(this.now, (id) => this.onTimer(id));
    this.onError = options.onError ?? (() => {});
  }

  /**
   * Deal a table of the body's game (none named: Numbridge) for `client` (deals are shared out
   * fairly between addresses); the seats' tokens are returned here and never again.
   */
  async create(body: { game?: GameName }, client?: string): Promise<CreatedTable> {
    const game = TABLE_GAMES[body.game ?? 'numbridge'];
    const deal = await game.deal(body, this.dealSeed(), { heavyWork: this.heavyWork, dealTimeLimitMs: this.dealTimeLimitMs, client });
    const tokens = Array.from({ length: game.seats(deal) }, () => newToken());
    const id = game.idPrefix + randomBytes(12).toString('hex');
    const table = { id, game: game.name, deal, seatHashes: tokens.map(tokenHash), startedAt: this.now() };
    // the clock runs from the deal: a table nobody looks at lapses (and is abandoned) on time
    const due = game.nextClockEvent(this.position({ table, moves: [] }));
    await this.store.create(table, due);
    this.timers.arm(id, due);
    return { id, seats: tokens.map((token, i) => ({ seat: i + 1, token })) };
  }

  /** What the token's seat sees now (after the end: with the record). */
  async seat(id: string, token: string | null, query: SeatQuery = {}): Promise<SeatAnswer> {
    const bearer = requireToken(token);
    const page = movePage(query);
    const answer = await this.commit(id, (log) => {
      const game = gameOf(log);
      const seat = this.seatOf(log, bearer);
      const now = this.now();
      const { position, made } = game.settle(this.position(log), now);
      const append = serverMoves(log.moves.length + 1, made);
      const entries = [...log.moves.map((m) => m.entry), ...made.map((m) => m.entry)];
      const shown = game.seatView(id, position, entries, seat, now, page);
      if (game.ended(position)) shown.record = game.record(log.table.deal, entries, position);
      return { append, answer: shown, after: position };
    });
    if (!answer) throw unknownTable(id);
    return answer;
  }

  /**
   * Make the moves the clock has made due by now (lapses, a flag fall, skips) and tell the table's
   * watchers: what a table's timer runs. The table's log afterwards, or null for an unknown table.
   */
  async settleDue(id: string): Promise<TableLog | null> {
    return this.commit(id, (log) => {
      const { position, made } = gameOf(log).settle(this.position(log), this.now());
      const append = serverMoves(log.moves.length + 1, made);
      return { append, answer: append.length === 0 ? log : { table: log.table, moves: [...log.moves, ...append] }, after: position };
    });
  }

  /**
   * Arm the clock of every table not known to have ended (after a start: the timers of the last
   * run are gone). Each is settled first, so lapses that fell due while the server was down are
   * written now, at the times they fell due. Tables one at a time: a start with many open tables
   * does not stall the requests that arrive meanwhile.
   */
  async resumeClocks(): Promise<number> {
    let open = 0;
    for (const id of await this.store.openTables()) {
      if (this.closed) break;
      try {
        const log = await this.settleDue(id);
        if (log && !this.hasEnded(log)) open++;
      } catch (e) {
        // one table that cannot be settled must not leave the others' clocks unarmed
        this.onError(e, `arming the clock of table ${id}`);
      }
      await new Promise((next) => setImmediate(next));
    }
    return open;
  }

  /**
   * One pass of the clock sweep: settle the tables whose clock is due by the database's record
   * (`store.claimDue`), whoever armed their timer — on several instances (PostgreSQL) the one that
   * did may have died. Claimed in batches, so two instances sweeping together settle different
   * tables; settling one another instance already settled makes nothing. How many tables it
   * claimed and settled (one with nothing due any more counts too).
   */
  async sweepClocks(): Promise<number> {
    let claimed = 0;
    for (;;) {
      const ids = await this.store.claimDue(this.now(), CLOCK_LEASE_MS, CLOCK_SWEEP_BATCH);
      for (const id of ids) {
        if (this.closed) return claimed;
        try {
          await this.settleDue(id);
          claimed++;
        } catch (e) {
          // its lease runs out and a later sweep (or its timer) tries again
          this.onError(e, `the clock of table ${id} (sweep)`);
        }
      }
      if (ids.length < CLOCK_SWEEP_BATCH || this.closed) return claimed;
    }
  }

  /**
   * Sweep every `everyMs` (sweepClocks) until closed: a table's clock moves on time even when the
   * instance whose timer it was has died. A failing sweep (the database away) is said once until
   * one succeeds again.
   */
  startClockSweep(everyMs: number): void {
    if (this.sweeper || this.closed) return;
    let running = false;
    let failing = false;
    this.sweeper = setInterval(() => {
      if (running) return;
      running = true;
      this.sweepClocks()
        .then(() => void (failing = false))
        .catch((e: unknown) => {
          if (!failing) this.onError(e, "sweeping the tables' clocks");
          failing = true;
        })
        .finally(() => void (running = false));
    }, everyMs);
    this.sweeper.unref();
  }

  /** A ticket for the token's seat to open the table's event stream (EventSource sends no headers). */
  async ticket(id: string, token: string | null): Promise<EventTicket> {
    const bearer = requireToken(token);
    const log = await this.store.read(id);
    if (!log) throw unknownTable(id);
    const seat = this.seatOf(log, bearer);
    const expiresAt = this.now() + TICKET_LIFE_MS;
    return { ticket: eventTicket(id, seat, expiresAt, log.table.seatHashes[seat - 1]!), seat, expiresAt };
  }

  /**
   * Open a seat's event stream: the ticket checked, the clock settled, and the events after
   * `lastEventId` (null: the latest alone — the state now). Later events come from the watchers'
   * logs (`watch`, `eventsAfter`). A client that has the last event of an ended game is told so
   * (no events, ended) even with an expired ticket: EventSource's reconnect after the end must
   * get its 204, and it learns nothing from it.
   */
  async openEvents(id: string, ticket: string, lastEventId: number | null): Promise<{ seat: number; events: TableEvent[]; ended: boolean }> {
    const read = await this.store.read(id);
    if (!read) throw unknownTable(id);
    const checked = ticketSeat(ticket, id, read.table.seatHashes, this.now());
    if ('why' in checked) {
      if (checked.expired !== undefined && lastEventId !== null && lastEventId >= read.moves.length && this.hasEnded(read)) return { seat: checked.expired, events: [], ended: true };
      throw new TableError(401, checked.why);
    }
    const log = (await this.settleDue(id)) ?? read;
    const count = log.moves.length;
    if (lastEventId !== null && lastEventId > count) throw new TableError(400, `Last-Event-ID ${lastEventId} is past the table's last move (${count})`);
    const ended = this.hasEnded(log);
    if (lastEventId === null && count === 0) return { seat: checked.seat, events: [this.events.start(log, checked.seat)], ended };
    return { seat: checked.seat, events: this.eventsAfter(log, checked.seat, lastEventId ?? count - 1), ended };
  }

  /** The events of `seat` after move `after` up to the end of `log` (seat-events.ts). */
  eventsAfter(log: TableLog, seat: number, after: number): TableEvent[] {
    return this.events.after(log, seat, after);
  }

  /** True when the game of this log has ended. */
  hasEnded(log: TableLog): boolean {
    return gameOf(log).ended(this.position(log));
  }

  /** Call `listener` with the table's log (and whether its game has ended) after every committed change; returns the way to stop. */
  watch(id: string, listener: Watcher): () => void {
    const listeners = getOrMake(this.watchers, id, () => new Set<Watcher>());
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0) this.watchers.delete(id);
    };
  }

  /** Delete the tables whose game ended more than `keepMs` ago (their records go with them); how many. */
  async expire(keepMs: number): Promise<number> {
    return this.store.deleteEndedBefore(this.now() - keepMs);
  }

  /** Follow the tables changed through other instances (TableChanges), for this one's watchers. */
  async listen(): Promise<void> {
    if (!this.changes || this.stopListening) return;
    this.stopListening = await this.changes.listen((changed) => {
      for (const id of changed === '*' ? [...this.watchers.keys()] : this.watchers.has(changed) ? [changed] : []) {
        void this.tellWatchers(id).catch((e: unknown) => this.onError(e, `following table ${id}`));
      }
    }, this.onError);
  }

  /** A table's log as stored now, to its watchers (a stream sends only the moves it has not sent). */
  private async tellWatchers(id: string): Promise<void> {
    const log = await this.store.read(id);
    if (!log) return;
    const ended = this.hasEnded(log);
    for (const listener of this.watchers.get(id) ?? []) {
      try {
        listener(log, ended);
      } catch (e) {
        this.onError(e, `telling a watcher of table ${id}`);
      }
    }
  }

  /** Stop the clocks and the listening (the server is closing). */
  close(): void {
    this.closed = true;
    this.timers.close();
    if (this.sweeper) clearInterval(this.sweeper);
    void this.stopListening?.().catch(() => undefined);
  }

  /**
   * A seat's move under an idempotency key. A key seen before answers its stored verdict and
   * applies nothing; otherwise the move is checked against the table's game (its own move
   * shape), the server's own moves due by now are made first (a lapse, a flag fall), then the
   * game's referee judges the move at the server's time.
   */
  async move(id: string, token: string | null, move: unknown, key: string | null): Promise<MoveAnswer> {
    const bearer = requireToken(token);
    if (key === null) throw new TableError(400, 'a move needs an idempotency key: the Idempotency-Key header or "idempotencyKey" in the body');
    if (!IDEMPOTENCY_KEY.test(key)) throw new TableError(400, 'the idempotency key must be 1..200 printable ASCII characters without spaces');
    const answer = await this.commit(id, (log): Decided<MoveAnswer> => {
      const game = gameOf(log);
      const seat = this.seatOf(log, bearer);
      checkMove(game, move);
      const request = game.canonicalMove(move);
      // keys are per seat: the other seat's use of a key neither blocks nor answers this one
      const before = log.moves.find((m) => m.seat === seat && m.idempotencyKey === key);
      if (before) {
        if (before.request !== request) throw new TableError(409, `idempotency key ${key} was used for another move (${before.request})`);
        return { append: [], answer: { verdict: JSON.parse(before.verdict!), replayed: true }, after: this.position(log) };
      }
      const now = this.now();
      const due = game.settle(this.position(log), now);
      if (game.ended(due.position)) throw new TableError(409, 'the game is over: no more moves');
      const { made, next } = game.play(due.position, seat, move, now);
      // the next player's automatic moves happen at once (a stuck player has nothing to wait for)
      const after = game.settle(next, now);
      const firstNumber = log.moves.length + due.made.length + 1;
      const verdict = game.verdictOf(id, seat, firstNumber, made, after.made, after.position);
      const append = [
        ...serverMoves(log.moves.length + 1, due.made),
        { moveNumber: firstNumber, seat, idempotencyKey: key, request, entry: made.entry, verdict: JSON.stringify(verdict), at: made.at },
        ...serverMoves(firstNumber + 1, after.made),
      ];
      return { append, answer: { verdict, replayed: false }, after: after.position };
    });
    if (!answer) throw unknownTable(id);
    return answer;
  }

  /**
   * One `store.update`, and what follows a commit: the position after it is remembered, the
   * table's timer is armed for the clock's next move, the end is stored, and the watchers get
   * the log — after the commit, so no event tells of a move that could still be rolled back.
   */
  private async commit<T>(id: string, decide: (log: TableLog) => Decided<T>): Promise<T | null> {
    let committed: { log: TableLog; after: Position; changed: boolean; ended: boolean; clockDue: number | null } | null = null;
    const answer = await this.store.update(id, (log) => {
      const { append, answer, after } = decide(log);
      const game = gameOf(log);
      const changed = append.length > 0;
      const now = changed ? { table: log.table, moves: [...log.moves, ...append] } : log;
      const ended = game.ended(after);
      const clockDue = game.nextClockEvent(after);
      committed = { log: now, after, changed, ended, clockDue };
      // the clock's next move is stored too: any instance's sweep finds the table when it is due
      return { append, answer, clockDue, ...(ended ? { endedAt: now.moves.at(-1)?.at ?? log.table.startedAt } : {}) };
    });
    if (committed === null) return answer;
    const { log, after, changed, ended, clockDue } = committed as { log: TableLog; after: Position; changed: boolean; ended: boolean; clockDue: number | null };
    remember(this.positions, id, { count: log.moves.length, position: after });
    this.timers.arm(id, clockDue);
    if (changed) {
      for (const listener of this.watchers.get(id) ?? []) {
        // the move is committed: a watcher that fails is that stream's problem, not the mover's
        try {
          listener(log, ended);
        } catch (e) {
          this.onError(e, `telling a watcher of table ${id}`);
        }
      }
    }
    return answer;
  }

  /**
   * The timer's work: settle the table. A failure (a busy database) is tried again, later each
   * time up to a minute, and said; requests settle the table meanwhile anyway.
   */
  private onTimer(id: string, failures = 0): void {
    this.settleDue(id).catch((e: unknown) => {
      this.onError(e, `the clock of table ${id} (failure ${failures + 1})`);
      if (!this.closed) this.timers.arm(id, this.now() + Math.min(60_000, RETRY_TIMER_MS * 2 ** failures), () => this.onTimer(id, failures + 1));
    });
  }

  private seatOf(log: TableLog, token: string): number {
    const seat = seatOfToken(token, log.table.seatHashes);
    if (seat === null) throw new TableError(403, `the token is not a seat of table ${log.table.id}`);
    return seat;
  }

  private position(log: TableLog): Position {
    const id = log.table.id;
    const game = gameOf(log);
    const cached = this.positions.get(id);
    const position =
      cached && cached.count <= log.moves.length
        ? game.replayOnto(cached.position, log.moves.slice(cached.count))
        : game.replayOnto(this.startOf(log), log.moves);
    remember(this.positions, id, { count: log.moves.length, position });
    return position;
  }

  private startOf(log: TableLog): Position {
    let start = this.starts.get(log.table.id);
    if (start === undefined) start = gameOf(log).start(log.table.deal, log.table.startedAt, log.table.id);
    remember(this.starts, log.table.id, start);
    return start;
  }
}

/** The move against the table's game's own move shape: a 400 naming the field, as the routes word theirs. */
function checkMove(game: AnyTableGame, move: unknown): void {
  const check = getOrMake(moveChecks, game.name, () => moveAjv.compile(game.move));
  if (!check(move)) throw new TableError(400, schemaErrorText(check.errors!, 'body/move'));
}

/** `?since=&limit=` → the page of moves a view lists (strings: the plugin does not coerce). */
function movePage(query: SeatQuery): MovePage {
  const since = query.since === undefined ? 0 : Number(query.since);
  const limit = query.limit === undefined ? MOVES_PAGE_LIMIT : Number(query.limit);
  if (limit < 1 || limit > MOVES_PAGE_LIMIT) throw new TableError(400, `querystring/limit must be 1..${MOVES_PAGE_LIMIT}, not ${limit}`);
  return { since, limit };
}

/** Put `value` in a bounded cache; re-inserted, so the Map's order is least recently used first. */
function remember<V>(cache: Map<string, V>, key: string, value: V): void {
  cache.delete(key);
  if (cache.size >= CACHED_TABLES) cache.delete(cache.keys().next().value!);
  cache.set(key, value);
}

/** The server's own moves as log rows, numbered from `first`. */
function serverMoves(first: number, made: readonly TimedEntry[]): StoredMove[] {
  return made.map((m, i) => ({ moveNumber: first + i, seat: null, idempotencyKey: null, request: null, entry: m.entry, verdict: null, at: m.at }));
}

function requireToken(token: string | null): string {
  if (token === null) throw new TableError(401, 'no seat token: send "Authorization: Bearer <token>"');
  return token;
}

function unknownTable(id: string): TableError {
  return new TableError(404, `no table ${id}`);
}
