import type { Migration } from './migration.ts';

/**
 * 9 — the daily sets' memory shared by every instance on PostgreSQL (pg-daily.ts): each published
 * daily puzzle's fingerprint (as in a daily folder's `secret/fingerprints.ndjson`), its date, slot
 * and id, and the id of the daily key its day was made with (NULL: not known — a day recorded
 * from a folder without its secret index). A fingerprint is the key: one puzzle, one day. SQLite
 * (one server, one daily folder) keeps this in the folder as before: nothing to make there.
 */
export const dailyFingerprintsMigration: Migration = {
  version: 9,
  name: 'daily fingerprints',
  sql: `-- SQLite: the one server's daily folder holds the fingerprints and the key id (src/pipeline/daily.ts)`,
  postgres: `
    CREATE TABLE daily_fingerprints (
      fingerprint TEXT COLLATE "C" PRIMARY KEY,
      kind TEXT NOT NULL,
      date TEXT COLLATE "C" NOT NULL,
      slot TEXT NOT NULL,
      puzzle_id TEXT COLLATE "C" NOT NULL,
      key_id TEXT
    );
    CREATE INDEX daily_fingerprints_by_date ON daily_fingerprints (date);
  `,
};
