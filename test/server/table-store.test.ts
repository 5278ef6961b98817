/**
 * The table store on both databases (issue 28): one suite run on SQLite and on a throwaway
 * PostgreSQL (test/helpers/postgres.ts, one server for the file) — the store's contract (an update
 * is one unit, the unique keys the backstop, ends and retention, the clock's due time and its
 * claims) and the tables API in-process over each: moves under idempotency keys, racing requests
 * (on PostgreSQL through two instances), the clock's lapse, a restart on the same database.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storesOf, type Stores } from '../../src/server/database.ts';
import { openDatabase } from '../../src/server/db.ts';
import { openPostgres, type PgPool } from '../../src/server/pg.ts';
import { tableRoutes } from '../../src/server/tables/routes.ts';
import type { StoredMove, TableStore } from '../../src/server/tables/store.ts';
import { startPostgres, type TestPostgres } from '../helpers/postgres.ts';
import { newTable, seatState, sendMove } from './tables-helper.ts';

let postgres: TestPostgres;
let dir: string;
const closers: Array<() => Promise<void> | void> = [];

beforeAll(async () => {
  postgres = await startPostgres();
  dir = mkdtempSync(join(tmpdir(), 'pm-table-store-'));
}, 60_000);

afterAll(async () => {
  for (const close of closers.reverse()) await close();
  postgres?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** A database of either kind: `open()` gives the stores of one more instance on it (a restart, another server). */
type Database = { open: () => Promise<Stores['tables']>; pool?: PgPool };

let made = 0;
const databases: Array<[string, () => Promise<Database>]> = [
  ['SQLite', async () => {
    const file = join(dir, `tables-${++made}.db`);
    return {
      open: async () => {
        const db = openDatabase(file);
        closers.push(() => void db.close());
        return storesOf({ sqlite: db }).tables;
      },
    };
  }],
  ['PostgreSQL', async () => {
    const url = await postgres.database();
    const open = async () => {
      const pool = await openPostgres(url);
      closers.push(() => pool.end());
      return pool;
    };
    const pool = await open();
    return { open: async () => storesOf({ postgres: await open() }).tables, pool };
  }],
];

const resign = (moveNumber: number, key: string, at = 0): StoredMove => ({ moveNumber, seat: 1, idempotencyKey: key, request: '{}', entry: { player: 1, kind: 'resign' }, verdict: '{}', at });
const table = (id: string) => ({ id, deal: {} as never, seatHashes: [Buffer.alloc(32, 1), Buffer.alloc(32, 2)], startedAt: 0 });

describe.each(databases)('the table store on %s', (_name, make) => {
  let database: Database;
  let store: TableStore;
  beforeAll(async () => {
    database = await make();
    store = (await database.open()).tables;
  });

  it('refuses a second move with the same number or key, and appends nothing of a refused update', async () => {
    await store.create(table('t'), null);
    expect(await store.update('t', () => ({ append: [resign(1, 'a')], answer: 'first' }))).toBe('first');
    const conflict = { name: 'StoreError', kind: 'conflict' };
    await expect(store.update('t', () => ({ append: [resign(2, 'b'), resign(1, 'c')], answer: null }))).rejects.toMatchObject(conflict);
    await expect(store.update('t', () => ({ append: [resign(2, 'a')], answer: null }))).rejects.toMatchObject(conflict);
    // a decision that throws appends nothing either
    await expect(store.update('t', () => { throw new Error('refused'); })).rejects.toThrow('refused');
    const log = (await store.read('t'))!;
    expect([log.table.id, log.table.game, log.table.seatHashes, log.moves.map((m) => m.idempotencyKey)]).toEqual(['t', 'numbridge', table('t').seatHashes, ['a']]);
    expect(await store.update('nope', () => ({ append: [], answer: 1 }))).toBeNull();
    expect(await store.read('nope')).toBeNull();
  });

  it('an ended table leaves the open ones and is deleted after its time, its log with it', async () => {
    for (const id of ['e1', 'e2', 'o1']) await store.create(table(id), null);
    await store.update('e1', () => ({ append: [resign(1, 'x', 100)], answer: null, endedAt: 100 }));
    await store.update('e2', () => ({ append: [resign(1, 'x', 300)], answer: null, endedAt: 300 }));
    const open = await store.openTables();
    expect(['e1', 'e2', 'o1'].filter((id) => open.includes(id))).toEqual(['o1']);
    expect(await store.deleteEndedBefore(200)).toBe(1);
    expect([await store.read('e1'), (await store.read('e2'))?.moves.length]).toEqual([null, 1]);
  });

  it("claims the tables whose clock is due, oldest first, each for its lease; an update writes the clock's new time", async () => {
    await store.create(table('c1'), 1000);
    await store.create(table('c2'), 2000);
    await store.create(table('c3'), null); // no clock
    await store.create(table('c4'), 500);
    await store.update('c4', () => ({ append: [resign(1, 'x')], answer: null, endedAt: 0, clockDue: null }));
    expect(await store.claimDue(1500, 10_000, 50)).toEqual(['c1']);
    expect(await store.claimDue(1500, 10_000, 50)).toEqual([]); // claimed: c1 is due again at 11,500
    expect(await store.claimDue(20_000, 10_000, 1)).toEqual(['c2']);
    // the settling update writes the true time, ending the claim
    await store.update('c1', () => ({ append: [], answer: null, clockDue: 3000 }));
    expect(await store.claimDue(3000, 10_000, 50)).toEqual(['c1']);
    await store.update('c1', () => ({ append: [], answer: null, clockDue: null }));
    expect(await store.claimDue(1e12, 10_000, 50)).toEqual(['c2']);
  });

  it('the API: a move once under its key, racing moves one after the other, the lapse at its moment, a restart', async () => {
    const clock = { now: 1_700_000_000_000 };
    let deals = 0;
    const app = async (): Promise<FastifyInstance> => {
      const a = Fastify({ logger: false, forceCloseConnections: true });
      await a.register(tableRoutes, { store: await database.open(), now: () => clock.now, dealSeed: () => `table-store-${++deals}` });
      await a.ready();
      return a;
    };
    // two instances on one database (on SQLite: two servers on one file, as after a restart)
    const [one, two] = [await app(), await app()];
    const { id, tokens } = await newTable(one, { variant: 'bridge', board: { size: 4 }, room: { turnSeconds: 30 } });
    clock.now += 2500;
    const first = await sendMove(one, id, tokens[0], { kind: 'swap' }, 'swap-1');
    expect(first.json()).toMatchObject({ moveNumber: 1, entry: { kind: 'swap', clock: { used: 2500 } }, toMove: 2 });
    const again = await sendMove(two, id, tokens[0], { kind: 'swap' }, 'swap-1');
    expect([again.body, again.headers['idempotent-replayed']]).toEqual([first.body, 'true']);
    // seat 2's two different moves at once through the two instances: one is applied, the other is not its turn
    const raced = await Promise.all([sendMove(one, id, tokens[1], { kind: 'swap' }, 'a'), sendMove(two, id, tokens[1], { kind: 'swap' }, 'b')]);
    expect(raced.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    // the same key at once: one move, the same answer twice
    const same = await Promise.all([sendMove(one, id, tokens[0], { kind: 'swap' }, 'c'), sendMove(two, id, tokens[0], { kind: 'swap' }, 'c')]);
    expect([same[0]!.statusCode, same[1]!.statusCode, same[0]!.body]).toEqual([200, 200, same[1]!.body]);
    // seat 2 lets its turn run out: the lapse is written at the moment the 30 s ran out
    clock.now += 45_000;
    const seen = (await seatState(two, id, tokens[0])).json() as { moves: Array<{ moveNumber: number; kind: string; clock: { used: number } }>; moveCount: number };
    expect(seen.moves.at(-1)).toMatchObject({ moveNumber: 4, kind: 'timeout', clock: { used: 30_000 } });
    await one.close();
    await two.close();
    // a restart: the table rebuilt from the stored deal and log, a retry answered as before
    const three = await app();
    expect(((await seatState(three, id, tokens[0])).json() as { moveCount: number }).moveCount).toBe(seen.moveCount);
    expect((await sendMove(three, id, tokens[0], { kind: 'swap' }, 'swap-1')).body).toBe(first.body);
    await three.close();
  });

  it.runIf(_name === 'PostgreSQL')('a claim passes over a table a move holds (SKIP LOCKED): that move settles it', async () => {
    await store.create(table('held'), 100);
    const client = await database.pool!.connect();
    try {
      await client.query('BEGIN');
      await client.query("SELECT id FROM numbridge_tables WHERE id = 'held' FOR UPDATE");
      expect(await store.claimDue(1000, 10_000, 50)).not.toContain('held');
      await client.query('ROLLBACK');
      expect(await store.claimDue(1000, 10_000, 50)).toContain('held');
    } finally {
      client.release();
    }
  });
});
