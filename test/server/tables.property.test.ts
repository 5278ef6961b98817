/**
 * Properties of the tables API over many dealt tables and random move sequences (bounded runs):
 *
 *   - before the end, no answer to a seat holds the solution, the bag, the other hand or the seed:
 *     the view is exactly the referee's playerView of the server's true state, the opponent's
 *     entries show tiles only as counts, no secret field appears anywhere, the seed never does;
 *   - only the token's seat acts: a move out of turn or with a wrong token changes nothing, and
 *     every stored move is the sending seat's;
 *   - both seats' views agree on everything public.
 */
import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { readNumbridgeDeal } from '../../src/games/numbridge/files.ts';
import type { NumbridgeView } from '../../src/games/numbridge/schema.ts';
import { playerView } from '../../src/games/numbridge/view.ts';
import { SqliteTableStore } from '../../src/server/tables/sqlite-store.ts';
import { rebuild, settle } from '../../src/server/tables/table-game.ts';
import { bearer, newTable, seatState, sendMove, storedLog, tablesApp, type TablesHarness } from './tables-helper.ts';

const SECRET_KEYS = new Set(['secret', 'solution', 'bag', 'seed', 'proof', 'hands', 'record']);

/** Every key anywhere in a JSON value. */
function keysOf(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) for (const v of value) keysOf(v, out);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      out.push(k);
      keysOf(v, out);
    }
  }
  return out;
}

/** The server's true game state of a table at the harness's time (white-box: the store and the referee). */
async function trueState(h: TablesHarness, id: string) {
  const log = (await new SqliteTableStore(h.db).read(id))!;
  const { setup } = readNumbridgeDeal(log.table.deal, { source: id });
  return settle(rebuild(setup, log.table.startedAt, log.moves as never), h.clock.now).position.state;
}

/** What no answer before the end may hold. */
function expectNothingSecret(body: string, seed: string) {
  expect(body).not.toContain(seed);
  const leaked = keysOf(JSON.parse(body)).filter((k) => SECRET_KEYS.has(k));
  expect(leaked).toEqual([]);
}

/** The opponent's entries carry tiles only as counts. */
function expectCountsOnly(moves: Record<string, unknown>[], seat: number) {
  for (const m of moves) if (m.player !== seat) expect(Object.keys(m).filter((k) => k === 'drawn' || k === 'tiles')).toEqual([]);
}

/** The public part of an entry, the same for both seats. */
const publicEntry = (m: Record<string, unknown>) => {
  const { drawn, tiles, drawnCount, tileCount, ...rest } = m as { drawn?: unknown[]; tiles?: unknown[]; drawnCount?: number; tileCount?: number };
  return { ...rest, drawn: drawn?.length ?? drawnCount, tiles: tiles?.length ?? tileCount };
};

interface Step {
  /** 0 or 1: the seat that sends; 2: a wrong token. */
  actor: number;
  pick: number;
  /** Milliseconds the clock moves before the step. */
  tick: number;
}

const step: fc.Arbitrary<Step> = fc.record({
  actor: fc.oneof({ arbitrary: fc.constantFrom(0, 1), weight: 12 }, { arbitrary: fc.constant(2), weight: 1 }),
  pick: fc.nat(1000),
  tick: fc.oneof({ arbitrary: fc.integer({ min: 0, max: 5000 }), weight: 8 }, { arbitrary: fc.integer({ min: 5000, max: 70_000 }), weight: 1 }),
});

const tableOptions = fc.oneof(
  fc.record({ variant: fc.constant('blitz'), room: fc.record({ turnSeconds: fc.constantFrom(5, 30), gameSeconds: fc.constantFrom(20, 600) }) }),
  fc.record({ variant: fc.constantFrom('bridge', 'domains'), board: fc.record({ size: fc.constantFrom(4, 5, 6) }), room: fc.record({ takePrice: fc.constantFrom(1, 2), turnSeconds: fc.constantFrom(5, 60) }) }),
);

/** A move for the seat from its own view, chosen by `pick`: a place, a take, a swap, now and then a resignation. */
function chooseMove(view: NumbridgeView, pick: number): object {
  if (pick % 97 === 0) return { kind: 'resign' };
  const n = view.size;
  const empty: [number, number][] = [];
  const free: [number, number][] = [];
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      if (view.digits[r]![c] === 0) empty.push([r, c]);
      else if (view.givens[r]![c] !== 0 && view.owner[r]![c] === 0) free.push([r, c]);
    }
  }
  const kind = pick % 10;
  if (kind < 7 && view.hand.length > 0 && empty.length > 0) return { kind: 'place', cell: empty[pick % empty.length], tile: view.hand[pick % view.hand.length] };
  const payable = view.hand.length === 0 || view.hand.length >= view.room.takePrice;
  if (kind < 9 && free.length > 0 && payable) return view.hand.length > 0 ? { kind: 'take', cell: free[pick % free.length], tile: view.hand[pick % view.hand.length] } : { kind: 'take', cell: free[pick % free.length] };
  // a swap needs a tile in the bag; with none left, the one move always legal on turn
  return view.bagSize > 0 ? { kind: 'swap' } : { kind: 'resign' };
}

describe('tables: secrets, seats and shared views', () => {
  test.prop([tableOptions, fc.array(step, { minLength: 5, maxLength: 60 }), fc.nat(1_000_000)], { numRuns: 40 })(
    'no answer leaks a secret, only the token\'s seat acts, both views agree',
    async (options, steps, n) => {
      const seed = `SEED~${n}~`;
      const h = await tablesApp({ seed });
      try {
        const { id, tokens } = await newTable(h.app, options);
        const dealSeed = `${seed}-1`;
        let k = 0;
        for (const s of steps) {
          h.tick(s.tick);
          const before = await trueState(h, id);
          const states = [];
          for (const seat of [1, 2] as const) {
            const r = await seatState(h.app, id, tokens[seat - 1]);
            expect(r.statusCode).toBe(200);
            const state = r.json() as { seat: number; view: NumbridgeView; moves: Record<string, unknown>[]; record?: unknown };
            expect(state.seat).toBe(seat);
            if (!before.result) {
              expectNothingSecret(r.body, dealSeed);
              expect(state.view).toEqual(playerView(before, seat));
              expectCountsOnly(state.moves, seat);
            } else {
              expect(state.record).toBeDefined();
            }
            states.push(state);
          }
          const [one, two] = states as [(typeof states)[0], (typeof states)[0]];
          const { player: _1, hand: _h1, ...public1 } = one.view;
          const { player: _2, hand: _h2, ...public2 } = two.view;
          expect(public1).toEqual(public2);
          expect(one.moves.map(publicEntry)).toEqual(two.moves.map(publicEntry));
          if (before.result) break;

          const logBefore = storedLog(h.db, id).length;
          if (s.actor === 2) {
            const r = await h.app.inject({ method: 'POST', url: `/tables/${id}/moves`, headers: { ...bearer('C'.repeat(43)), 'idempotency-key': `wrong-${++k}` }, payload: { move: { kind: 'resign' } } });
            expect(r.statusCode).toBe(403);
            expect(storedLog(h.db, id).length).toBe(logBefore);
            continue;
          }
          const seat = (s.actor + 1) as 1 | 2;
          const mine = states[s.actor]!.view;
          const move = chooseMove(mine, s.pick);
          const r = await sendMove(h.app, id, tokens[s.actor]!, move, `m-${++k}`);
          const onTurn = before.toMove === seat || (move as { kind: string }).kind === 'resign';
          if (!onTurn) {
            expect(r.statusCode, r.body).toBe(409);
            expect(storedLog(h.db, id).length).toBe(logBefore);
            continue;
          }
          expect(r.statusCode, r.body).toBe(200);
          const after = await trueState(h, id);
          const verdict = r.json() as { seat: number; entry: { player: number }; hand: number[]; after: Record<string, unknown>[] };
          expect(verdict.seat).toBe(seat);
          expect(verdict.entry.player).toBe(seat);
          expect(verdict.hand).toEqual(after.hands[seat - 1]);
          expectCountsOnly(verdict.after, seat);
          if (!after.result) expectNothingSecret(r.body, dealSeed);
          const stored = storedLog(h.db, id).filter((m) => m.idempotency_key === `m-${k}`);
          expect(stored.map((m) => m.seat)).toEqual([seat]);
        }
        // every stored move is its sender's
        for (const m of storedLog(h.db, id)) if (m.seat !== null) expect((JSON.parse(m.entry) as { player: number }).player).toBe(m.seat);
      } finally {
        await h.close();
      }
    },
  );
});
