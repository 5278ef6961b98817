import type { Migration } from './migration.ts';

/**
 * Numbridge tables (src/server/tables): a table is its deal (with the secret: only the server
 * knows the solution) plus its move log; the state is replayed from them through the referee.
 *
 *   numbridge_tables        the deal file, the two seats' token hashes (SHA-256, never the tokens),
 *                           the server time the game started
 *   numbridge_table_moves   the move log: one record entry per move in order, who sent it, the
 *                           idempotency key and the verdict answered. The two unique keys make a
 *                           move land once and in one place even if two requests race past the
 *                           service's own checks. Keys are per seat — UNIQUE (table, seat, key) —
 *                           so one seat cannot use up the keys the other seat's client will send.
 *
 * Edited in place once (keys per seat instead of UNIQUE (table_id, idempotency_key)), against the
 * rule that a migration is never edited: version 2 was merged the same day and never released (no
 * tag), so no database outside development holds the old form. From here on it is fixed.
 */
export const tablesMigration: Migration = {
  version: 2,
  name: 'numbridge tables',
  sql: `
    CREATE TABLE numbridge_tables (
      id          TEXT PRIMARY KEY,
      deal        TEXT NOT NULL,
      seat1_hash  BLOB NOT NULL,
      seat2_hash  BLOB NOT NULL,
      started_at  INTEGER NOT NULL
    ) STRICT;
    CREATE TABLE numbridge_table_moves (
      table_id        TEXT NOT NULL REFERENCES numbridge_tables(id),
      move_number     INTEGER NOT NULL,
      seat            INTEGER,
      idempotency_key TEXT,
      request         TEXT,
      entry           TEXT NOT NULL,
      verdict         TEXT,
      at              INTEGER NOT NULL,
      PRIMARY KEY (table_id, move_number),
      UNIQUE (table_id, seat, idempotency_key)
    ) STRICT;
  `,
  // NULLs are distinct in a UNIQUE key in both: the server's own moves (no seat, no key) never collide
  postgres: `
    CREATE TABLE numbridge_tables (
      id          TEXT COLLATE "C" PRIMARY KEY,
      deal        TEXT NOT NULL,
      seat1_hash  BYTEA NOT NULL,
      seat2_hash  BYTEA NOT NULL,
      started_at  BIGINT NOT NULL
    );
    CREATE TABLE numbridge_table_moves (
      table_id        TEXT COLLATE "C" NOT NULL REFERENCES numbridge_tables(id),
      move_number     INTEGER NOT NULL,
      seat            INTEGER,
      idempotency_key TEXT,
      request         TEXT,
      entry           TEXT NOT NULL,
      verdict         TEXT,
      at              BIGINT NOT NULL,
      PRIMARY KEY (table_id, move_number),
      UNIQUE (table_id, seat, idempotency_key)
    );
  `,
};
