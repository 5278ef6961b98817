/**
 * `npm run bench -- serve-faults`: faults under load on PostgreSQL (issue 28). Two real `puzzlemill
 * serve` processes (dist/) on one throwaway PostgreSQL (test/helpers/postgres.ts: fsync off,
 * commits synchronous — a stop with `-m immediate` keeps every committed move), loopback. Clients
 * play Blitz tables without pause, each move through the next live instance in turn; halfway
 * through the first phase instance A is killed with SIGKILL (requests in flight to it are cut
 * off), later PostgreSQL is stopped for a few seconds (immediate mode) and started again. A client
 * whose request fails — a cut connection, a 503 — sends the same move again with the same
 * idempotency key until it is answered, as a client should. At the end the database is read:
 * every acknowledged move must be there exactly once (by its key) and no move may be there that
 * was not sent. The test (serve-postgres.cli.test.ts) covers these cases one move at a time; this
 * is the same under concurrent load, counted.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { NumbridgeDealFile, NumbridgeView } from '../src/games/numbridge/schema.ts';
import { startPostgres } from '../test/helpers/postgres.ts';
import { freeGivenTake, rightPlacement } from '../test/server/tables-helper.ts';
import { buildCompiled, table } from './results.ts';
import { listening } from './serve-events.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BIN = join(ROOT, 'dist/cli/puzzlemill.js');
/** Clients playing at once, each one table at a time (a new one dealt when a game ends). */
const CLIENTS = 8;
/** The timeline, in ms from the start of play. */
const KILL_A_AT = 8_000;
const STOP_POSTGRES_AT = 14_000;
const POSTGRES_DOWN_MS = 4_000;
const END_AT = 25_000;
/** A failed request is sent again after this. */
const RETRY_MS = 100;

const json = { 'content-type': 'application/json' };

interface Counts {
  sent: number;
  acknowledged: number;
  unavailable503: number;
  cutOff: number;
  otherAnswers: number;
}

type Phase = 'both instances' | 'A killed, B serving' | 'PostgreSQL down' | 'PostgreSQL back';
const PHASES: Phase[] = ['both instances', 'A killed, B serving', 'PostgreSQL down', 'PostgreSQL back'];

export async function run(): Promise<string> {
  buildCompiled();
  const postgres = await startPostgres();
  const dir = mkdtempSync(join(tmpdir(), 'pm-bench-faults-'));
  const servers: ChildProcess[] = [];
  try {
    const url = await postgres.database('faults');
    const corpus = join(dir, 'corpus');
    const made = spawnSync(process.execPath, [BIN, 'generate', 'numbridge', '--size', '4', '--count', '1', '--seed', 'bench', '-q', '--out', corpus]);
    if (made.status !== 0) throw new Error(`bench serve-faults: generate: ${made.stderr}`);
    const args = ['serve', '--port', '0', '--corpus', corpus, '--deal-rate', '0', '--pool-per-address', '0', '--connections-per-address', '0'];
    for (let i = 0; i < 2; i++) servers.push(spawn(process.execPath, [BIN, ...args], { cwd: dir, env: { ...process.env, DATABASE_URL: url }, stdio: ['ignore', 'ignore', 'pipe'] }));
    const [a, b] = await Promise.all(servers.map((s, i) => listening(s, `instance ${'AB'[i]}`)));
    const live = [a!, b!];
    const db = new pg.Pool({ connectionString: url, max: 2 });
    db.on('error', () => undefined);

    const byPhase = new Map<Phase, Counts>(PHASES.map((p) => [p, { sent: 0, acknowledged: 0, unavailable503: 0, cutOff: 0, otherAnswers: 0 }]));
    let phase: Phase = 'both instances';
    const count = (key: keyof Counts) => byPhase.get(phase)![key]++;
    const acknowledged = new Map<string, string>(); // "table key" → the answer's text
    const sentKeys = new Set<string>();
    const answers503 = new Set<string>();
    const otherAnswers = new Set<string>();
    let turn = 0;
    let replayed = 0;
    let stopping = false;
    const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

    /** One request (a move request counted as sent), sent again (through the next live instance) until it is answered other than by a 503 or a cut connection. */
    const request = async (path: string, init: RequestInit, counted: boolean): Promise<{ status: number; text: string; replayed: boolean }> => {
      for (;;) {
        const base = live[turn++ % live.length]!;
        if (counted) count('sent');
        try {
          const r = await fetch(base + path, { ...init, signal: AbortSignal.timeout(20_000) });
          const text = await r.text();
          if (r.status !== 503) return { status: r.status, text, replayed: r.headers.get('idempotent-replayed') === 'true' };
          count('unavailable503');
          answers503.add(text);
        } catch {
          count('cutOff');
        }
        await sleep(RETRY_MS);
      }
    };
    const solutionOf = async (id: string): Promise<number[][]> => {
      for (;;) {
        try {
          return (JSON.parse((await db.query<{ deal: string }>('SELECT deal FROM numbridge_tables WHERE id = $1', [id])).rows[0]!.deal) as NumbridgeDealFile).secret!.solution;
        } catch {
          await sleep(RETRY_MS);
        }
      }
    };

    const client = async (c: number) => {
      let moves = 0;
      while (!stopping) {
        const dealt = await request('/tables', { method: 'POST', headers: json, body: JSON.stringify({ variant: 'blitz', room: { turnSeconds: 3600, gameSeconds: 86400 } }) }, false);
        if (dealt.status !== 201) throw new Error(`bench serve-faults: POST /tables: ${dealt.status} ${dealt.text}`);
        const { id, seats } = JSON.parse(dealt.text) as { id: string; seats: Array<{ token: string }> };
        const solution = await solutionOf(id);
        const auth = (seat: number) => ({ authorization: `Bearer ${seats[seat - 1]!.token}` });
        while (!stopping) {
          const state = JSON.parse((await request(`/tables/${id}`, { headers: auth(1) }, false)).text) as { view: NumbridgeView & { result: unknown } };
          if (state.view.result) break;
          const seat = state.view.toMove;
          const view = seat === 1 ? state.view : (JSON.parse((await request(`/tables/${id}`, { headers: auth(2) }, false)).text) as { view: NumbridgeView }).view;
          const key = `c${c}-m${++moves}`;
          sentKeys.add(`${id} ${key}`);
          // sent until answered, whatever happens meanwhile: a move once sent is never abandoned
          const answer = await request(`/tables/${id}/moves`, { method: 'POST', headers: { ...json, ...auth(seat), 'idempotency-key': key }, body: JSON.stringify({ move: rightPlacement(view, solution) ?? freeGivenTake(view) }) }, true);
          if (answer.status === 200) {
            count('acknowledged');
            acknowledged.set(`${id} ${key}`, answer.text);
            // a resend answered with the stored verdict: the first attempt was applied, its answer lost
            if (answer.replayed) replayed++;
          } else {
            count('otherAnswers');
            otherAnswers.add(`${answer.status} ${answer.text}`);
          }
        }
      }
    };

    const t0 = performance.now();
    const clients = Array.from({ length: CLIENTS }, (_, c) => client(c));
    const at = (ms: number) => sleep(Math.max(0, ms - (performance.now() - t0)));
    await at(KILL_A_AT);
    servers[0]!.kill('SIGKILL');
    live.splice(live.indexOf(a!), 1);
    phase = 'A killed, B serving';
    await at(STOP_POSTGRES_AT);
    postgres.stopServer();
    phase = 'PostgreSQL down';
    const downAt = performance.now();
    await at(STOP_POSTGRES_AT + POSTGRES_DOWN_MS);
    postgres.startServer();
    const downMs = performance.now() - downAt;
    phase = 'PostgreSQL back';
    await at(END_AT);
    stopping = true;
    await Promise.all(clients);
    const seconds = (performance.now() - t0) / 1000;

    // the database's account: each acknowledged key once, nothing that was never sent
    const rows = (await db.query<{ table_id: string; idempotency_key: string; n: string }>('SELECT table_id, idempotency_key, count(*) AS n FROM numbridge_table_moves WHERE seat IS NOT NULL GROUP BY table_id, idempotency_key')).rows;
    await db.end();
    const stored = new Map(rows.map((r) => [`${r.table_id} ${r.idempotency_key}`, Number(r.n)]));
    const lost = [...acknowledged.keys()].filter((k) => !stored.has(k)).length;
    const doubled = [...stored.values()].filter((n) => n > 1).length;
    const neverSent = [...stored.keys()].filter((k) => !sentKeys.has(k)).length;
    const storedMoves = [...stored.values()].reduce((s, n) => s + n, 0);
    const total = (key: keyof Counts) => PHASES.reduce((s, p) => s + byPhase.get(p)![key], 0);
    const row = (name: string, c: Counts) => [name, c.sent, c.acknowledged, c.unavailable503, c.cutOff, c.otherAnswers];
    return [
      '## Faults under load on PostgreSQL (`bench/serve-faults.ts`)',
      '',
      `\`npm run bench -- serve-faults\`: two \`puzzlemill serve\` processes (dist/) on one throwaway PostgreSQL (test/helpers/postgres.ts: fsync off, synchronous commits), loopback, nothing pinned. ${CLIENTS} clients play Blitz 6×6 tables without pause for ${seconds.toFixed(1)} s, each request through the next live instance in turn (round robin over A and B, then B alone), every move with an idempotency key. At ${KILL_A_AT / 1000} s instance A is killed with SIGKILL (requests in flight to it are cut off); at ${STOP_POSTGRES_AT / 1000} s PostgreSQL is stopped (\`pg_ctl -m immediate\`) and started again ${(downMs / 1000).toFixed(1)} s later. A move whose request is cut off or answered 503 is sent again with the same key (after ${RETRY_MS} ms, through the next live instance) until it is answered; rows count move requests when sent and acknowledgements when answered (a resend is a request), and the 503s and cut connections of every request (the views read before each move, the deals, the moves). Load average at the end: ${loadavg().map((l) => l.toFixed(1)).join(' / ')}.`,
      '',
      table(['phase', 'move requests', 'moves acknowledged (200)', '503 answers (any request)', 'cut off (any request)', 'other answers to moves'], [...PHASES.map((p) => row(p, byPhase.get(p)!)), row('**all**', { sent: total('sent'), acknowledged: total('acknowledged'), unavailable503: total('unavailable503'), cutOff: total('cutOff'), otherAnswers: total('otherAnswers') })]),
      '',
      `In the database after: ${storedMoves} player moves for ${acknowledged.size} acknowledged; **lost** (acknowledged, not stored): ${lost}; **doubled** (one key stored twice): ${doubled}; stored but never sent: ${neverSent}; resends answered with the stored verdict (\`Idempotent-Replayed\`: applied once, the first answer lost): ${replayed}. The 503 answers were ${answers503.size === 0 ? 'none' : [...answers503].map((t) => `\`${t}\``).join(', ')}${otherAnswers.size > 0 ? `; other answers: ${[...otherAnswers].slice(0, 3).map((t) => `\`${t.slice(0, 120)}\``).join(', ')}` : ''}.`,
    ].join('\n');
  } finally {
    for (const s of servers) {
      if (s.exitCode !== null || s.signalCode !== null) continue;
      s.kill('SIGTERM');
      await new Promise((done) => s.once('exit', done));
    }
    postgres.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
