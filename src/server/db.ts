/**
 * The server's embedded database: one SQLite file through better-sqlite3, in WAL mode (readers
 * never wait for the writer, and a crash loses no committed transaction), with the schema built by
 * the numbered migrations in ./migrations. Each migration runs once, in its own transaction, and
 * is recorded in `schema_migrations`; a database newer than this code is refused rather than
 * guessed at.
 *
 * Migrations are TypeScript constants, not .sql files beside the code, so the compiled package
 * carries them without a copy step and a browser-free bundle never needs the file system for them.
 */
import Database from 'better-sqlite3';
import { rmSync } from 'node:fs';
import { MIGRATIONS, type Migration } from './migrations/index.ts';
import { MIGRATIONS_TABLE, pendingMigrations } from './migrations/migration.ts';

export type Db = Database.Database;

/** What a client is told when a write met a full disk (SQLITE_FULL): a 503, nothing stored. */
export const DISK_FULL = "the server's disk is full: nothing was stored; try again later";

/** Remove a database file with its write-ahead log and shared memory (one that was never made whole). */
export function removeDatabaseFiles(file: string): void {
  for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
}

/** Open (or create) the database at `file` (`:memory:` for tests) and bring its schema up to date. */
export function openDatabase(file: string, migrations: readonly Migration[] = MIGRATIONS): Db {
  const db = new Database(file);
  if (file !== ':memory:') db.pragma('journal_mode = WAL');
  // FULL, not WAL's usual NORMAL: NORMAL may lose the last commits at a power cut, and a table's
  // "no accepted move lost" means a move is on disk before the server answers it.
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrate(db, migrations);
  return db;
}

/** Apply every migration not yet recorded, in version order. */
export function migrate(db: Db, migrations: readonly Migration[]): void {
  db.exec(MIGRATIONS_TABLE);
  const applied = new Set(db.prepare('SELECT version FROM schema_migrations').pluck().all() as number[]);
  for (const m of pendingMigrations(migrations, applied)) {
    db.transaction(() => {
      db.exec(m.sql);
      db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(m.version, m.name, new Date().toISOString());
    })();
  }
}
