import type { Migration } from './migration.ts';

/**
 * 7 — the check/hint limit shared by every instance on PostgreSQL (pg-rate-limit.ts): one row per
 * token bucket, an address on one puzzle (`puzzle` its id) or on all puzzles (`puzzle` ''), the
 * address as an HMAC under `play_salt` (never the address itself), held
 * as the one number a bucket needs, the server time (ms) at which it is full again. A row whose
 * time has passed says the same as no row, so expired rows are deleted by `full_at` at any time.
 * UNLOGGED: the rows are minutes-long and high-churn, a crash that empties the table only fills
 * every bucket, and commits of it need no flush of the write-ahead log (amended before any release,
 * the day it was merged: a database migrated with the first text keeps a logged table, which works
 * the same). SQLite (one process) keeps its buckets in memory as before: nothing to make there.
 */
export const checkLimitsMigration: Migration = {
  version: 7,
  name: 'check limits',
  sql: `-- SQLite: the buckets of the one process stay in its memory (rate-limit.ts)`,
  postgres: `
    CREATE UNLOGGED TABLE check_limits (
      address TEXT COLLATE "C" NOT NULL,
      puzzle TEXT COLLATE "C" NOT NULL,
      full_at DOUBLE PRECISION NOT NULL,
      PRIMARY KEY (address, puzzle)
    );
    CREATE INDEX check_limits_by_full_at ON check_limits (full_at);
  `,
};
