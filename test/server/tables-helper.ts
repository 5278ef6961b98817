/**
 * A Fastify instance with only the tables plugin, over an in-memory (or given) database, with a
 * clock the test moves and deal seeds it chooses — so a test's tables are the same every run.
 * Requests go through `app.inject` (no socket).
 */
import Fastify, { type FastifyInstance } from 'fastify';
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
  const app = Fastify({ logger: false });
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
