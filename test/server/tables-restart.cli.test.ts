/**
 * Kill -9 during a burst of moves, restart on the same database: no acknowledged move is lost,
 * none is doubled. A child process serves the tables (`puzzlemill serve --db FILE`, the compiled
 * binary as a club runs it); the test sends a burst of moves, each under its own
 * idempotency key, records which were acknowledged, kills the child with SIGKILL while a move is
 * in flight, starts it again on the same file and sends every move again with the same keys.
 * And two such servers on one file, sent racing moves: each turn takes exactly one.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import type { NumbridgeView } from '../../src/games/numbridge/schema.ts';
import { startServe } from './serve-process.ts';
import { replayContradictions } from './tables-helper.ts';

const children: ChildProcess[] = [];
const dirs: string[] = [];
afterEach(() => {
  for (const c of children.splice(0)) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** `puzzlemill serve` on `file` (an empty corpus: only the tables matter); resolves with its base URL once it listens. */
async function startServer(file: string): Promise<{ child: ChildProcess; base: string }> {
  const corpus = join(dirname(file), 'corpus');
  mkdirSync(corpus, { recursive: true });
  const server = await startServe(['--db', file, '--corpus', corpus, '--port', '0'], { cwd: dirname(file) });
  children.push(server.child);
  return { child: server.child, base: server.url };
}

/** The longest limits: these tests run on the real clock, and a lapse on a slow machine would change whose turn it is. */
const SLOW_ROOM = { turnSeconds: 3600, gameSeconds: 86400 };

interface Sent {
  key: string;
  seat: 1 | 2;
  move: object;
  /** The body of the acknowledgement, when one came. */
  ack?: string;
}

const call = async (base: string, path: string, token: string, body?: object, key?: string) => {
  const r = await fetch(base + path, {
    method: body ? 'POST' : 'GET',
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}), ...(key ? { 'idempotency-key': key } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: r.status, body: await r.text() };
};

/** The mover's next move from its view: its first tile on the first empty cell (right or wrong, always legal), else a take or a swap. */
function nextMove(view: NumbridgeView): object {
  for (let r = 0; r < view.size; r++) for (let c = 0; c < view.size; c++) if (view.digits[r]![c] === 0 && view.hand.length > 0) return { kind: 'place', cell: [r, c], tile: view.hand[0] };
  for (let r = 0; r < view.size; r++) for (let c = 0; c < view.size; c++) if (view.givens[r]![c] !== 0 && view.owner[r]![c] === 0) return view.hand.length > 0 ? { kind: 'take', cell: [r, c], tile: view.hand[0] } : { kind: 'take', cell: [r, c] };
  return { kind: 'swap' };
}

interface Table {
  id: string;
  tokens: readonly [string, string];
  sent: Sent[];
}

describe('tables survive kill -9 mid-burst', () => {
  it('keep every acknowledged move exactly once and in order, and their logs replay legal', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tables-restart-'));
    dirs.push(dir);
    const file = join(dir, 'tables.db');
    let server = await startServer(file);
    const tables: Table[] = [];
    for (const variant of ['bridge', 'blitz', 'domains', 'bridge']) {
      const created = await fetch(server.base + '/tables', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ variant, room: SLOW_ROOM }) });
      expect(created.status).toBe(201);
      const { id, seats } = (await created.json()) as { id: string; seats: { token: string }[] };
      tables.push({ id, tokens: [seats[0]!.token, seats[1]!.token], sent: [] });
    }

    // the burst: the tables play side by side, each move chosen from the mover's view; after
    // KILL_AT acknowledgements the next move is sent and the server killed while it is in flight
    // (with the other tables' requests)
    const KILL_AT = 60;
    let acks = 0;
    let killed = false;
    const exited = new Promise((resolve) => server.child.once('exit', resolve));
    const play = async (table: Table) => {
      const base = server.base;
      for (let i = 1; ; i++) {
        try {
          const peek = JSON.parse((await call(base, `/tables/${table.id}`, table.tokens[0])).body) as { view: NumbridgeView };
          if (peek.view.result) return;
          const seat = peek.view.toMove;
          const { view } = JSON.parse((await call(base, `/tables/${table.id}`, table.tokens[seat - 1])).body) as { view: NumbridgeView };
          const one: Sent = { key: `${table.id}-${i}`, seat, move: nextMove(view) };
          table.sent.push(one);
          const pending = call(base, `/tables/${table.id}/moves`, table.tokens[seat - 1], { move: one.move }, one.key);
          if (acks >= KILL_AT && !killed) {
            killed = true;
            setTimeout(() => server.child.kill('SIGKILL'), 1); // this move (and others) in flight
          }
          const r = await pending;
          expect(r.status, r.body).toBe(200);
          one.ack = r.body;
          acks++;
        } catch (e) {
          if (killed && e instanceof TypeError) return; // fetch failed: the connection died with the server (or the answer came first: then the next call fails)
          throw e;
        }
      }
    };
    await Promise.all(tables.map(play));
    await exited;
    expect(server.child.signalCode).toBe('SIGKILL');

    server = await startServer(file);
    for (const table of tables) {
      for (const one of table.sent) {
        const r = await call(server.base, `/tables/${table.id}/moves`, table.tokens[one.seat - 1], { move: one.move }, one.key);
        expect(r.status, r.body).toBe(200);
        if (one.ack) expect(r.body).toBe(one.ack); // the stored verdict, not a second move
      }
      expect((await call(server.base, `/tables/${table.id}/moves`, table.tokens[0], { move: { kind: 'resign' } }, `${table.id}-end`)).status).toBe(200);
    }
    const records: { public: { moves: unknown[] } }[] = [];
    for (const table of tables) records.push((JSON.parse((await call(server.base, `/tables/${table.id}`, table.tokens[1])).body) as { record: { public: { moves: unknown[] } } }).record);
    server.child.kill('SIGKILL');

    const db = new Database(file, { readonly: true });
    tables.forEach((table, t) => {
      const log = db.prepare('SELECT move_number, idempotency_key FROM numbridge_table_moves WHERE table_id = ? ORDER BY move_number').all(table.id) as { move_number: number; idempotency_key: string | null }[];
      expect(log.map((m) => m.move_number)).toEqual(log.map((_, i) => i + 1));
      const keys = log.map((m) => m.idempotency_key).filter((k) => k !== null);
      expect(keys).toEqual([...table.sent.map((s) => s.key), `${table.id}-end`]); // every move once, in the order sent
      expect(records[t]!.public.moves).toHaveLength(log.length);
      expect(replayContradictions(records[t])).toEqual([]);
    });
    db.close();
    expect(tables.reduce((n, t) => n + t.sent.filter((s) => s.ack).length, 0)).toBeGreaterThanOrEqual(KILL_AT);
  });
});

describe('two servers on one database', () => {
  it('apply racing moves once and in order: one move per turn, the same verdict for the same key', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tables-race-'));
    dirs.push(dir);
    const file = join(dir, 'tables.db');
    const a = await startServer(file);
    const b = await startServer(file);
    const created = await fetch(a.base + '/tables', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ variant: 'bridge', room: SLOW_ROOM }) });
    const { id, seats } = (await created.json()) as { id: string; seats: { token: string }[] };
    const tokens = [seats[0]!.token, seats[1]!.token] as const;
    // Bridge: one move a turn; 9×9 with 45 tiles in the bag, so no one is skipped in these rounds
    // and the turn passes with every accepted move
    const ROUNDS = 20;
    for (let round = 1; round <= ROUNDS; round++) {
      const { view } = JSON.parse((await call(b.base, `/tables/${id}`, tokens[0])).body) as { view: NumbridgeView };
      if (view.result) break;
      const token = tokens[view.toMove - 1];
      const mover = (JSON.parse((await call(a.base, `/tables/${id}`, token)).body) as { view: NumbridgeView }).view;
      const move = nextMove(mover);
      // the same move under one key to both servers, and a different move under another key
      const [viaA, viaB, other] = await Promise.all([
        call(a.base, `/tables/${id}/moves`, token, { move }, `r${round}`),
        call(b.base, `/tables/${id}/moves`, token, { move }, `r${round}`),
        call(b.base, `/tables/${id}/moves`, token, { move: { kind: 'swap' } }, `s${round}`),
      ]);
      const accepted = [viaA, viaB, other].filter((r) => r.status === 200);
      if (other.status === 200) {
        expect([viaA.status, viaB.status]).toEqual([409, 409]);
      } else {
        expect(other.status, other.body).toBe(409);
        expect(viaA.status, viaA.body).toBe(200);
        expect(viaB.body).toBe(viaA.body);
      }
      expect(new Set(accepted.map((r) => (JSON.parse(r.body) as { moveNumber: number }).moveNumber)).size).toBe(1);
    }
    const final = JSON.parse((await call(a.base, `/tables/${id}/moves`, tokens[1], { move: { kind: 'resign' } }, 'end')).body) as { moveNumber: number };
    const { record } = JSON.parse((await call(b.base, `/tables/${id}`, tokens[0])).body) as { record: { public: { moves: { player?: number }[] } } };
    expect(record.public.moves).toHaveLength(final.moveNumber);
    expect(replayContradictions(record)).toEqual([]);
  });
});
