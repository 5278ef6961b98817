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
