/**
 * How long tables stay, and how large the database may grow: every table ends (a game nobody
 * plays is abandoned after a few lapses each), and a table whose game ended is deleted after
 * `serve --keep-tables` days with its log and record (an hourly sweep) — before, anyone dealing
 * tables in a loop filled the disk for good. `serve --max-db-mb` refuses new tables (507) while the
 * database file is larger. Here apart from the routes so the CLI reads the defaults without Fastify.
 */
import { existsSync, statSync } from 'node:fs';
import type { Db } from '../db.ts';

/** A finished table is kept this many days by default (its record with it). */
export const DEFAULT_KEEP_TABLES_DAYS = 30;

/** How often expired tables are looked for. */
export const SWEEP_MS = 3_600_000;

/** The database file's size with its write-ahead log (0 in memory). */
export function databaseBytes(db: Db): number {
  if (db.memory) return 0;
  const size = (file: string) => (existsSync(file) ? statSync(file).size : 0);
  return size(db.name) + size(db.name + '-wal');
}
