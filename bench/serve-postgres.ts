/**
 * `npm run bench -- serve-postgres`: how long a move made through one instance takes to reach a
 * seat's event stream on another (issue 28: "events across instances"). Two real `puzzlemill
 * serve` processes (the compiled dist/) on one throwaway PostgreSQL (Debian's server, as the tests
 * start it: test/helpers/postgres.ts — fsync off, commits synchronous), loopback. Blitz tables are
 * played one move at a time through instance B, each move sent once the last one's event has
 * reached both streams of seat 1: one on A (the move crosses instances: B's commit, its NOTIFY,
 * A's LISTEN connection, A reading the log) and one on B itself (the same move, no crossing).
 * Timed at the client from sending the move: its answer, the event on B, the event on A.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { NumbridgeDealFile, NumbridgeView } from '../src/games/numbridge/schema.ts';
import { startPostgres } from '../test/helpers/postgres.ts';
import { freeGivenTake, rightPlacement } from '../test/server/tables-helper.ts';
import { openSse, type SseStream } from '../test/server/sse-client.ts';
import { buildCompiled, table } from './results.ts';
import { listening } from './serve-events.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BIN = join(ROOT, 'dist/cli/puzzlemill.js');
/** Moves timed (tables are dealt as games end). */
const MOVES = 200;
/** Moves first, untimed: connections made, code paths warm. */
const WARMUP = 20;

const json = { 'content-type': 'application/json' };

function percentile(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
}

const ms = (v: number) => v.toFixed(1);

export async function run(): Promise<string> {
  buildCompiled();
  const postgres = await startPostgres();
  const dir = mkdtempSync(join(tmpdir(), 'pm-bench-pg-'));
  const servers: ReturnType<typeof spawn>[] = [];
  try {
    const url = await postgres.database('bench');
    const corpus = join(dir, 'corpus');
    const made = spawnSync(process.execPath, [BIN, 'generate', 'numbridge', '--size', '4', '--count', '1', '--seed', 'bench', '-q', '--out', corpus]);
    if (made.status !== 0) throw new Error(`bench serve-postgres: generate: ${made.stderr}`);
    const args = ['serve', '--port', '0', '--corpus', corpus, '--deal-rate', '0', '--connections-per-address', '0'];
    for (let i = 0; i < 2; i++) servers.push(spawn(process.execPath, [BIN, ...args], { cwd: dir, env: { ...process.env, DATABASE_URL: url }, stdio: ['ignore', 'ignore', 'pipe'] }));
    const [a, b] = await Promise.all(servers.map((s, i) => listening(s, `instance ${'AB'[i]}`)));
    const db = new pg.Client({ connectionString: url });
    await db.connect();

    const answer: number[] = [];
    const onB: number[] = [];
    const onA: number[] = [];
    let moves = 0;
    let tables = 0;
    try {
      while (moves < WARMUP + MOVES) {
        const dealt = await fetch(`${b}/tables`, { method: 'POST', headers: json, body: JSON.stringify({ variant: 'blitz', room: { turnSeconds: 3600, gameSeconds: 86400 } }) });
        if (dealt.status !== 201) throw new Error(`bench serve-postgres: POST /tables: ${dealt.status} ${await dealt.text()}`);
        const { id, seats } = (await dealt.json()) as { id: string; seats: Array<{ token: string }> };
        tables++;
        const deal = JSON.parse((await db.query<{ deal: string }>('SELECT deal FROM numbridge_tables WHERE id = $1', [id])).rows[0]!.deal) as NumbridgeDealFile;
        const auth = (seat: number) => ({ authorization: `Bearer ${seats[seat - 1]!.token}` });
        const stream = async (base: string) => {
          const ticket = ((await (await fetch(`${base}/tables/${id}/tickets`, { method: 'POST', headers: auth(1) })).json()) as { ticket: string }).ticket;
          const s = await openSse(`${base}/tables/${id}/events?ticket=${ticket}`);
          await s.next(); // the clock
          await s.next(); // the state now
          return s;
        };
        const streams: [SseStream, SseStream] = [await stream(a), await stream(b)];
        try {
          for (;;) {
            const state = (await (await fetch(`${b}/tables/${id}`, { headers: auth(1) })).json()) as { view: NumbridgeView & { result: unknown }; moveCount: number };
            if (state.view.result || moves >= WARMUP + MOVES) break;
            const seat = state.view.toMove;
            const view = seat === 1 ? state.view : ((await (await fetch(`${b}/tables/${id}`, { headers: auth(2) })).json()) as { view: NumbridgeView }).view;
            const number = state.moveCount + 1;
            const sent = performance.now();
            const arrival = (s: SseStream) =>
              (async () => {
                // skips the server adds after a move come as events of their own: wait for this move's
                for (;;) {
                  const e = await s.next(10_000);
                  if (e === null) throw new Error('bench serve-postgres: a stream ended');
                  if (e.id !== null && Number(e.id) >= number) return performance.now() - sent;
                }
              })();
            const [answered, fromB, fromA] = await Promise.all([
              fetch(`${b}/tables/${id}/moves`, { method: 'POST', headers: { ...json, ...auth(seat), 'idempotency-key': `m${number}` }, body: JSON.stringify({ move: rightPlacement(view, deal.secret!.solution) ?? freeGivenTake(view) }) }).then(async (r) => {
                if (r.status !== 200) throw new Error(`bench serve-postgres: a move: ${r.status} ${await r.text()}`);
                await r.arrayBuffer();
                return performance.now() - sent;
              }),
              arrival(streams[1]),
              arrival(streams[0]),
            ]);
            if (++moves > WARMUP) {
              answer.push(answered);
              onB.push(fromB);
              onA.push(fromA);
            }
          }
        } finally {
          for (const s of streams) s.close();
        }
      }
    } finally {
      await db.end();
    }
    const row = (name: string, v: number[]) => [name, ms(percentile(v, 50)), ms(percentile(v, 90)), ms(percentile(v, 99)), ms(Math.max(...v))];
    return [
      '## Events across instances on PostgreSQL (`bench/serve-postgres.ts`)',
      '',
      `\`npm run bench -- serve-postgres\`: two \`puzzlemill serve\` processes (dist/) on one throwaway PostgreSQL (test/helpers/postgres.ts: fsync off, synchronous commits), loopback, nothing pinned. ${MOVES} moves (after ${WARMUP} untimed) on ${tables} Blitz 6×6 tables, one at a time, all sent through instance B; seat 1 follows each table on a stream at A and one at B. Times from sending the move, at the client, in ms. Load average at the end: ${loadavg().map((l) => l.toFixed(1)).join(' / ')}.`,
      '',
      table(['what', 'p50', 'p90', 'p99', 'max'], [row('the move answered (B)', answer), row('its event on a stream at B (same instance)', onB), row('its event on a stream at A (across instances: NOTIFY → LISTEN → read)', onA)]),
    ].join('\n');
  } finally {
    for (const s of servers) {
      s.kill('SIGTERM');
      await new Promise((done) => s.once('exit', done));
    }
    postgres.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
