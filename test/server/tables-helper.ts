/**
 * A Fastify instance with only the tables plugin, over an in-memory (or given) database, with a
 * clock the test moves and deal seeds it chooses — so a test's tables are the same every run.
 * Requests go through `app.inject` (no socket).
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { readNumbridgeRecord } from '../../src/games/numbridge/files.ts';
import { replayNumbridge } from '../../src/games/numbridge/replay.ts';
import type { NumbridgeDealFile, NumbridgeView } from '../../src/games/numbridge/schema.ts';
import { openDatabase, type Db } from '../../src/server/db.ts';
import { tableRoutes } from '../../src/server/tables/routes.ts';

export interface TablesHarness {
  app: FastifyInstance;
  db: Db;
  clock: { now: number };
  /** Move the server's clock on. */
  tick(ms: number): void;
  close(): Promise<void>;
}

export async function tablesApp(options: { file?: string; seed?: string; start?: number } = {}): Promise<TablesHarness> {
  const db = openDatabase(options.file ?? ':memory:');
  const clock = { now: options.start ?? 1_700_000_000_000 };
  let deals = 0;
  // as buildServer: open event streams do not hold the close up
  const app = Fastify({ logger: false, forceCloseConnections: true });
  await app.register(tableRoutes, { db, now: () => clock.now, dealSeed: () => `${options.seed ?? 'tables-test'}-${++deals}` });
  await app.ready();
  return {
    app,
    db,
    clock,
    tick: (ms) => {
      clock.now += ms;
    },
    close: async () => {
      await app.close();
      db.close();
    },
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Deal a table and return its id and the two tokens. */
export async function newTable(app: FastifyInstance, body: object = { variant: 'bridge', board: { size: 4 } }): Promise<{ id: string; tokens: [string, string] }> {
  const r = await app.inject({ method: 'POST', url: '/tables', payload: body });
  if (r.statusCode !== 201) throw new Error(`POST /tables: ${r.statusCode} ${r.body}`);
  const created = r.json() as { id: string; seats: { seat: number; token: string }[] };
  return { id: created.id, tokens: [created.seats[0]!.token, created.seats[1]!.token] };
}

let keys = 0;
/** A move request; a fresh idempotency key unless one is given. */
export function sendMove(app: FastifyInstance, id: string, token: string, move: object, key: string = `k-${++keys}`) {
  return app.inject({ method: 'POST', url: `/tables/${id}/moves`, headers: { ...bearer(token), 'idempotency-key': key }, payload: { move } });
}

export function seatState(app: FastifyInstance, id: string, token: string) {
  return app.inject({ method: 'GET', url: `/tables/${id}`, headers: bearer(token) });
}

/** The stored deal of a table, secret included (white-box: what only the server knows). */
export function storedDeal(db: Db, id: string): NumbridgeDealFile {
  const row = db.prepare('SELECT deal FROM numbridge_tables WHERE id = ?').get(id) as { deal: string } | undefined;
  if (!row) throw new Error(`no table ${id} in the database`);
  return JSON.parse(row.deal) as NumbridgeDealFile;
}

/** The table's move log as stored, in order. */
export function storedLog(db: Db, id: string): { move_number: number; seat: number | null; idempotency_key: string | null; entry: string }[] {
  return db.prepare('SELECT move_number, seat, idempotency_key, entry FROM numbridge_table_moves WHERE table_id = ? ORDER BY move_number').all(id) as never;
}

/** A right placement for the player to move: a tile of its hand on the empty cell the solution gives it. */
export function rightPlacement(view: NumbridgeView, solution: number[][]): { kind: 'place'; cell: [number, number]; tile: number } | null {
  for (const tile of view.hand) {
    for (let r = 0; r < view.size; r++) for (let c = 0; c < view.size; c++) if (view.digits[r]![c] === 0 && solution[r]![c] === tile) return { kind: 'place', cell: [r, c], tile };
  }
  return null;
}

/** A take of the first free given, paying with the first tile of the hand (free with an empty hand). */
export function freeGivenTake(view: NumbridgeView) {
  for (let r = 0; r < view.size; r++) {
    for (let c = 0; c < view.size; c++) {
      if (view.givens[r]![c] !== 0 && view.owner[r]![c] === 0) return view.hand.length > 0 ? { kind: 'take', cell: [r, c], tile: view.hand[0] } : { kind: 'take', cell: [r, c] };
    }
  }
  return { kind: 'swap' };
}

/** The contradictions `replay numbridge` finds in a record (empty: a legal game). */
export function replayContradictions(record: unknown): string[] {
  const { file, setup, dealFile } = readNumbridgeRecord(record, { source: 'record' });
  return replayNumbridge(file, setup, dealFile).contradictions.map((c) => `${c.entry}: ${c.kind}: ${c.detail}`);
}
