import type { Migration } from './migration.ts';

/**
 * The hardest technique of a puzzle's grade (issue 27 §3, practice sets): copied out of the file
 * (`public.grade.technique` of a Numbridge board, the kind's `facts`) as kind, size and level are,
 * so `GET /puzzles?technique=` is an index scan. Rows from before hold NULL: the files stored then
 * were written before boards named their hardest technique.
 */
export const puzzleTechniqueMigration: Migration = {
  version: 6,
  name: 'puzzle technique',
  sql: `
    ALTER TABLE puzzles ADD COLUMN technique TEXT;
    CREATE INDEX puzzles_by_technique ON puzzles (technique, id);
  `,
  postgres: `
    ALTER TABLE puzzles ADD COLUMN technique TEXT;
    CREATE INDEX puzzles_by_technique ON puzzles (technique, id);
  `,
};
