/** One schema migration: applied once, in version order (index.ts lists them; db.ts applies them). */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}
