/**
 * One schema migration: applied once, in version order (index.ts lists them; db.ts applies them to
 * SQLite, pg.ts to PostgreSQL). Each says the same tables in both dialects: `sql` for SQLite,
 * `postgres` for PostgreSQL (BIGINT for millisecond times, BYTEA for bytes, GREATEST for max).
 */
export interface Migration {
  version: number;
  name: string;
  sql: string;
  postgres: string;
}

/** The table that records which migrations a database has, in both dialects. */
export const MIGRATIONS_TABLE = 'CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)';

/**
 * The migrations a database with `applied` still needs, in version order. One it has that this
 * code does not know is refused rather than guessed at: the database was made by a newer version.
 */
export function pendingMigrations(migrations: readonly Migration[], applied: ReadonlySet<number>): Migration[] {
  const known = new Set(migrations.map((m) => m.version));
  const unknown = [...applied].filter((v) => !known.has(v));
  if (unknown.length > 0) throw new Error(`the database has migration ${Math.max(...unknown)}, which this puzzlemill does not know: it was made by a newer version`);
  return [...migrations].filter((m) => !applied.has(m.version)).sort((a, b) => a.version - b.version);
}
