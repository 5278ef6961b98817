/**
 * The tables in the server's SQLite database (migrations 2, 3, 5, 8). `update` is one
 * BEGIN IMMEDIATE transaction: it takes the write lock before reading, so two requests — in this
 * process or in another on the same file — cannot both read the same log and append to it; the
 * unique keys would refuse the second append anyway. With synchronous=FULL (db.ts) a move is on
 * disk before its answer is sent.
 */
import { moveOfRow, TABLE_COLUMNS, tableOfRow, type MoveRow, type TableRow } from './rows.ts';
import { DISK_FULL, type Db } from '../db.ts';
import Database from 'better-sqlite3';
import { StoreError, type Decision, type StoredTable, type TableLog, type TableStore } from './store.ts';

export class SqliteTableStore implements TableStore {
  private readonly insertTable;
  private readonly selectTable;
  private readonly selectMoves;
  private readonly insertMove;
  private readonly readLog;
  private readonly updateLog;
  private readonly markEnded;
  private readonly deleteEnded;
  private readonly selectOpen;
  private readonly setClockDue;
  private readonly claimDueRows;

  constructor(db: Db) {
    this.insertTable = db.prepare('INSERT INTO numbridge_tables (id, game, seats, deal, seat1_hash, seat2_hash, seat3_hash, seat4_hash, started_at, clock_due) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)');
    this.selectTable = db.prepare<[string], TableRow>(`SELECT ${TABLE_COLUMNS} FROM numbridge_tables WHERE id = ?`);
    this.selectMoves = db.prepare<[string], MoveRow>(
      'SELECT move_number, seat, idempotency_key, request, entry, verdict, at FROM numbridge_table_moves WHERE table_id = ? ORDER BY move_number',
    );
    this.insertMove = db.prepare('INSERT INTO numbridge_table_moves (table_id, move_number, seat, idempotency_key, request, entry, verdict, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)');
    this.markEnded = db.prepare('UPDATE numbridge_tables SET finished_at = ? WHERE id = ? AND finished_at IS NULL');
    this.deleteEnded = db.transaction((time: number) => {
      db.prepare('DELETE FROM numbridge_table_moves WHERE table_id IN (SELECT id FROM numbridge_tables WHERE finished_at < ?)').run(time);
      return db.prepare('DELETE FROM numbridge_tables WHERE finished_at < ?').run(time).changes;
    });
    this.selectOpen = db.prepare<[], string>('SELECT id FROM numbridge_tables WHERE finished_at IS NULL ORDER BY id').pluck();
    this.setClockDue = db.prepare('UPDATE numbridge_tables SET clock_due = ? WHERE id = ?');
    // one writer at a time on SQLite: the UPDATE's own lock is the claim
    this.claimDueRows = db.prepare<[number, number, number, number], string>(
      'UPDATE numbridge_tables SET clock_due = ? + ? WHERE id IN (SELECT id FROM numbridge_tables WHERE finished_at IS NULL AND clock_due <= ? ORDER BY clock_due LIMIT ?) RETURNING id',
    ).pluck();
    this.readLog = db.transaction((id: string) => this.logOf(id)?.log ?? null);
    this.updateLog = db.transaction((id: string, decide: (log: TableLog) => Decision<unknown>) => {
      const read = this.logOf(id);
      if (!read) return null;
      const { append, answer, endedAt, clockDue } = decide(read.log);
      for (const m of append) this.insertMove.run(id, m.moveNumber, m.seat, m.idempotencyKey, m.request, JSON.stringify(m.entry), m.verdict, m.at);
      if (endedAt !== undefined) this.markEnded.run(endedAt, id);
      if (clockDue !== undefined && clockDue !== read.clockDue) this.setClockDue.run(clockDue, id);
      return { answer };
    });
  }

  async create(table: StoredTable, clockDue: number | null): Promise<void> {
    try {
      const h = table.seatHashes;
      // a one-seat table's seat2_hash is empty (NOT NULL since migration 2): no token hashes to it
      this.insertTable.run(table.id, table.game ?? 'numbridge', h.length, JSON.stringify(table.deal), h[0], h[1] ?? Buffer.alloc(0), h[2] ?? null, h[3] ?? null, table.startedAt, clockDue);
    } catch (e) {
      throw storeError(e);
    }
  }

  async read(id: string): Promise<TableLog | null> {
    return this.readLog(id);
  }

  async deleteEndedBefore(time: number): Promise<number> {
    try {
      return this.deleteEnded.immediate(time) as number;
    } catch (e) {
      throw storeError(e);
    }
  }

  async openTables(): Promise<string[]> {
    return this.selectOpen.all();
  }

  async claimDue(now: number, leaseMs: number, limit: number): Promise<string[]> {
    try {
      return this.claimDueRows.all(now, leaseMs, now, limit);
    } catch (e) {
      throw storeError(e);
    }
  }

  async update<T>(id: string, decide: (log: TableLog) => Decision<T>): Promise<T | null> {
    let done: { answer: T } | null;
    try {
      done = this.updateLog.immediate(id, decide) as { answer: T } | null;
    } catch (e) {
      throw storeError(e);
    }
    return done ? done.answer : null;
  }

  /** The table and its moves, with its stored clock time, or null. */
  private logOf(id: string): { log: TableLog; clockDue: number | null } | null {
    const row = this.selectTable.get(id);
    if (!row) return null;
    return { log: { table: tableOfRow(row), moves: this.selectMoves.all(id).map(moveOfRow) }, clockDue: row.clock_due };
  }
}

/** SQLite's refusals in the store's terms; anything else unchanged. */
function storeError(e: unknown): unknown {
  if (!(e instanceof Database.SqliteError)) return e;
  if (e.code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || e.code === 'SQLITE_CONSTRAINT_UNIQUE') return new StoreError('conflict', 'another request appended to this table at the same moment: send the move again with the same key');
  if (e.code === 'SQLITE_BUSY' || e.code === 'SQLITE_LOCKED') return new StoreError('busy', 'the database is busy: try again');
  if (e.code === 'SQLITE_FULL') return new StoreError('full', DISK_FULL);
  return e;
}
