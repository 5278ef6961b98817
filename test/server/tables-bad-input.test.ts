/**
 * Bad input of every kind to the tables API: each answer is a 4xx with a one-line
 * `{ "error": … }` naming what was wrong, never a 500 or a stack trace, and the server keeps
 * serving afterwards.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, newTable, seatState, sendMove, tablesApp, type TablesHarness } from './tables-helper.ts';

let h: TablesHarness;
let id: string;
let tokens: [string, string];
let ended: { id: string; tokens: [string, string] };

beforeAll(async () => {
  h = await tablesApp();
  ({ id, tokens } = await newTable(h.app));
  ended = await newTable(h.app);
  await sendMove(h.app, ended.id, ended.tokens[1], { kind: 'resign' });
});
afterAll(async () => {
  await h.close();
});

interface Case {
  name: string;
  method: 'GET' | 'POST';
  url: () => string;
  headers?: () => Record<string, string>;
  payload?: () => string;
  status: number;
  /** A part of the one-line reason. */
  says: RegExp;
}

const json = (value: unknown) => () => JSON.stringify(value);
const jsonHeaders = (extra: () => Record<string, string> = () => ({})) => () => ({ 'content-type': 'application/json', ...extra() });
const seat1 = (key = 'bad-input') => () => ({ ...bearer(tokens[0]), 'idempotency-key': key });
const moves = () => `/tables/${id}/moves`;
const move = (m: unknown) => json({ move: m });

const CASES: Case[] = [
  // POST /tables
  { name: 'malformed JSON', method: 'POST', url: () => '/tables', headers: jsonHeaders(), payload: () => '{"variant": "bridge",', status: 400, says: /JSON/ },
  { name: 'an empty JSON body', method: 'POST', url: () => '/tables', headers: jsonHeaders(), payload: () => '', status: 400, says: /empty/ },
  { name: 'not JSON at all', method: 'POST', url: () => '/tables', headers: () => ({ 'content-type': 'text/plain' }), payload: () => 'variant=bridge', status: 415, says: /Unsupported Media Type/i },
  { name: 'an unknown content type', method: 'POST', url: () => '/tables', headers: () => ({ 'content-type': 'application/x-www-form-urlencoded' }), payload: () => 'variant=bridge', status: 415, says: /Unsupported Media Type/i },
  { name: 'a JSON array', method: 'POST', url: () => '/tables', headers: jsonHeaders(), payload: json([1, 2]), status: 400, says: /body must be object/ },
  { name: 'an unknown variant', method: 'POST', url: () => '/tables', headers: jsonHeaders(), payload: json({ variant: 'chess' }), status: 400, says: /^body\/variant must be one of "bridge", "blitz", "domains" \(not "chess"\)$/ },
  { name: 'a variant of the wrong type', method: 'POST', url: () => '/tables', headers: jsonHeaders(), payload: json({ variant: 7 }), status: 400, says: /^body\/variant must be one of "bridge", "blitz", "domains" \(not 7\)$/ },
  { name: 'unknown blocks', method: 'POST', url: () => '/tables', headers: jsonHeaders(), payload: json({ variant: 'bridge', board: { blocks: 'round' } }), status: 400, says: /^body\/board\/blocks must be one of "regular", "irregular" \(not "round"\)$/ },
  { name: 'a take price of none', method: 'POST', url: () => '/tables', headers: jsonHeaders(), payload: json({ variant: 'bridge', room: { takePrice: 3 } }), status: 400, says: /^body\/room\/takePrice must be one of 1, 2 \(not 3\)$/ },
  { name: 'a number as a string', method: 'POST', url: () => '/tables', headers: jsonHeaders(), payload: json({ variant: 'bridge', room: { turnSeconds: '60' } }), status: 400, says: /body\/room\/turnSeconds must be integer/ },
  { name: 'an unknown field', method: 'POST', url: () => '/tables', headers: jsonHeaders(), payload: json({ variant: 'bridge', seed: 'mine' }), status: 400, says: /^body: unknown field "seed"$/ },
  { name: 'a board no rule allows', method: 'POST', url: () => '/tables', headers: jsonHeaders(), payload: json({ variant: 'bridge', board: { size: 5, blocks: 'regular' } }), status: 422, says: /no regular blocks/ },
  { name: 'a room no rule allows', method: 'POST', url: () => '/tables', headers: jsonHeaders(), payload: json({ variant: 'bridge', room: { turnSeconds: 2 } }), status: 400, says: /turnSeconds must be >= 5/ },
  { name: 'an unknown grade name', method: 'POST', url: () => '/tables', headers: jsonHeaders(), payload: json({ variant: 'bridge', board: { grade: 'impossible' } }), status: 422, says: /grade must be a level/ },
  { name: 'a huge body', method: 'POST', url: () => '/tables', headers: jsonHeaders(), payload: json({ variant: 'bridge', pad: 'x'.repeat(1_000_000) }), status: 413, says: /too large/i },
  { name: 'a __proto__ key', method: 'POST', url: () => '/tables', headers: jsonHeaders(), payload: () => '{"variant":"bridge","__proto__":{"polluted":true}}', status: 400, says: /not valid JSON/ },
  { name: 'deeply nested JSON', method: 'POST', url: () => '/tables', headers: jsonHeaders(), payload: () => '['.repeat(2000) + ']'.repeat(2000), status: 400, says: /body must be object/ },
  // GET /tables/:id
  { name: 'an unknown table', method: 'GET', url: () => '/tables/nbt-0000', headers: () => bearer(tokens[0]), status: 404, says: /no table nbt-0000/ },
  // (over Fastify's maxParamLength of 100 the router answers 414 before any route: buildServer's to word)
  { name: 'an id too long', method: 'GET', url: () => `/tables/${'x'.repeat(80)}`, headers: () => bearer(tokens[0]), status: 400, says: /params\/id/ },
  { name: 'no token', method: 'GET', url: () => `/tables/${id}`, status: 401, says: /no seat token/ },
  { name: 'a token of the wrong form', method: 'GET', url: () => `/tables/${id}`, headers: () => ({ authorization: `Basic ${tokens[0]}` }), status: 401, says: /Bearer/ },
  { name: 'a token with odd characters', method: 'GET', url: () => `/tables/${id}`, headers: () => ({ authorization: 'Bearer a b\u00e9' }), status: 401, says: /Bearer/ },
  { name: 'a wrong token', method: 'GET', url: () => `/tables/${id}`, headers: () => bearer('A'.repeat(43)), status: 403, says: /not a seat/ },
  // POST /tables/:id/moves
  { name: 'a move with no token', method: 'POST', url: moves, headers: jsonHeaders(() => ({ 'idempotency-key': 'x' })), payload: move({ kind: 'swap' }), status: 401, says: /no seat token/ },
  { name: 'a move with a wrong token', method: 'POST', url: moves, headers: jsonHeaders(() => ({ ...bearer('B'.repeat(43)), 'idempotency-key': 'x' })), payload: move({ kind: 'swap' }), status: 403, says: /not a seat/ },
  { name: 'a move without an idempotency key', method: 'POST', url: moves, headers: jsonHeaders(() => bearer(tokens[0])), payload: move({ kind: 'swap' }), status: 400, says: /idempotency key/ },
  { name: 'an idempotency key with a space', method: 'POST', url: moves, headers: jsonHeaders(seat1('a key')), payload: move({ kind: 'swap' }), status: 400, says: /printable ASCII/ },
  { name: 'an idempotency key far too long', method: 'POST', url: moves, headers: jsonHeaders(seat1('k'.repeat(300))), payload: move({ kind: 'swap' }), status: 400, says: /1\.\.200/ },
  { name: 'two different idempotency keys', method: 'POST', url: moves, headers: jsonHeaders(seat1('one')), payload: json({ move: { kind: 'swap' }, idempotencyKey: 'two' }), status: 400, says: /differ/ },
  { name: 'malformed JSON of a move', method: 'POST', url: moves, headers: jsonHeaders(seat1()), payload: () => '{"move": {"kind": "swap"}', status: 400, says: /JSON/ },
  { name: 'no move', method: 'POST', url: moves, headers: jsonHeaders(seat1()), payload: json({}), status: 400, says: /move/ },
  { name: 'an unknown kind of move', method: 'POST', url: moves, headers: jsonHeaders(seat1()), payload: move({ kind: 'zap' }), status: 400, says: /^body\/move\/kind must be one of "place", "take", "swap", "resign" \(not "zap"\)$/ },
  { name: 'a kind of move as a number', method: 'POST', url: moves, headers: jsonHeaders(seat1()), payload: move({ kind: 1 }), status: 400, says: /^body\/move\/kind must be one of "place", "take", "swap", "resign" \(not 1\)$/ },
  { name: 'a skip (the server makes those)', method: 'POST', url: moves, headers: jsonHeaders(seat1()), payload: move({ kind: 'skip' }), status: 400, says: /^body\/move\/kind must be one of "place", "take", "swap", "resign" \(not "skip"\)$/ },
  { name: 'a tile as a string', method: 'POST', url: moves, headers: jsonHeaders(seat1()), payload: move({ kind: 'place', cell: [0, 0], tile: '1' }), status: 400, says: /body\/move\/tile must be integer/ },
  { name: 'a tile out of range', method: 'POST', url: moves, headers: jsonHeaders(seat1()), payload: move({ kind: 'place', cell: [0, 0], tile: 10 }), status: 400, says: /body\/move\/tile/ },
  { name: 'a cell of one number', method: 'POST', url: moves, headers: jsonHeaders(seat1()), payload: move({ kind: 'place', cell: [0], tile: 1 }), status: 400, says: /body\/move\/cell/ },
  { name: 'a cell off the board', method: 'POST', url: moves, headers: jsonHeaders(seat1()), payload: move({ kind: 'take', cell: [5, 5], tile: 1 }), status: 422, says: /no cell \[5, 5\] on 4×4/ },
  { name: 'a place without a cell', method: 'POST', url: moves, headers: jsonHeaders(seat1()), payload: move({ kind: 'place', tile: 1 }), status: 400, says: /cell/ },
  { name: 'extra fields in a move', method: 'POST', url: moves, headers: jsonHeaders(seat1()), payload: move({ kind: 'swap', player: 2 }), status: 400, says: /^body\/move: unknown field "player"$/ },
  { name: 'a move for an unknown table', method: 'POST', url: () => '/tables/nbt-0000/moves', headers: jsonHeaders(seat1()), payload: move({ kind: 'swap' }), status: 404, says: /no table/ },
  { name: 'a move by the seat not on turn', method: 'POST', url: moves, headers: jsonHeaders(() => ({ ...bearer(tokens[1]), 'idempotency-key': 'x2' })), payload: move({ kind: 'swap' }), status: 409, says: /player 1 is to move/ },
  { name: 'a move after the end', method: 'POST', url: () => `/tables/${ended.id}/moves`, headers: jsonHeaders(() => ({ ...bearer(ended.tokens[0]), 'idempotency-key': 'late' })), payload: move({ kind: 'swap' }), status: 409, says: /game is over/ },
  { name: 'a huge move', method: 'POST', url: moves, headers: jsonHeaders(seat1()), payload: move({ kind: 'swap', pad: 'x'.repeat(100_000) }), status: 413, says: /too large/i },
];

describe('bad input to the tables API', () => {
  it.each(CASES)('$name → $status, one line', async (c) => {
    const r = await h.app.inject({ method: c.method, url: c.url(), headers: c.headers?.(), payload: c.payload?.() });
    expect(r.statusCode, r.body).toBe(c.status);
    const body = r.json() as { error: string };
    expect(Object.keys(body)).toEqual(['error']);
    expect(body.error).toMatch(c.says);
    expect(body.error).not.toMatch(/\n|\s+at\s+\S+\s+\(|node_modules|\.ts:\d/);
  });

  it('keeps serving: the table is untouched and answers as before', async () => {
    const r = await seatState(h.app, id, tokens[0]);
    expect(r.statusCode).toBe(200);
    expect(r.json().moves).toEqual([]);
    expect((await sendMove(h.app, id, tokens[0], { kind: 'swap' })).statusCode).toBe(200);
  });
});
