import type { Migration } from './migration.ts';

/**
 * Every game at a table (issue 31): the game a table plays, its number of seats (Kosmos SuDoku
 * 1–4, Domino-SUDOKU 2–4) and the token hashes of seats 3 and 4. The tables keep their names
 * (`numbridge_tables`, `numbridge_table_moves`): renaming them would rewrite every database for
 * a word. Rows from before are Numbridge tables of two seats. A one-seat table (the Kosmos solo
 * game) stores an empty seat2_hash, which no token's hash equals.
 */
export const tableGamesMigration: Migration = {
  version: 5,
  name: 'table games',
  sql: `
    ALTER TABLE numbridge_tables ADD COLUMN game TEXT NOT NULL DEFAULT 'numbridge';
    ALTER TABLE numbridge_tables ADD COLUMN seats INTEGER NOT NULL DEFAULT 2;
    ALTER TABLE numbridge_tables ADD COLUMN seat3_hash BLOB;
    ALTER TABLE numbridge_tables ADD COLUMN seat4_hash BLOB;
  `,
  postgres: `
    ALTER TABLE numbridge_tables ADD COLUMN game TEXT NOT NULL DEFAULT 'numbridge';
    ALTER TABLE numbridge_tables ADD COLUMN seats INTEGER NOT NULL DEFAULT 2;
    ALTER TABLE numbridge_tables ADD COLUMN seat3_hash BYTEA;
    ALTER TABLE numbridge_tables ADD COLUMN seat4_hash BYTEA;
  `,
};
