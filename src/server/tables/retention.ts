/**
 * How long tables stay, and how large the database may grow: every table ends (a game nobody
 * plays is abandoned after a few lapses each), and a table whose game ended is deleted after
 * `serve --keep-tables` days with its log and record (an hourly sweep) — before, anyone dealing
 * tables in a loop filled the disk for good. `serve --max-db-mb` refuses new tables (507) while the
 * database holds more (its pages in use: expired tables' pages are reused). Here apart from the routes so the CLI reads the defaults without Fastify.
 */
import type { Db } from '../db.ts';

/** A finished table is kept this many days by default (its record with it). */
export const DEFAULT_KEEP_TABLES_DAYS = 30;

/** How often expired tables are looked for. */
export const SWEEP_MS = 3_600_000;

/**
 * The bytes the database holds: its pages in use, not its file's size — SQLite keeps a file's
 * freed pages (expired tables) for reuse rather than shrinking it, so a cap on the file's size,
 * once reached, would refuse new tables for good.
 */
export function databaseBytes(db: Db): number {
  const pragma = (name: string) => db.pragma(name, { simple: true }) as number;
  return (pragma('page_count') - pragma('freelist_count')) * pragma('page_size');
}
