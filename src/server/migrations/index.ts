/**
 * Every schema migration of the server's database, in order. A migration is never edited once it
 * is on main: a change to the schema is a new entry with the next version number.
 */
import { tablesMigration } from './002-tables.ts';

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export const MIGRATIONS: readonly Migration[] = [tablesMigration];
