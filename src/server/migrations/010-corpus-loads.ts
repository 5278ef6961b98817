import type { Migration } from './migration.ts';

/**
 * 10 — the corpus folders loaded into a database shared by several instances (pg-corpus.ts): a
 * folder's content fingerprint (corpus.ts `corpusFingerprint`), the folder as the loading instance
 * named it, what the load counted and when. An instance that finds its folder's fingerprint here
 * does not read and verify the folder again. SQLite (one server) loads at every start as before:
 * nothing to make there.
 */
export const corpusLoadsMigration: Migration = {
  version: 10,
  name: 'corpus loads',
  sql: `-- SQLite: one server loads its corpora at every start (idempotent by id); nothing is shared`,
  postgres: `
    CREATE TABLE corpus_loads (
      fingerprint TEXT COLLATE "C" PRIMARY KEY,
      folder TEXT NOT NULL,
      puzzles INTEGER NOT NULL,
      refused INTEGER NOT NULL,
      daily_sets INTEGER NOT NULL,
      loaded_at TEXT NOT NULL
    );
  `,
};
