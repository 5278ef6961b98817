/**
 * `npm run bench -- serve`: the HTTP API under load, "on one core" as issue 14 asks. The server
 * is the real `puzzlemill serve` (the compiled dist/), its own process pinned to core 0 with
 * taskset; autocannon runs here, pinned to core 1, so load generation does not share the
 * server's core. A real daily set in a WAL SQLite file (synchronous FULL), loopback, a few
 * seconds per row; checks run with `--check-rate 0` (the limit would answer 429s) and no cap on
 * connections or deals per address (every client is loopback). Goals:
 * ≥ 5,000 req/s for the daily set, ≥ 1,000 req/s for checks, p99 < 20 ms.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon, { type Result } from 'autocannon';
import type { NumbridgeBoardFile } from '../src/numbridge-board/schema.ts';
import { makeDaily, today } from '../src/pipeline/daily.ts';
import { table } from './results.ts';
import { listening, liveTables, plainTarget, puzzlemillTarget, startPlain } from './serve-events.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BIN = join(ROOT, 'dist/cli/puzzlemill.js');
const SECONDS = 4;
const CONNECTIONS = 10;
/** Tables dealt before the move row: each takes exactly one real first move. */
const TABLES = 300;

interface Scenario {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
  goal?: string;
  /** The answer every request must get (default any 2xx): the revalidation row expects a 304. */
  status?: number;
}

export async function run(): Promise<string> {
  const pinned = availableParallelism() >= 2 && spawnSync('taskset', ['-V']).status === 0;
  if (pinned) spawnSync('taskset', ['-a', '-cp', '1', String(process.pid)], { stdio: 'ignore' });
  const build = spawnSync('npx', ['tsc', '-p', 'tsconfig.build.json'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0 || !existsSync(BIN)) throw new Error('bench serve: building dist/ failed');

  const dir = mkdtempSync(join(tmpdir(), 'pm-bench-serve-'));
  const date = today();
  const daily = await makeDaily({ date, root: join(dir, 'daily'), key: Buffer.from('the serve benchmark key, 32 characters at least') });
  const serveArgs = ['serve', '--port', '0', '--db', join(dir, 'server.db'), '--corpus', join(dir, 'daily'), '--check-rate', '0', '--connections-per-address', '0', '--deal-rate', '0'];
  const command = pinned ? ['taskset', ['-c', '0', process.execPath, BIN, ...serveArgs]] as const : [process.execPath, [BIN, ...serveArgs]] as const;
  const server = spawn(command[0], [...command[1]], { stdio: ['ignore', 'ignore', 'pipe'] });
  try {
    const url = await listening(server, 'the server');
    const entry = daily.index.puzzles.find((p) => p.slot === 'numbridge-9-regular')!;
    const murder = daily.index.puzzles.find((p) => p.slot === 'murder-6')!;
    const board = JSON.parse(readFileSync(join(dir, 'daily', 'secret', date, 'numbridge-9-regular.json'), 'utf8')) as NumbridgeBoardFile;
    const tables = await dealTables(url, TABLES);
    const seat1 = (i: number) => ({ authorization: `Bearer ${tables[i]!.token}` });
    const json = { 'content-type': 'application/json' };
    // table 0's first move, made once: the retry row below answers its stored verdict
    const first = await fetch(`${url}/tables/${tables[0]!.id}/moves`, { method: 'POST', headers: { ...json, ...seat1(0), 'idempotency-key': 'first' }, body: JSON.stringify({ move: tables[0]!.move }) });
    if (first.status !== 200) throw new Error(`bench serve: the first move was answered ${first.status}: ${await first.text()}`);
    const dailyEtag = (await fetch(`${url}/daily/${date}`)).headers.get('etag')!;
    const scenarios: Scenario[] = [
      { name: `GET /daily/${date}`, method: 'GET', path: `/daily/${date}`, goal: '≥ 5,000 req/s' },
      { name: `GET /daily/${date}, If-None-Match its ETag (304)`, method: 'GET', path: `/daily/${date}`, headers: { 'if-none-match': dailyEtag }, status: 304 },
      { name: `GET /daily/${date}, Accept-Encoding: br`, method: 'GET', path: `/daily/${date}`, headers: { 'accept-encoding': 'br' } },
      { name: 'POST /puzzles/:id/check (one cell, Numbridge 9×9)', method: 'POST', path: `/puzzles/${entry.id}/check`, body: { cells: [{ row: 4, column: 4, digit: 5 }] }, goal: '≥ 1,000 req/s' },
      { name: 'POST /puzzles/:id/check (full grid)', method: 'POST', path: `/puzzles/${entry.id}/check`, body: { grid: board.secret!.solution }, goal: '≥ 1,000 req/s' },
      { name: 'POST /puzzles/:id/hint (Numbridge 9×9, from the givens)', method: 'POST', path: `/puzzles/${entry.id}/hint`, body: { cells: [] } },
      { name: 'POST /puzzles/:id/hint (Murder 6×6, nobody placed)', method: 'POST', path: `/puzzles/${murder.id}/hint`, body: { positions: {} } },
      { name: 'GET /puzzles/:id', method: 'GET', path: `/puzzles/${entry.id}` },
      { name: 'GET /tables/:id (seat 1, Blitz)', method: 'GET', path: `/tables/${tables[0]!.id}`, headers: seat1(0) },
      { name: 'POST /tables/:id/moves (a retry: the stored verdict)', method: 'POST', path: `/tables/${tables[0]!.id}/moves`, body: { move: tables[0]!.move }, headers: { ...seat1(0), 'idempotency-key': 'first' } },
    ];
    const rows: Array<Array<string | number>> = [];
    for (const s of scenarios) {
      const result = await autocannon({
        url: `${url}${s.path}`,
        method: s.method,
        connections: CONNECTIONS,
        duration: SECONDS,
        headers: { ...(s.body !== undefined ? json : {}), ...s.headers },
        ...(s.body !== undefined ? { body: JSON.stringify(s.body) } : {}),
      });
      rows.push(row(s.name, result, s.goal, s.status));
    }
    // real moves: seat 1's first tile on each of the other tables, one request each (a judged
    // move, appended and fsynced before the answer), CONNECTIONS at a time. Timed here rather
    // than by autocannon: a run this short ends on autocannon's one-second sampling tick.
    rows.push(await realMoves(url, tables.slice(1), json));
    // live tables: 1,000 event streams, then the same harness against plain Fastify
    const live = [await liveTables(puzzlemillTarget(url, join(dir, 'server.db')))];
    const dailyBytes = join(dir, 'daily.json');
    writeFileSync(dailyBytes, Buffer.from(await (await fetch(`${url}/daily/${date}`)).arrayBuffer()));
    const plain = await startPlain(live[0]!.bytesPerEvent, pinned ? ['taskset', '-c', '0'] : [], dailyBytes);
    try {
      // the same daily set's bytes from plain Fastify, the same load: what the API's layers cost
      const baseline = await autocannon({ url: `${plain.url}/daily`, method: 'GET', connections: CONNECTIONS, duration: SECONDS });
      rows.splice(1, 0, row(`baseline: the same bytes from plain Fastify (bench/plain-sse-server.mjs)`, baseline));
      live.push(await liveTables(plainTarget(plain.url)));
    } finally {
      await plain.stop();
    }
    return [
      '## HTTP API (`puzzlemill serve`)',
      '',
      pinned
        ? `\`npm run bench -- serve\`: the server as its own process pinned to one core (\`taskset -c 0 node dist/cli/puzzlemill.js serve --db FILE --corpus DIR --check-rate 0 --connections-per-address 0 --deal-rate 0\`: every client is loopback), autocannon in the bench process pinned to the other (\`taskset -a -cp 1\`), ${CONNECTIONS} connections, ${SECONDS} s per row, loopback; a real daily set in a WAL SQLite file (synchronous FULL). The last row sends ${TABLES - 1} real first moves, one per table (each judged, appended and fsynced), ${CONNECTIONS} at a time, timed by the bench itself (fetch). Latencies in ms.`
        : `The server as its own process (taskset or a second core missing here: not pinned), autocannon in the bench process, ${CONNECTIONS} connections, ${SECONDS} s per row. Latencies in ms.`,
      '',
      table(['endpoint', 'req/s', 'p50', 'p99', 'errors', 'goal'], rows),
      '',
      `Live tables: ${live[0]!.streams} open event streams (${live[0]!.streams / 50} on each of 50 Blitz tables, half per seat), the tables played as a browser plays them — each move sent when the event of the last one reaches the seat to move, the 50 tables side by side, at most 30 moves each. Counted at the clients: events delivered per second over all streams, and the delay from sending a move to each stream's event of it (ms). The baseline is plain Fastify with the same routes and nothing behind them (\`bench/plain-sse-server.mjs\`: events of the same size, no tokens, referee, database or views), pinned the same way.`,
      '',
      table(
        ['server', 'streams', 'moves', 'events', 'events/s', 'move → event p50', 'p99', 'bytes/event', 'missing'],
        live.map((r) => [r.name, r.streams, r.moves, r.events.toLocaleString('en-US'), r.eventsPerSecond.toLocaleString('en-US'), r.p50, r.p99, r.bytesPerEvent, r.missing]),
      ),
      '',
      `Load average when the rows ended: ${loadavg().map((l) => l.toFixed(2)).join(', ')} (a shared machine shows it here).`,
    ].join('\n');
  } finally {
    server.kill('SIGTERM');
    await new Promise((done) => server.once('exit', done));
    rmSync(dir, { recursive: true, force: true });
  }
}

function row(name: string, r: Result, goal?: string, status?: number): Array<string | number> {
  // autocannon counts a 304 as non-2xx: a row that expects one counts every other answer instead
  const wrong = status === 304 ? r['2xx'] + r['4xx'] + r['5xx'] : r.non2xx;
  return [name, Math.round(r.requests.average).toLocaleString('en-US'), r.latency.p50, r.latency.p99, r.errors + wrong, goal ?? '—'];
}

async function realMoves(url: string, tables: DealtTable[], json: Record<string, string>): Promise<Array<string | number>> {
  const latencies: number[] = [];
  let next = 0;
  let failed = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (next < tables.length) {
        const t = tables[next++]!;
        const sent = performance.now();
        const r = await fetch(`${url}/tables/${t.id}/moves`, { method: 'POST', headers: { ...json, authorization: `Bearer ${t.token}`, 'idempotency-key': 'first' }, body: JSON.stringify({ move: t.move }) });
        await r.arrayBuffer();
        latencies.push(performance.now() - sent);
        if (r.status !== 200) failed++;
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!);
  return [`POST /tables/:id/moves (a real first move, ${tables.length} tables)`, Math.round(tables.length / seconds).toLocaleString('en-US'), at(0.5), at(0.99), failed, '—'];
}

interface DealtTable {
  id: string;
  token: string;
  move: { kind: 'place'; cell: [number, number]; tile: number };
}

/** Blitz tables (the longest clocks: no turn lapses while the other rows run), each with seat 1's first move ready (its first tile on the first empty cell, as the README does). */
async function dealTables(url: string, count: number): Promise<DealtTable[]> {
  const tables: DealtTable[] = [];
  for (let i = 0; i < count; i++) {
    const created = (await (await fetch(`${url}/tables`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ variant: 'blitz', room: { turnSeconds: 3600, gameSeconds: 86400 } }) })).json()) as { id: string; seats: Array<{ token: string }> };
    const token = created.seats[0]!.token;
    const { view } = (await (await fetch(`${url}/tables/${created.id}`, { headers: { authorization: `Bearer ${token}` } })).json()) as { view: { digits: number[][]; hand: number[] } };
    const r = view.digits.findIndex((line) => line.includes(0));
    tables.push({ id: created.id, token, move: { kind: 'place', cell: [r, view.digits[r]!.indexOf(0)], tile: view.hand[0]! } });
  }
  return tables;
}
