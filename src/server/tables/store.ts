/**
 * Where tables live: the storage interface the service is written against. SQLite
 * (sqlite-store.ts) is the embedded default; PostgreSQL can follow with the same two tables and
 * `update` as `BEGIN; SELECT … FOR UPDATE` on the table's row, the appends, `COMMIT` (the unique
 * keys on (table, move number) and (table, seat, idempotency key) stay the backstop when two API
 * instances race). The interface is asynchronous for that reason even though SQLite is not.
 */
import type { GameName } from './game.ts';

/**
 * What a store may fail with besides bugs: another writer appended the same move number or key
 * first (`conflict`: resend, with the same key), the database stayed locked (`busy`), or the disk
 * is full (`full`: SQLITE_FULL; the server's own cap on the database is a TableError 507).
 */
export class StoreError extends Error {
  override readonly name = 'StoreError';
  constructor(
    readonly kind: 'conflict' | 'busy' | 'full',
    message: string,
  ) {
    super(message);
  }
}

export interface StoredTable {
  id: string;
  /** The game played at the table (its registration reads the deal and the entries); none: Numbridge. */
  game?: GameName;
  /** The game's deal with its secret: only the server ever reads it before the end. */
  deal: unknown;
  /** SHA-256 of the seats' tokens, seat 1 first (1 to 4 seats). */
  seatHashes: Buffer[];
  /** Server time (ms) the game started: player 1's first turn began then. */
  startedAt: number;
}

/** One entry of a table's move log. */
export interface StoredMove {
  /** 1, 2, 3 … without gaps. */
  moveNumber: number;
  /** The seat that sent it; null for the moves the server makes (skips, lapses, a flag fall). */
  seat: number | null;
  idempotencyKey: string | null;
  /** The request as sent (canonical JSON), to tell a retry from another move under the same key. */
  request: string | null;
  /** The game's log entry (Numbridge: its record entry). */
  entry: unknown;
  /** The answer given to the sender (JSON), returned again for a retry with the same key. */
  verdict: string | null;
  /** Server time (ms) the move was made; the next turn starts then. */
  at: number;
}

export interface TableLog {
  table: StoredTable;
  moves: StoredMove[];
}

export interface TableStore {
  /** Store a new table whose clock next makes a move at `clockDue` (server ms; null: no clock). */
  create(table: StoredTable, clockDue: number | null): Promise<void>;
  /** The table and its whole log, or null for an unknown id. */
  read(id: string): Promise<TableLog | null>;
  /**
   * Read the table and its log, let `decide` choose the moves to append, append them — as one
   * unit: no other update of the table runs in between. `decide` is synchronous and may throw
   * (nothing is appended then). Null for an unknown id.
   */
  update<T>(id: string, decide: (log: TableLog) => Decision<T>): Promise<T | null>;
  /** The ids of the tables not known to have ended (their clocks may still run). */
  openTables(): Promise<string[]>;
  /**
   * Claim up to `limit` open tables whose clock's next move is due by `now`, the longest due ones
   * (returned in no particular order): their
   * due time is moved `leaseMs` on as they are claimed, so another instance's sweep passes them by
   * while this one settles them (the settling update writes the true time), and an instance that
   * dies holding them leaves them to the next sweep after the lease. Tables a request holds at that
   * moment are skipped (that update settles them). Their ids.
   */
  claimDue(now: number, leaseMs: number, limit: number): Promise<string[]>;
  /** Delete the tables whose game ended before `time` (server ms), with their logs; how many. */
  deleteEndedBefore(time: number): Promise<number>;
}

/** What an update appends, answers, and whether the game has ended with it (at that server time). */
export interface Decision<T> {
  append: StoredMove[];
  answer: T;
  endedAt?: number;
  /** When the table's clock next makes a move after this (server ms; null: stopped); written when it differs from the stored time (absent: left as stored). */
  clockDue?: number | null;
}

/**
 * How an instance hears that another one on the same database changed a table (PostgreSQL:
 * pg-changes.ts, LISTEN; the store's update sends the NOTIFY inside the move's own transaction, so
 * a committed move is always announced and an uncommitted one never), so that a seat's event
 * stream on one instance follows the moves made through another. One SQLite file has one server:
 * nothing to hear.
 */
export interface TableChanges {
  /** Call `onChange` with each table announced, or with `*` when any may have changed (announcements were lost); returns the way to stop. */
  listen(onChange: (id: string) => void, onError: (error: unknown, doing: string) => void): Promise<() => Promise<void>>;
}
