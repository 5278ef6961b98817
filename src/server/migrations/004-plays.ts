import type { Migration } from './migration.ts';

/**
 * 4 — play statistics (src/server/stats): one row per puzzle and player, never a log of events.
 * `player` is an HMAC of the id a browser sent, under `play_salt` (32 random bytes made with the
 * first row, never sent), so the table holds no id a frontend ever saw. Times are server times in
 * ms; `solved_at` is the first check that was right and whole. `checks_*` and `hints` count what
 * came before it (after a solve they say nothing of the difficulty). `last_at` drives retention.
 */
export const playsMigration: Migration = {
  version: 4,
  name: 'plays',
  sql: `
    CREATE TABLE plays (
      puzzle_id TEXT NOT NULL REFERENCES puzzles (id),
      player TEXT NOT NULL,
      first_at INTEGER NOT NULL,
      last_at INTEGER NOT NULL,
      checks_right INTEGER NOT NULL DEFAULT 0,
      checks_wrong INTEGER NOT NULL DEFAULT 0,
      hints INTEGER NOT NULL DEFAULT 0,
      solved_at INTEGER,
      PRIMARY KEY (puzzle_id, player)
    );
    CREATE INDEX plays_by_first ON plays (first_at);
    CREATE INDEX plays_by_last ON plays (last_at);
    CREATE TABLE play_salt (
      id INTEGER PRIMARY KEY CHECK (id = 1),
      salt BLOB NOT NULL
    );
  `,
  postgres: `
    CREATE TABLE plays (
      puzzle_id TEXT COLLATE "C" NOT NULL REFERENCES puzzles (id),
      player TEXT COLLATE "C" NOT NULL,
      first_at BIGINT NOT NULL,
      last_at BIGINT NOT NULL,
      checks_right INTEGER NOT NULL DEFAULT 0,
      checks_wrong INTEGER NOT NULL DEFAULT 0,
      hints INTEGER NOT NULL DEFAULT 0,
      solved_at BIGINT,
      PRIMARY KEY (puzzle_id, player)
    );
    CREATE INDEX plays_by_first ON plays (first_at);
    CREATE INDEX plays_by_last ON plays (last_at);
    CREATE TABLE play_salt (
      id INTEGER PRIMARY KEY CHECK (id = 1),
      salt BYTEA NOT NULL
    );
  `,
};
