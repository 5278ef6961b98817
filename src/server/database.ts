/**
 * The server's database, either kind: SQLite embedded (db.ts, the default) or PostgreSQL shared by
 * several instances (pg.ts). The stores of both speak one interface each, so the routes are
 * written once; this picks the stores for the database given.
 */
import type { Db } from './db.ts';
import type { PgPool } from './pg.ts';
import { PgPuzzleStore } from './pg-store.ts';
import { PgPlayStore } from './stats/pg-play-store.ts';
import { SqlitePlayStore, type PlayStore } from './stats/play-store.ts';
import { SqlitePuzzleStore, type PuzzleStore } from './store.ts';
import { guarded, PgTableStore } from './tables/pg-store.ts';
import { databaseBytes } from './tables/retention.ts';
import { SqliteTableStore } from './tables/sqlite-store.ts';
import type { TableChanges, TableStore } from './tables/store.ts';
import { PgTableChanges } from './tables/pg-changes.ts';

export type ServerDatabase = { sqlite: Db; postgres?: undefined } | { postgres: PgPool; sqlite?: undefined };

export interface Stores {
  puzzles: PuzzleStore;
  plays: PlayStore;
  tables: { tables: TableStore; bytesInUse: () => Promise<number>; changes?: TableChanges };
}

/**
 * The bytes puzzlemill's own tables hold on PostgreSQL (`--max-db-mb`), not the database's files:
 * those include other applications' tables and do not shrink when finished tables are deleted. A
 * database out of reach is the tables' busy 503. Not `check_limits`: minutes-long rows churning
 * with every check, whose size says nothing of what the club keeps (a burst of checks must not
 * stop the tables from being dealt).
 */
async function puzzlemillBytes(pool: PgPool): Promise<number> {
  const sql = `SELECT coalesce(sum(pg_total_relation_size(c.oid)), 0) AS bytes FROM pg_class c WHERE c.relkind = 'r' AND c.relnamespace = 'public'::regnamespace AND c.relname IN ('puzzles', 'daily_sets', 'daily_puzzles', 'numbridge_tables', 'numbridge_table_moves', 'plays', 'play_salt', 'daily_fingerprints', 'corpus_loads')`;
  return guarded(async () => Number((await pool.query<{ bytes: string }>(sql)).rows[0]!.bytes));
}

export function storesOf(database: ServerDatabase): Stores {
  if (database.postgres) {
    const pool = database.postgres;
    return {
      puzzles: new PgPuzzleStore(pool),
      plays: new PgPlayStore(pool),
      tables: { tables: new PgTableStore(pool), changes: new PgTableChanges(pool), bytesInUse: () => puzzlemillBytes(pool) },
    };
  }
  const db = database.sqlite;
  return { puzzles: new SqlitePuzzleStore(db), plays: new SqlitePlayStore(db), tables: { tables: new SqliteTableStore(db), bytesInUse: async () => databaseBytes(db) } };
}
