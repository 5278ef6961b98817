/**
 * Live tables (src/server/tables/events.ts): tickets for EventSource, one event per move with its
 * number as the id, resuming after Last-Event-ID without gaps or duplicates, the end closing the
 * stream (and a 204 after it), and the server's clock acting on its own — a lapse written and
 * pushed when the turn runs out, also by a server restarted on the same database.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NumbridgeView } from '../../src/games/numbridge/schema.ts';
import { withoutTicket } from '../../src/server/app.ts';
import { MAX_STREAMS_PER_SEAT } from '../../src/server/tables/events.ts';
import { openSse, type SseEvent } from './sse-client.ts';
import { bearer, freeGivenTake, newTable, rightPlacement, sendMove, storedDeal, storedLog, tablesApp, type TablesHarness } from './tables-helper.ts';

let h: TablesHarness;
let base: string;
const scratch = mkdtempSync(join(tmpdir(), 'pm-events-'));

beforeAll(async () => {
  h = await tablesApp({ seed: 'events' });
  base = await h.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await h.close();
  rmSync(scratch, { recursive: true, force: true });
});

async function ticketOf(id: string, token: string): Promise<string> {
  const r = await h.app.inject({ method: 'POST', url: `/tables/${id}/tickets`, headers: bearer(token) });
  expect(r.statusCode, r.body).toBe(201);
  return (r.json() as { ticket: string }).ticket;
}

/** The events after the clock event, until `count` are in. */
async function take(stream: Awaited<ReturnType<typeof openSse>>, count: number): Promise<SseEvent[]> {
  const events: SseEvent[] = [];
  while (events.length < count) {
    const event = await stream.next();
    if (event === null) throw new Error(`the stream ended after ${events.length} of ${count} events`);
    if (event.event === 'message') events.push(event);
  }
  return events;
}

/** A move the player to move can make: a right placement, else a take of a free given. */
async function play(id: string, tokens: [string, string]): Promise<void> {
  const view = (await h.app.inject({ url: `/tables/${id}`, headers: bearer(tokens[0]) })).json().view as NumbridgeView;
  const token = tokens[view.toMove - 1]!;
  const mover = (await h.app.inject({ url: `/tables/${id}`, headers: bearer(token) })).json().view as NumbridgeView;
  const r = await sendMove(h.app, id, token, rightPlacement(mover, storedDeal(h.db, id).secret!.solution) ?? freeGivenTake(mover));
  expect(r.statusCode, r.body).toBe(200);
}

describe('tickets', () => {
  it('are given to a seat token only, open only their own table and seat, and expire after a minute', async () => {
    const { id, tokens } = await newTable(h.app);
    const other = await newTable(h.app);
    expect((await h.app.inject({ method: 'POST', url: `/tables/${id}/tickets` })).statusCode).toBe(401);
    expect((await h.app.inject({ method: 'POST', url: `/tables/${id}/tickets`, headers: bearer(other.tokens[0]) })).statusCode).toBe(403);
    expect((await h.app.inject({ method: 'POST', url: '/tables/nbt-none/tickets', headers: bearer(tokens[0]) })).statusCode).toBe(404);
    const answer = (await h.app.inject({ method: 'POST', url: `/tables/${id}/tickets`, headers: bearer(tokens[1]) })).json();
    expect(answer).toMatchObject({ seat: 2, expiresAt: h.clock.now + 60_000 });
    expect(answer.ticket).not.toContain(tokens[1]);

    const events = (table: string, ticket: string) => h.app.inject({ url: `/tables/${table}/events?ticket=${encodeURIComponent(ticket)}` });
    const wrongTable = await events(other.id, answer.ticket);
    expect([wrongTable.statusCode, wrongTable.json().error]).toEqual([401, `the ticket is not one of table ${other.id}`]);
    const forged = answer.ticket.replace(/^t1\.2\./, 't1.1.');
    expect((await events(id, forged)).statusCode).toBe(401);
    expect((await events(id, 'Bearer ' + tokens[1])).json().error).toMatch(/^not an event ticket/);
    expect((await h.app.inject({ url: `/tables/${id}/events` })).statusCode).toBe(400);

    expect(withoutTicket(`/tables/${id}/events?ticket=${answer.ticket}&lastEventId=3`)).toBe(`/tables/${id}/events?ticket=…&lastEventId=3`);

    h.tick(60_001);
    const late = await events(id, answer.ticket);
    expect([late.statusCode, late.json().error]).toEqual([401, `the ticket expired 0 s ago: get a new one from POST /tables/${id}/tickets`]);
  });
});

describe('a seat\'s event stream', () => {
  it('starts with the state now, then one event per move, each what GET /tables/:id shows of that move', async () => {
    const { id, tokens } = await newTable(h.app);
    const one = await openSse(`${base}/tables/${id}/events?ticket=${await ticketOf(id, tokens[0])}`);
    const two = await openSse(`${base}/tables/${id}/events?ticket=${await ticketOf(id, tokens[1])}`);
    expect([one.status, one.headers.get('content-type'), one.headers.get('cache-control')]).toEqual([200, 'text/event-stream; charset=utf-8', null]);
    const clock = await one.next();
    expect(clock).toEqual({ event: 'clock', id: null, data: JSON.stringify({ now: h.clock.now }) });
    const [start] = await take(one, 1);
    expect(start!.id).toBe('0');
    expect(JSON.parse(start!.data)).toMatchObject({ id, seat: 1, moves: [], moveCount: 0 });
    await take(two, 1);

    for (let k = 1; k <= 3; k++) {
      h.tick(1000);
      await play(id, tokens);
      const [mine] = await take(one, 1);
      const [theirs] = await take(two, 1);
      expect([mine!.id, theirs!.id]).toEqual([String(k), String(k)]);
      for (const [event, token] of [[mine!, tokens[0]], [theirs!, tokens[1]]] as const) {
        const shown = await h.app.inject({ url: `/tables/${id}?since=${k - 1}&limit=1`, headers: bearer(token) });
        expect(JSON.parse(event.data)).toEqual(shown.json());
      }
    }
    one.close();
    two.close();
  });

  it('resumes after Last-Event-ID (or ?lastEventId=) with exactly the moves since, and refuses an id past the log', async () => {
    const { id, tokens } = await newTable(h.app);
    for (let k = 0; k < 4; k++) {
      h.tick(1000);
      await play(id, tokens);
    }
    const ticket = await ticketOf(id, tokens[1]);
    const fresh = await openSse(`${base}/tables/${id}/events?ticket=${ticket}`);
    expect((await take(fresh, 1)).map((e) => e.id)).toEqual(['4']);
    fresh.close();
    const resumed = await openSse(`${base}/tables/${id}/events?ticket=${ticket}`, { 'last-event-id': '1' });
    const again = await take(resumed, 3);
    expect(again.map((e) => e.id)).toEqual(['2', '3', '4']);
    h.tick(1000);
    await play(id, tokens);
    expect((await take(resumed, 1)).map((e) => e.id)).toEqual(['5']);
    resumed.close();
    const byQuery = await openSse(`${base}/tables/${id}/events?ticket=${ticket}&lastEventId=3`);
    const same = await take(byQuery, 2);
    expect(same.map((e) => e.id)).toEqual(['4', '5']);
    expect(same[0]!.data).toBe(again[2]!.data);
    byQuery.close();
    // EventSource reconnects to the URL it opened (?lastEventId=3) with the header of its last event: the header wins
    const reconnect = await openSse(`${base}/tables/${id}/events?ticket=${ticket}&lastEventId=3`, { 'last-event-id': '4' });
    expect((await take(reconnect, 1)).map((e) => e.id)).toEqual(['5']);
    reconnect.close();
    const past = await h.app.inject({ url: `/tables/${id}/events?ticket=${ticket}`, headers: { 'last-event-id': '9' } });
    expect([past.statusCode, past.json().error]).toEqual([400, "Last-Event-ID 9 is past the table's last move (5)"]);
    const junk = await h.app.inject({ url: `/tables/${id}/events?ticket=${ticket}`, headers: { 'last-event-id': 'x' } });
    expect([junk.statusCode, junk.json().error]).toEqual([400, 'Last-Event-ID must be a move number, not "x"']);
  });

  it('ends with the move that ends the game, its record included; a reconnect after it gets 204', async () => {
    const { id, tokens } = await newTable(h.app);
    const ticket = await ticketOf(id, tokens[0]);
    const stream = await openSse(`${base}/tables/${id}/events?ticket=${ticket}`);
    await take(stream, 1);
    h.tick(1000);
    expect((await sendMove(h.app, id, tokens[1], { kind: 'resign' })).statusCode).toBe(200);
    const [end] = await take(stream, 1);
    const state = JSON.parse(end!.data);
    expect([end!.id, state.view.result.winner, state.record.format]).toEqual(['1', 1, 'puzzlemill/numbridge-record']);
    expect(await stream.next()).toBeNull();
    const after = await fetch(`${base}/tables/${id}/events?ticket=${ticket}`, { headers: { 'last-event-id': '1' } });
    expect(after.status).toBe(204);
    // the browser's reconnect after the end, its ticket long expired: still the 204 that stops it
    h.tick(120_000);
    expect((await fetch(`${base}/tables/${id}/events?ticket=${ticket}`, { headers: { 'last-event-id': '1' } })).status).toBe(204);
    expect((await fetch(`${base}/tables/${id}/events?ticket=${ticket}`, { headers: { 'last-event-id': '0' } })).status).toBe(401);
  });

  it('catches a seat up on a long game from its start (a backlog over a megabyte), in one stream', async () => {
    const { id, tokens } = await newTable(h.app, { variant: 'bridge', board: { size: 9 }, room: { turnSeconds: 3600, gameSeconds: 86400 } });
    const moves = 800;
    for (let k = 0; k < moves; k++) expect((await sendMove(h.app, id, tokens[k % 2]!, { kind: 'swap' })).statusCode).toBe(200);
    const stream = await openSse(`${base}/tables/${id}/events?ticket=${await ticketOf(id, tokens[0])}`, { 'last-event-id': '0' });
    const events = await take(stream, moves);
    expect(events.map((e) => Number(e.id))).toEqual(Array.from({ length: moves }, (_, i) => i + 1));
    expect(events.reduce((bytes, e) => bytes + e.data.length, 0)).toBeGreaterThan(1 << 20);
    stream.close();
  });
});

describe('open streams', () => {
  it(`are at most ${MAX_STREAMS_PER_SEAT} per seat of a table; a closed one frees its place`, async () => {
    const { id, tokens } = await newTable(h.app);
    const ticket = await ticketOf(id, tokens[0]);
    const streams = await Promise.all(Array.from({ length: MAX_STREAMS_PER_SEAT }, () => openSse(`${base}/tables/${id}/events?ticket=${ticket}`)));
    for (const s of streams) expect((await take(s, 1))[0]!.id).toBe('0');
    const refused = await fetch(`${base}/tables/${id}/events?ticket=${ticket}`);
    expect([refused.status, await refused.json()]).toEqual([429, { error: `seat 1 of table ${id} already has ${MAX_STREAMS_PER_SEAT} open event streams: close one first` }]);
    const otherSeat = await openSse(`${base}/tables/${id}/events?ticket=${await ticketOf(id, tokens[1])}`);
    expect(otherSeat.status).toBe(200);
    streams.pop()!.close();
    let again = await openSse(`${base}/tables/${id}/events?ticket=${ticket}`);
    for (let tries = 0; again.status === 429 && tries < 50; tries++) {
      again.close();
      await new Promise((done) => setTimeout(done, 20)); // the server notices the closed socket
      again = await openSse(`${base}/tables/${id}/events?ticket=${ticket}`);
    }
    expect(again.status).toBe(200);
    for (const s of [...streams, otherSeat, again]) s.close();
  });
});

describe('the server\'s clock', () => {
  it('writes and pushes a lapse when the turn runs out, with no request; a restarted server arms the clocks again', async () => {
    const file = join(scratch, 'clock.db');
    // the real clock here: the timers are real
    const realClock = (harness: TablesHarness) => {
      Object.defineProperty(harness.clock, 'now', { get: () => Date.now() });
      return harness;
    };
    const first = realClock(await tablesApp({ file, seed: 'clock', start: Date.now() }));
    const url = await first.app.listen({ port: 0, host: '127.0.0.1' });
    const { id, tokens } = await newTable(first.app, { variant: 'bridge', board: { size: 4 }, room: { turnSeconds: 5 } });
    const dealtAt = (await first.app.inject({ url: `/tables/${id}`, headers: bearer(tokens[0]) })).json().clock.turnStartedAt;
    const ticket = (await first.app.inject({ method: 'POST', url: `/tables/${id}/tickets`, headers: bearer(tokens[1]) })).json().ticket;
    const stream = await openSse(`${url}/tables/${id}/events?ticket=${ticket}`);
    expect((await stream.next())!.event).toBe('clock');
    expect((await stream.next())!.id).toBe('0');
    const lapse = await stream.next(9000);
    const state = JSON.parse(lapse!.data);
    expect([lapse!.id, state.moves[0].kind, state.moves[0].player, state.clock.now]).toEqual(['1', 'timeout', 1, dealtAt + 5000]);
    stream.close();
    await first.close();

    // a new server on the same database, and no request at all: its own timer writes seat 2's lapse
    const second = realClock(await tablesApp({ file, seed: 'clock', start: Date.now() }));
    const kinds = () => storedLog(second.db, id).map((m) => JSON.parse(m.entry).kind);
    for (let waited = 0; kinds().length < 2 && waited < 9000; waited += 100) await new Promise((done) => setTimeout(done, 100));
    expect(kinds()).toEqual(['timeout', 'timeout']);
    await second.close();
  }, 25_000);
});
