import type { Migration } from './migration.ts';

/**
 * 8 — each open table's next clock move in the database (`clock_due`, server ms; NULL: its clock
 * has stopped), so that any instance can find the tables whose clock has run out — also those
 * whose timer was on an instance that died (tables/service.ts, the clock sweep). Every update that
 * moves the clock writes it. Tables open before this migration are due at once (0): the first
 * sweep settles them and writes their true time.
 */
export const tableClocksMigration: Migration = {
  version: 8,
  name: 'table clocks',
  sql: `
    ALTER TABLE numbridge_tables ADD COLUMN clock_due INTEGER;
    UPDATE numbridge_tables SET clock_due = 0 WHERE finished_at IS NULL;
    CREATE INDEX numbridge_tables_due ON numbridge_tables (clock_due) WHERE finished_at IS NULL;
  `,
  postgres: `
    ALTER TABLE numbridge_tables ADD COLUMN clock_due BIGINT;
    UPDATE numbridge_tables SET clock_due = 0 WHERE finished_at IS NULL;
    CREATE INDEX numbridge_tables_due ON numbridge_tables (clock_due) WHERE finished_at IS NULL;
  `,
};
