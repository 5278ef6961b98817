/**
 * `bench serve`'s live-tables rows: 1,000 open event streams (20 on each of 50 Blitz tables,
 * 10 per seat) while the tables are played as a browser plays them — each table's next move is
 * sent when the event of the last one reaches the seat to move (so the moves of 50 tables run
 * side by side, each table one at a time). Counted at the clients: events delivered per second
 * over all streams, and the delay from sending a move to each stream's event of it (p50, p99).
 * Every stream must get every move's event exactly once.
 *
 * The same harness then runs against plain Fastify (bench/plain-sse-server.mjs: the routes with
 * nothing behind them, events of the same size): the transport's ceiling on this machine.
 */
import Database from 'better-sqlite3';
import { spawn, type ChildProcess } from 'node:child_process';
import { Agent, request } from 'node:http';
import type { NumbridgeDealFile, NumbridgeView } from '../src/games/numbridge/schema.ts';
import { freeGivenTake, rightPlacement } from '../test/server/tables-helper.ts';

const TABLES = 50;
const STREAMS_PER_SEAT = 10;
/** Moves per table at most (a 6×6 Blitz game is over sooner or later; the baseline ends here). */
const MOVES = 30;

interface Target {
  name: string;
  url: string;
  /** A table's id and, per seat, the query that opens a stream (a ticket; nothing for the baseline). */
  table(): Promise<{ id: string; open: [string, string]; move: (seat: 1 | 2, view: unknown) => Promise<Response> }>;
}

export interface LiveRow {
  name: string;
  streams: number;
  moves: number;
  events: number;
  eventsPerSecond: number;
  p50: number;
  p99: number;
  bytesPerEvent: number;
  missing: number;
}

/** Puzzlemill's server at `url` (its database `dbFile`, read for the deals' solutions to choose moves). */
export function puzzlemillTarget(url: string, dbFile: string): Target {
  const json = { 'content-type': 'application/json' };
  return {
    name: 'puzzlemill serve',
    url,
    async table() {
      const dealt = await fetch(`${url}/tables`, { method: 'POST', headers: json, body: JSON.stringify({ variant: 'blitz', room: { turnSeconds: 3600, gameSeconds: 86400 } }) });
      if (dealt.status !== 201) throw new Error(`bench serve: POST /tables was answered ${dealt.status}: ${await dealt.text()}`);
      const created = (await dealt.json()) as { id: string; seats: Array<{ token: string }> };
      const db = new Database(dbFile, { readonly: true });
      const deal = JSON.parse((db.prepare('SELECT deal FROM numbridge_tables WHERE id = ?').get(created.id) as { deal: string }).deal) as NumbridgeDealFile;
      db.close();
      const solution = deal.secret!.solution;
      const tokens = created.seats.map((s) => s.token);
      const ticket = async (seat: number) => ((await (await fetch(`${url}/tables/${created.id}/tickets`, { method: 'POST', headers: { authorization: `Bearer ${tokens[seat - 1]}` } })).json()) as { ticket: string }).ticket;
      const open: [string, string] = [`/tables/${created.id}/events?ticket=${await ticket(1)}`, `/tables/${created.id}/events?ticket=${await ticket(2)}`];
      let keys = 0;
      return {
        id: created.id,
        open,
        move: (seat, view) => {
          const v = view as NumbridgeView;
          return fetch(`${url}/tables/${created.id}/moves`, {
            method: 'POST',
            headers: { ...json, authorization: `Bearer ${tokens[seat - 1]}`, 'idempotency-key': `m${++keys}` },
            body: JSON.stringify({ move: rightPlacement(v, solution) ?? freeGivenTake(v) }),
          });
        },
      };
    },
  };
}

/** The plain Fastify baseline at `url`. */
export function plainTarget(url: string): Target {
  return {
    name: 'plain Fastify (bench/plain-sse-server.mjs)',
    url,
    async table() {
      const { id } = (await (await fetch(`${url}/tables`, { method: 'POST' })).json()) as { id: string };
      const path = `/tables/${id}/events`;
      return { id, open: [path, path], move: () => fetch(`${url}/tables/${id}/moves`, { method: 'POST' }) };
    },
  };
}

/** Start the baseline server (pinned with `pin` when given; serving `dailyFile` at GET /daily) and resolve its URL. */
export async function startPlain(pad: number, pin: readonly string[], dailyFile: string): Promise<{ url: string; stop: () => Promise<void> }> {
  const script = new URL('./plain-sse-server.mjs', import.meta.url).pathname;
  const args = [...pin, process.execPath, script, '--pad', String(pad), '--moves', String(MOVES), '--daily', dailyFile];
  const child = spawn(args[0]!, args.slice(1), { stdio: ['ignore', 'ignore', 'pipe'] });
  const url = await listening(child, 'the plain SSE server');
  return {
    url,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((done) => child.once('exit', done));
    },
  };
}

/** The URL a server process prints when it listens ("… on http://… (API"); `name` says which in a failure. */
export function listening(server: ChildProcess, name: string): Promise<string> {
  let stderr = '';
  return new Promise((done, fail) => {
    server.stderr!.setEncoding('utf8');
    server.stderr!.on('data', (chunk: string) => {
      stderr += chunk;
      const m = /on (http:\/\/\S+) \(API/.exec(stderr);
      if (m) done(m[1]!);
    });
    server.once('exit', (code) => fail(new Error(`bench serve: ${name} exited with ${code}: ${stderr}`)));
  });
}

/** Open the streams, play the tables, count what arrives. */
export async function liveTables(target: Target): Promise<LiveRow> {
  const agent = new Agent({ keepAlive: false, maxSockets: Infinity });
  // one deal at a time, as the serve rows deal theirs: a burst of deals would fill the worker pool's queue (503)
  const tables: Awaited<ReturnType<Target['table']>>[] = [];
  for (let t = 0; t < TABLES; t++) tables.push(await target.table());
  const streamsPerTable = 2 * STREAMS_PER_SEAT;
  const sentAt = tables.map(() => new Map<number, number>());
  const startId: number[] = [];
  const endId: number[] = tables.map(() => -1);
  const lastId = tables.map(() => new Array<number>(streamsPerTable).fill(-1));
  const latest = tables.map(() => ['', ''] as [string, string]);
  const delays: number[] = [];
  let events = 0;
  let bytes = 0;
  let moves = 0;
  let started = false;
  let lastArrival = 0;
  let opened = 0;
  let allOpen!: () => void;
  const ready = new Promise<void>((resolve) => (allOpen = resolve));
  let ended = 0;
  let allEnded!: () => void;
  const over = new Promise<void>((resolve) => (allEnded = resolve));
  let failure: Error | null = null;

  /** A player stream's event: the seat to move answers it, as a browser would. */
  const react = (t: number, seat: 1 | 2, id: number, data: string) => {
    const state = JSON.parse(data) as { view?: NumbridgeView & { result: unknown }; toMove?: number; result?: unknown };
    const toMove = state.view?.toMove ?? state.toMove;
    const result = state.view ? state.view.result : state.result;
    if (endId[t]! >= 0) return;
    if (result || id - startId[t]! >= MOVES) {
      endId[t] = id;
      if (++ended === tables.length) allEnded();
      return;
    }
    if (toMove !== seat) return;
    sentAt[t]!.set(id + 1, performance.now());
    moves++;
    void tables[t]!.move(seat, state.view).then(async (r) => {
      if (r.status !== 200) failure ??= new Error(`a move was answered ${r.status}: ${await r.text()}`);
      else await r.arrayBuffer();
    });
  };

  const onEvent = (t: number, s: number, seat: 1 | 2, id: number, data: string) => {
    if (id <= lastId[t]![s]!) failure ??= new Error(`stream ${t}/${s}: event ${id} after ${lastId[t]![s]}`);
    lastId[t]![s] = id;
    if (s < 2) latest[t]![s] = data;
    if (!started) return;
    events++;
    bytes += data.length;
    lastArrival = performance.now();
    // a skip right after a move has no send time of its own: it is timed from that move
    let sent: number | undefined;
    for (let k = id; k > startId[t]! && sent === undefined; k--) sent = sentAt[t]!.get(k);
    if (sent !== undefined) delays.push(lastArrival - sent);
    if (s < 2) react(t, seat, id, data);
  };

  const requests = tables.flatMap((table, t) =>
    Array.from({ length: streamsPerTable }, (_, s) => {
      const seat = ((s % 2) + 1) as 1 | 2;
      const req = request(`${target.url}${table.open[seat - 1]}`, { agent, headers: { accept: 'text/event-stream' } }, (response) => {
        response.setEncoding('utf8');
        let buffer = '';
        let first = true;
        response.on('data', (chunk: string) => {
          buffer += chunk;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const id = /^id: (\d+)$/m.exec(block);
            if (!id) continue;
            onEvent(t, s, seat, Number(id[1]), block.slice(block.indexOf('data: ') + 6));
            if (first) {
              first = false;
              if (++opened === tables.length * streamsPerTable) allOpen();
            }
          }
        });
      });
      req.on('error', (e) => void (failure ??= e));
      req.end();
      return req;
    }),
  );
  await ready;
  // every stream is open with its first event: seat 1 of each table answers the start
  started = true;
  const t0 = performance.now();
  tables.forEach((_, t) => {
    startId[t] = lastId[t]![0]!;
    react(t, 1, startId[t]!, latest[t]![0]);
  });
  await over;
  // the last events still on their way to the other streams
  const expected = tables.reduce((sum, _, t) => sum + (endId[t]! - startId[t]!) * streamsPerTable, 0);
  for (let waited = 0; events < expected && waited < 5000; waited += 20) await new Promise((done) => setTimeout(done, 20));
  for (const req of requests) req.destroy();
  agent.destroy();
  if (failure) throw failure;
  delays.sort((a, b) => a - b);
  const at = (q: number) => Math.round(delays[Math.min(delays.length - 1, Math.floor(q * delays.length))]! * 10) / 10;
  return {
    name: target.name,
    streams: tables.length * streamsPerTable,
    moves,
    events,
    eventsPerSecond: Math.round(events / ((lastArrival - t0) / 1000)),
    p50: at(0.5),
    p99: at(0.99),
    bytesPerEvent: Math.round(bytes / Math.max(1, events)),
    missing: expected - events,
  };
}
