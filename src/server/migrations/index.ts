/**
 * Every schema migration of the server's database, in order. A migration is never edited once it
 * is on main: a change to the schema is a new entry with the next version number.
 */
import { tablesMigration } from './002-tables.ts';
import { tableEndsMigration } from './003-table-ends.ts';
import { playsMigration } from './004-plays.ts';
import { tableGamesMigration } from './005-table-games.ts';
import { puzzleTechniqueMigration } from './006-puzzle-technique.ts';
import { checkLimitsMigration } from './007-check-limits.ts';
import { tableClocksMigration } from './008-table-clocks.ts';
import { dailyFingerprintsMigration } from './009-daily-fingerprints.ts';
import { corpusLoadsMigration } from './010-corpus-loads.ts';
import type { Migration } from './migration.ts';

export type { Migration };

/**
 * 1 — puzzles: one row per puzzle file, kept whole (`file`, with its secret: checks and hints need
 * the solution) beside its player form (`player`, the only text responses carry), and the daily
 * sets: a date's public index and its puzzles in plan order. Kind, size and level are copied out
 * of the file so the paged list is an index scan. `available_from` is the date of the first daily
 * set a puzzle belongs to (NULL: from any other corpus, public at once): a set made ahead of its
 * day must not be seen before it.
 */
const PUZZLES: Migration = {
  version: 1,
  name: 'puzzles',
  sql: `
    CREATE TABLE puzzles (
      id TEXT PRIMARY KEY,
      kind TEXT NOT NULL,
      format TEXT NOT NULL,
      size INTEGER,
      level INTEGER,
      summary TEXT NOT NULL,
      file TEXT NOT NULL,
      player TEXT NOT NULL,
      available_from TEXT,
      added_at TEXT NOT NULL
    );
    CREATE INDEX puzzles_by_kind ON puzzles (kind, size, level, id);
    CREATE TABLE daily_sets (
      date TEXT PRIMARY KEY,
      public_index TEXT NOT NULL
    );
    CREATE TABLE daily_puzzles (
      date TEXT NOT NULL REFERENCES daily_sets (date),
      position INTEGER NOT NULL,
      slot TEXT NOT NULL,
      puzzle_id TEXT NOT NULL REFERENCES puzzles (id),
      PRIMARY KEY (date, position)
    );
  `,
  // ids compare byte by byte in both (COLLATE "C"): the paged list's order and its cursor agree
  postgres: `
    CREATE TABLE puzzles (
      id TEXT COLLATE "C" PRIMARY KEY,
      kind TEXT NOT NULL,
      format TEXT NOT NULL,
      size INTEGER,
      level INTEGER,
      summary TEXT NOT NULL,
      file TEXT NOT NULL,
      player TEXT NOT NULL,
      available_from TEXT COLLATE "C",
      added_at TEXT NOT NULL
    );
    CREATE INDEX puzzles_by_kind ON puzzles (kind, size, level, id);
    CREATE TABLE daily_sets (
      date TEXT COLLATE "C" PRIMARY KEY,
      public_index TEXT NOT NULL
    );
    CREATE TABLE daily_puzzles (
      date TEXT COLLATE "C" NOT NULL REFERENCES daily_sets (date),
      position INTEGER NOT NULL,
      slot TEXT NOT NULL,
      puzzle_id TEXT COLLATE "C" NOT NULL REFERENCES puzzles (id),
      PRIMARY KEY (date, position)
    );
  `,
};

export const MIGRATIONS: readonly Migration[] = [PUZZLES, tablesMigration, tableEndsMigration, playsMigration, tableGamesMigration, puzzleTechniqueMigration, checkLimitsMigration, tableClocksMigration, dailyFingerprintsMigration, corpusLoadsMigration];
