/**
 * The tables API end to end in-process (app.inject): dealing, seat tokens, views, moves under
 * idempotency keys, turn order, the server's clock, the record after the end, and a restart on
 * the same database file.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import swagger from '@fastify/swagger';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { NumbridgeView } from '../../src/games/numbridge/schema.ts';
import { openDatabase } from '../../src/server/db.ts';
import { swaggerOptions } from '../../src/server/openapi.ts';
import { tableRoutes } from '../../src/server/tables/routes.ts';
import { bearer, freeGivenTake, newTable, replayContradictions, rightPlacement, seatState, sendMove, storedDeal, storedLog, tablesApp, type TablesHarness } from './tables-helper.ts';

let open: TablesHarness[] = [];
const dirs: string[] = [];
async function harness(options: Parameters<typeof tablesApp>[0] = {}) {
  const h = await tablesApp(options);
  open.push(h);
  return h;
}
afterEach(async () => {
  for (const h of open) await h.close();
  open = [];
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const viewOf = async (h: TablesHarness, id: string, token: string) => {
  const r = await seatState(h.app, id, token);
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as { view: NumbridgeView; moves: Record<string, unknown>[]; clock: Record<string, unknown>; record?: unknown };
};

describe('POST /tables', () => {
  it('deals a table and returns one token per seat, stored only as SHA-256 hashes', async () => {
    const h = await harness();
    const r = await h.app.inject({ method: 'POST', url: '/tables', payload: { variant: 'blitz', room: { turnSeconds: 45 } } });
    expect(r.statusCode, r.body).toBe(201);
    const body = r.json() as { id: string; seats: { seat: number; token: string }[] };
    expect(body.seats.map((s) => s.seat)).toEqual([1, 2]);
    for (const { token } of body.seats) expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
    expect(body.seats[0]!.token).not.toBe(body.seats[1]!.token);
    const row = h.db.prepare('SELECT * FROM numbridge_tables WHERE id = ?').get(body.id) as Record<string, unknown>;
    const stored = JSON.stringify(Object.values(row).map((v) => (Buffer.isBuffer(v) ? v.toString('hex') : v)));
    for (const { token } of body.seats) expect(stored).not.toContain(token);
    expect((row.seat1_hash as Buffer).toString('hex')).toBe(createHash('sha256').update(body.seats[0]!.token).digest('hex'));
    const deal = storedDeal(h.db, body.id);
    expect(deal.public.variant).toBe('blitz');
    expect(deal.public.size).toBe(6);
    expect(deal.public.room.turnSeconds).toBe(45);
    expect(deal.public.room.takePrice).toBe(2);
  });

  it('refuses options that can never make a deal with a 422 and one line', async () => {
    const h = await harness();
    const r = await h.app.inject({ method: 'POST', url: '/tables', payload: { variant: 'blitz', board: { size: 9 } } });
    expect(r.statusCode).toBe(422);
    expect(r.json()).toEqual({ error: 'cannot deal this table: Blitz is played on 6×6, not 9×9' });
  });
});

describe('GET /tables/:id', () => {
  it("shows each seat its own hand, the other's only as a count, and never the secret", async () => {
    const h = await harness();
    const { id, tokens } = await newTable(h.app);
    const deal = storedDeal(h.db, id);
    for (const seat of [1, 2] as const) {
      const r = await seatState(h.app, id, tokens[seat - 1]);
      const state = r.json() as { seat: number; view: NumbridgeView };
      expect(state.seat).toBe(seat);
      expect(state.view.hand).toEqual(deal.secret!.hands[seat === 1 ? '1' : '2']);
      expect(state.view.handSizes).toEqual({ '1': 3, '2': 3 });
      expect(r.body).not.toMatch(/secret|solution|"bag"|seed/);
      expect(r.body).not.toContain(deal.secret!.seed);
    }
  });

  it('answers 401 without a token, 403 with another table\'s token, 404 for an unknown table', async () => {
    const h = await harness();
    const a = await newTable(h.app);
    const b = await newTable(h.app);
    expect((await h.app.inject({ method: 'GET', url: `/tables/${a.id}` })).statusCode).toBe(401);
    const other = await seatState(h.app, a.id, b.tokens[0]);
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ error: `the token is not a seat of table ${a.id}` });
    const unknown = await seatState(h.app, 'nbt-nope', a.tokens[0]);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'no table nbt-nope' });
  });
});

describe('POST /tables/:id/moves', () => {
  it('applies a move once: the same key answers the stored verdict and applies nothing', async () => {
    const h = await harness();
    const { id, tokens } = await newTable(h.app);
    h.tick(2500);
    const first = await sendMove(h.app, id, tokens[0], { kind: 'swap' }, 'swap-1');
    expect(first.statusCode, first.body).toBe(200);
    const verdict = first.json() as { moveNumber: number; entry: { kind: string; clock: { used: number } }; toMove: number };
    expect(verdict.moveNumber).toBe(1);
    expect(verdict.entry.kind).toBe('swap');
    expect(verdict.entry.clock.used).toBe(2500);
    expect(verdict.toMove).toBe(2);
    h.tick(1000);
    const again = await sendMove(h.app, id, tokens[0], { kind: 'swap' }, 'swap-1');
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(storedLog(h.db, id)).toHaveLength(1);
    // the key in the body instead of the header
    const viaBody = await h.app.inject({ method: 'POST', url: `/tables/${id}/moves`, headers: bearer(tokens[0]), payload: { move: { kind: 'swap' }, idempotencyKey: 'swap-1' } });
    expect(viaBody.body).toBe(first.body);
  });

  it('refuses a key reused for another move (409); keys are per seat, so the other seat cannot block or read them', async () => {
    const h = await harness();
    const { id, tokens } = await newTable(h.app);
    await sendMove(h.app, id, tokens[0], { kind: 'swap' }, 'k');
    const otherMove = await sendMove(h.app, id, tokens[0], { kind: 'resign' }, 'k');
    expect(otherMove.statusCode).toBe(409);
    expect(otherMove.json().error).toMatch(/^idempotency key k was used for another move/);
    // review: seat 2 sending a key first used to block seat 1's client from ever using it
    const otherSeat = await sendMove(h.app, id, tokens[1], { kind: 'swap' }, 'k');
    expect(otherSeat.statusCode, otherSeat.body).toBe(200);
    expect(otherSeat.headers['idempotent-replayed']).toBeUndefined();
    expect(otherSeat.json()).toMatchObject({ seat: 2, moveNumber: 2 });
    const early = await sendMove(h.app, id, tokens[1], { kind: 'swap' }, 'k2');
    expect(early.statusCode).toBe(409); // seat 2 is not to move: its key k2 stays free
    expect((await sendMove(h.app, id, tokens[0], { kind: 'swap' }, 'k2')).statusCode).toBe(200);
    const replay = await sendMove(h.app, id, tokens[1], { kind: 'swap' }, 'k');
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toMatchObject({ seat: 2, moveNumber: 2 });
    expect(storedLog(h.db, id).map((m) => [m.seat, m.idempotency_key])).toEqual([[1, 'k'], [2, 'k'], [1, 'k2']]);
    // the database's backstop is per seat too
    const insert = h.db.prepare('INSERT INTO numbridge_table_moves (table_id, move_number, seat, idempotency_key, request, entry, verdict, at) VALUES (?, 99, ?, ?, NULL, ?, NULL, 0)');
    expect(() => insert.run(id, 1, 'k', '{}')).toThrow(/UNIQUE/);
  });

  it('lets only the seat on turn move, and refuses illegal moves with the referee\'s reason', async () => {
    const h = await harness();
    const { id, tokens } = await newTable(h.app);
    const early = await sendMove(h.app, id, tokens[1], { kind: 'swap' });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ error: 'player 1 is to move, not player 2' });
    const { view } = await viewOf(h, id, tokens[0]);
    const missing = ([1, 2, 3, 4] as const).find((d) => !view.hand.includes(d))!;
    const illegal = await sendMove(h.app, id, tokens[0], { kind: 'place', cell: [3, 3], tile: missing });
    expect(illegal.statusCode).toBe(422);
    expect(illegal.json().error).toMatch(/^illegal move: no \d in hand .* \(not-in-hand\)$/);
    const off = await sendMove(h.app, id, tokens[0], { kind: 'place', cell: [7, 0], tile: view.hand[0] });
    expect(off.statusCode).toBe(422);
    expect(off.json()).toEqual({ error: 'there is no cell [7, 0] on 4×4' });
    expect(storedLog(h.db, id)).toHaveLength(0);
  });

  it('serializes racing requests: of two moves sent at once by the seat on turn, one is applied', async () => {
    const h = await harness();
    const { id, tokens } = await newTable(h.app);
    const [a, b] = await Promise.all([sendMove(h.app, id, tokens[0], { kind: 'swap' }, 'a'), sendMove(h.app, id, tokens[0], { kind: 'swap' }, 'b')]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const [c, d] = await Promise.all([sendMove(h.app, id, tokens[1], { kind: 'swap' }, 'c'), sendMove(h.app, id, tokens[1], { kind: 'swap' }, 'c')]);
    expect([c.statusCode, d.statusCode]).toEqual([200, 200]);
    expect(c.body).toBe(d.body);
    expect(storedLog(h.db, id).map((m) => m.move_number)).toEqual([1, 2]);
  });
});

describe("the server's clock", () => {
  it('lapses a move whose turn limit ran out, at the moment it ran out', async () => {
    const h = await harness();
    const { id, tokens } = await newTable(h.app, { variant: 'bridge', board: { size: 4 }, room: { turnSeconds: 30 } });
    h.tick(30_000);
    expect((await viewOf(h, id, tokens[0])).view.toMove).toBe(1); // exactly the limit: still in time
    h.tick(15_000); // 45 s: player 1 lapsed at 30 s, player 2's turn runs since then
    const state = await viewOf(h, id, tokens[1]);
    expect(state.moves).toEqual([{ moveNumber: 1, player: 1, kind: 'timeout', result: 'lapsed', drawnCount: 0, clock: { used: 30_000, left: 1_770_000 } }]);
    expect(state.view.toMove).toBe(2);
    expect(state.view.mistakes).toEqual({ '1': 1, '2': 0 });
    expect(state.clock).toMatchObject({ turnLeft: 15_000, gameLeft: { '1': 1_770_000, '2': 1_785_000 } });
    const late = await sendMove(h.app, id, tokens[0], { kind: 'swap' });
    expect(late.statusCode).toBe(409);
    const move = await sendMove(h.app, id, tokens[1], { kind: 'swap' });
    expect(move.json().entry.clock).toEqual({ used: 15_000, left: 1_785_000 });
  });

  it('decides a flag fall: the player whose game time runs out loses, and the record replays clean', async () => {
    const h = await harness();
    const { id, tokens } = await newTable(h.app, { variant: 'bridge', board: { size: 4 }, room: { turnSeconds: 5, gameSeconds: 10 } });
    h.tick(60_000);
    const state = await viewOf(h, id, tokens[0]);
    expect(state.moves.map((m) => [m.player, m.kind, m.result])).toEqual([
      [1, 'timeout', 'lapsed'],
      [2, 'timeout', 'lapsed'],
      [1, 'timeout', 'time-up'],
    ]);
    expect(state.view.result).toEqual({ winner: 2, reason: 'time' });
    expect(replayContradictions(state.record)).toEqual([]);
    const after = await sendMove(h.app, id, tokens[1], { kind: 'swap' });
    expect(after.statusCode).toBe(409);
    expect(after.json()).toEqual({ error: 'the game is over: no more moves' });
  });
});

describe('an abandoned table (review: 2 days unplayed wrote 34,559 lapses, 7.4 MB per GET)', () => {
  it('ends as abandoned once both seats lapsed 3 turns in a row, in a few entries, and the record replays clean', async () => {
    const h = await harness();
    const { id, tokens } = await newTable(h.app, { variant: 'bridge', board: { size: 4 }, room: { turnSeconds: 5, gameSeconds: 86400 } });
    expect(storedDeal(h.db, id).public.room.abandonAfterLapses).toBe(3);
    h.tick(2 * 86_400_000);
    const r = await seatState(h.app, id, tokens[0]);
    expect(r.statusCode).toBe(200);
    expect(r.body.length).toBeLessThan(20_000);
    const state = r.json() as { moves: Record<string, unknown>[]; moveCount: number; view: NumbridgeView; record: unknown };
    expect(state.moves.map((m) => [m.player, m.kind, m.result])).toEqual([1, 2, 1, 2, 1, 2].map((p) => [p, 'timeout', 'lapsed']));
    expect(state.moveCount).toBe(6);
    expect(state.view.result).toEqual({ winner: null, reason: 'abandoned' });
    expect(replayContradictions(state.record)).toEqual([]);
    expect(storedLog(h.db, id)).toHaveLength(6);
    h.tick(86_400_000);
    expect((await seatState(h.app, id, tokens[1])).json().moveCount).toBe(6); // nothing more is written
    expect((await sendMove(h.app, id, tokens[0], { kind: 'swap' })).statusCode).toBe(409);
  });

  it('a seat that plays in between keeps the game going; the room may set the number', async () => {
    const h = await harness();
    const { id, tokens } = await newTable(h.app, { variant: 'bridge', board: { size: 4 }, room: { turnSeconds: 5, abandonAfterLapses: 1 } });
    h.tick(5_001); // player 1 lapsed: not yet both
    expect((await sendMove(h.app, id, tokens[1], { kind: 'swap' })).statusCode).toBe(200);
    h.tick(10_002); // player 1 lapses again, then player 2 (its streak was ended by its swap)
    const state = (await seatState(h.app, id, tokens[0])).json() as { moves: Record<string, unknown>[]; view: NumbridgeView };
    expect(state.moves.map((m) => [m.player, m.kind])).toEqual([[1, 'timeout'], [2, 'swap'], [1, 'timeout'], [2, 'timeout']]);
    expect(state.view.result).toEqual({ winner: null, reason: 'abandoned' });
    const refused = await h.app.inject({ method: 'POST', url: '/tables', payload: { variant: 'bridge', room: { abandonAfterLapses: 0 } } });
    expect(refused.statusCode).toBe(400);
  });

  it('pages the move list with ?since= and ?limit= (strings of digits, nothing else)', async () => {
    const h = await harness();
    const { id, tokens } = await newTable(h.app, { variant: 'bridge', board: { size: 4 }, room: { turnSeconds: 5 } });
    h.tick(60_000);
    const get = (q: string) => h.app.inject({ method: 'GET', url: `/tables/${id}${q}`, headers: bearer(tokens[0]) });
    const page = (await get('?since=2&limit=3')).json() as { moves: { moveNumber: number }[]; moveCount: number };
    expect(page.moves.map((m) => m.moveNumber)).toEqual([3, 4, 5]);
    expect(page.moveCount).toBe(6);
    expect((await get('?since=6')).json().moves).toEqual([]);
    for (const bad of ['?limit=0', '?limit=1001', '?since=-1', '?since=x', '?other=1']) {
      const r = await get(bad);
      expect(r.statusCode, bad).toBe(400);
      expect(Object.keys(r.json())).toEqual(['error']);
    }
  });
});

describe('a whole game', () => {
  it('is played to its end through the API; then each seat gets the record, which replay accepts', async () => {
    const h = await harness();
    const { id, tokens } = await newTable(h.app, { variant: 'domains', board: { size: 4 } });
    const solution = storedDeal(h.db, id).secret!.solution;
    for (let moves = 0; moves < 100; moves++) {
      const { view } = await viewOf(h, id, tokens[0]);
      if (view.result) break;
      const token = tokens[view.toMove - 1];
      const mover = (await viewOf(h, id, token)).view;
      const move = rightPlacement(mover, solution) ?? freeGivenTake(mover);
      h.tick(1000);
      const r = await sendMove(h.app, id, token, move);
      expect(r.statusCode, r.body).toBe(200);
    }
    const one = await viewOf(h, id, tokens[0]);
    const two = await viewOf(h, id, tokens[1]);
    expect(one.view.result?.reason).toBe('blocks');
    expect(one.record).toEqual(two.record);
    expect(replayContradictions(one.record)).toEqual([]);
    const after = await sendMove(h.app, id, tokens[0], { kind: 'resign' });
    expect(after.statusCode).toBe(409);
  });
});


describe('a restart', () => {
  it('rebuilds the table from the stored deal and move log', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tables-'));
    dirs.push(dir);
    const file = join(dir, 'tables.db');
    const first = await tablesApp({ file });
    const { id, tokens } = await newTable(first.app);
    first.tick(1000);
    await sendMove(first.app, id, tokens[0], { kind: 'swap' }, 'one');
    first.tick(2000);
    await sendMove(first.app, id, tokens[1], { kind: 'swap' }, 'two');
    const before = (await viewOf(first, id, tokens[0])).view;
    await first.close();

    const second = await harness({ file, start: first.clock.now });
    const after = await viewOf(second, id, tokens[0]);
    expect(after.view).toEqual(before);
    const retry = await sendMove(second.app, id, tokens[1], { kind: 'swap' }, 'two');
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect((await sendMove(second.app, id, tokens[0], { kind: 'swap' }, 'three')).statusCode).toBe(200);
    expect(storedLog(second.db, id).map((m) => m.idempotency_key)).toEqual(['one', 'two', 'three']);
  });
});

describe('a locked database', () => {
  it('answers 503 in one line while another writer holds the lock, and serves again after', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tables-'));
    dirs.push(dir);
    const file = join(dir, 'tables.db');
    const h = await harness({ file });
    const { id, tokens } = await newTable(h.app);
    h.db.pragma('busy_timeout = 20');
    const other = openDatabase(file);
    other.exec('BEGIN IMMEDIATE');
    const r = await sendMove(h.app, id, tokens[0], { kind: 'swap' }, 'locked');
    expect(r.statusCode).toBe(503);
    expect(r.json()).toEqual({ error: 'the database is busy: try again' });
    other.exec('ROLLBACK');
    other.close();
    expect((await sendMove(h.app, id, tokens[0], { kind: 'swap' }, 'locked')).statusCode).toBe(200);
  });
});

// the store's own contract, on SQLite and PostgreSQL: test/server/table-store.test.ts

describe('the OpenAPI document', () => {
  it('describes the routes from their TypeBox schemas', async () => {
    const db = openDatabase(':memory:');
    const app = Fastify();
    await app.register(swagger, swaggerOptions()); // the security schemes the routes name
    await app.register(tableRoutes, { db });
    await app.ready();
    const doc = app.swagger() as unknown as { paths: Record<string, Record<string, { requestBody?: unknown; responses: Record<string, unknown> }>> };
    expect(Object.keys(doc.paths).sort()).toEqual(['/tables', '/tables/{id}', '/tables/{id}/events', '/tables/{id}/moves', '/tables/{id}/picture.svg', '/tables/{id}/tickets']);
    expect(Object.keys(doc.paths['/tables/{id}/moves']!.post!.responses)).toEqual(expect.arrayContaining(['200', '4XX']));
    expect(JSON.stringify(doc.paths['/tables/{id}/moves']!.post!.requestBody)).toContain('"oneOf"');
    await app.close();
    db.close();
  });
});
