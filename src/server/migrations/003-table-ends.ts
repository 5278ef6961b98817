import type { Migration } from './migration.ts';

/**
 * When a table's game ended (server time, ms), so that a restarted server finds the tables whose
 * clocks still run — it arms a timer for each (src/server/tables/table-timers.ts) — without
 * replaying every table it ever dealt. Tables of older databases start NULL ("maybe open"): the
 * first look at one after the upgrade replays it and fills the column in if it has ended.
 */
export const tableEndsMigration: Migration = {
  version: 3,
  name: 'table ends',
  sql: `
    ALTER TABLE numbridge_tables ADD COLUMN finished_at INTEGER;
    CREATE INDEX numbridge_tables_open ON numbridge_tables (id) WHERE finished_at IS NULL;
  `,
  postgres: `
    ALTER TABLE numbridge_tables ADD COLUMN finished_at BIGINT;
    CREATE INDEX numbridge_tables_open ON numbridge_tables (id) WHERE finished_at IS NULL;
  `,
};
