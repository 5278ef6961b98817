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
import { PgTableStore } from './tables/pg-store.ts';
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

export function storesOf(database: ServerDatabase): Stores {
  if (database.postgres) {
    const pool = database.postgres;
    return {
      puzzles: new PgPuzzleStore(pool),
      plays: new PgPlayStore(pool),
      tables: { tables: new PgTableStore(pool), changes: new PgTableChanges(pool), bytesInUse: async () => Number((await pool.query<{ size: string }>('SELECT pg_database_size(current_database()) AS size')).rows[0]!.size) },
    };
  }
  const db = database.sqlite;
  return { puzzles: new SqlitePuzzleStore(db), plays: new SqlitePlayStore(db), tables: { tables: new SqliteTableStore(db), bytesInUse: async () => databaseBytes(db) } };
}
