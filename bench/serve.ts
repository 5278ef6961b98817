/**
 * `npm run bench -- serve`: the HTTP API under load, "on one core" as issue 14 asks. The server
 * is the real `puzzlemill serve` (the compiled dist/), its own process pinned to core 0 with
 * taskset; autocannon runs here, pinned to core 1, so load generation does not share the
 * server's core. A real daily set in a WAL SQLite file (synchronous FULL), loopback, a few
 * seconds per row; checks run with `--check-rate 0` (the limit would answer 429s) and no cap on
 * connections or deals per address (every client is loopback). Goals:
 * ≥ 5,000 req/s for the daily set, ≥ 1,000 req/s for checks, p99 < 20 ms.
 *
 * Then the same rows on PostgreSQL (issue 28): one instance on a throwaway PostgreSQL (Debian's
 * server, as the tests start it: test/helpers/postgres.ts — fsync off, commits synchronous), then
 * two instances on that one database with the load split evenly between them (half the
 * connections to each; the table rows' tables alternate), and the ratio of the two. PostgreSQL is
 * started before this process pins itself, so it may use both cores.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon, { type Result } from 'autocannon';
import type { NumbridgeBoardFile } from '../src/numbridge-board/schema.ts';
import { makeDaily, today } from '../src/pipeline/daily.ts';
import { startPostgres } from '../test/helpers/postgres.ts';
import { buildCompiled, table } from './results.ts';
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
  buildCompiled();
  // before pinning this process: its children inherit its core, and PostgreSQL may use both
  const postgres = await startPostgres();
  const pinned = availableParallelism() >= 2 && spawnSync('taskset', ['-V']).status === 0;
  if (pinned) spawnSync('taskset', ['-a', '-cp', '1', String(process.pid)], { stdio: 'ignore' });

  const dir = mkdtempSync(join(tmpdir(), 'pm-bench-serve-'));
  const servers: ChildProcess[] = [];
  const startServe = (db: string, core: number) => {
    const serveArgs = ['serve', '--port', '0', '--db', db, '--corpus', join(dir, 'daily'), '--check-rate', '0', '--connections-per-address', '0', '--deal-rate', '0'];
    const command = pinned ? (['taskset', ['-c', String(core), process.execPath, BIN, ...serveArgs]] as const) : ([process.execPath, [BIN, ...serveArgs]] as const);
    const server = spawn(command[0], [...command[1]], { stdio: ['ignore', 'ignore', 'pipe'] });
    servers.push(server);
    return server;
  };
  const stopServe = async (server: ChildProcess) => {
    server.kill('SIGTERM');
    if (server.exitCode === null && server.signalCode === null) await new Promise((done) => server.once('exit', done));
    servers.splice(servers.indexOf(server), 1);
  };
  try {
    const date = today();
    const daily = await makeDaily({ date, root: join(dir, 'daily'), key: Buffer.from('the serve benchmark key, 32 characters at least') });
    const board = JSON.parse(readFileSync(join(dir, 'daily', 'secret', date, 'numbridge-9-regular.json'), 'utf8')) as NumbridgeBoardFile;
    const setting = { date, daily: daily.index.puzzles, board };

    // SQLite: one server on core 0
    const sqlite = startServe(join(dir, 'server.db'), 0);
    const url = await listening(sqlite, 'the server');
    const onSqlite = await endpointRows([url], setting);
    const sqliteLoad = loadavg();
    // live tables: 1,000 event streams, then the same harness against plain Fastify
    const live = [await liveTables(puzzlemillTarget(url, join(dir, 'server.db')))];
    const dailyBytes = join(dir, 'daily.json');
    writeFileSync(dailyBytes, Buffer.from(await (await fetch(`${url}/daily/${date}`)).arrayBuffer()));
    await stopServe(sqlite);
    const plain = await startPlain(live[0]!.bytesPerEvent, pinned ? ['taskset', '-c', '0'] : [], dailyBytes);
    let baseline: Result;
    try {
      // the same daily set's bytes from plain Fastify, the same load: what the API's layers cost
      baseline = await autocannon({ url: `${plain.url}/daily`, method: 'GET', connections: CONNECTIONS, duration: SECONDS });
      live.push(await liveTables(plainTarget(plain.url)));
    } finally {
      await plain.stop();
    }

    // PostgreSQL: one instance on core 0, then a second on core 1 (beside autocannon) on the same database
    const pgUrl = await postgres.database('bench');
    const first = startServe(pgUrl, 0);
    const a = await listening(first, 'instance A on PostgreSQL');
    const onPg = await endpointRows([a], setting);
    const pgLoad = loadavg();
    const b = await listening(startServe(pgUrl, 1), 'instance B on PostgreSQL');
    const onPg2 = await endpointRows([a, b], setting);
    const pg2Load = loadavg();

    const rows: Array<Array<string | number>> = onSqlite.map((m, i) => {
      const one = onPg[i]!;
      const two = onPg2[i]!;
      return [m.name, rate(m.rps), m.p99, rate(one.rps), one.p99, rate(two.rps), two.p99, (two.rps / one.rps).toFixed(2), m.errors + one.errors + two.errors, m.goal ?? '—'];
    });
    const plainRow = measured('baseline: the same bytes from plain Fastify (bench/plain-sse-server.mjs)', [baseline!]);
    rows.splice(1, 0, [plainRow.name, rate(plainRow.rps), plainRow.p99, '—', '—', '—', '—', '—', plainRow.errors, '—']);
    const loads = (l: number[]) => l.map((x) => x.toFixed(2)).join(', ');
    return [
      '## HTTP API (`puzzlemill serve`)',
      '',
      pinned
        ? `\`npm run bench -- serve\`: the server as its own process pinned to one core (\`taskset -c 0 node dist/cli/puzzlemill.js serve --db FILE|URL --corpus DIR --check-rate 0 --connections-per-address 0 --deal-rate 0\`: every client is loopback), autocannon in the bench process pinned to the other (\`taskset -a -cp 1\`), ${CONNECTIONS} connections, ${SECONDS} s per row and column, loopback, a real daily set. **SQLite**: a WAL file (synchronous FULL). **PostgreSQL**: a throwaway server (test/helpers/postgres.ts: fsync off, commits synchronous — a commit waits for its log write, not for the disk) free to use both cores. **2 instances**: a second instance on the same database pinned to core 1 beside autocannon; every row's load split evenly — two autocannon runs at once, ${CONNECTIONS / 2} connections to each instance (so each instance takes as many requests as it answers), the table rows' tables alternating between them; req/s is the sum, p99 the larger of the two instances'. **2 ÷ 1**: the two instances' req/s over one's, on a 2-core machine where the second instance's core also runs the load generator and PostgreSQL: not a scaling figure, the honest cost or gain of a second instance here. The last row sends ${TABLES - 1} real first moves, one per table (each judged, appended and committed), ${CONNECTIONS} at a time, timed by the bench itself (fetch). Latencies in ms; errors are every non-2xx answer (the 304 row: every other answer) over the three columns.`
        : `The server as its own process (taskset or a second core missing here: not pinned), autocannon in the bench process, ${CONNECTIONS} connections, ${SECONDS} s per row; SQLite, then one and two instances on a throwaway PostgreSQL (load split evenly over the two). Latencies in ms.`,
      '',
      table(['endpoint', 'SQLite req/s', 'p99', 'PostgreSQL req/s', 'p99', '2 instances req/s', 'p99', '2 ÷ 1', 'errors', 'goal'], rows),
      '',
      `Load average (1, 5, 15 min) after each column: SQLite ${loads(sqliteLoad)}; PostgreSQL ${loads(pgLoad)}; 2 instances ${loads(pg2Load)} (a shared machine shows it here).`,
      '',
      `Live tables (SQLite): ${live[0]!.streams} open event streams (${live[0]!.streams / 50} on each of 50 Blitz tables, half per seat), the tables played as a browser plays them — each move sent when the event of the last one reaches the seat to move, the 50 tables side by side, at most 30 moves each. Counted at the clients: events delivered per second over all streams, and the delay from sending a move to each stream's event of it (ms). The baseline is plain Fastify with the same routes and nothing behind them (\`bench/plain-sse-server.mjs\`: events of the same size, no tokens, referee, database or views), pinned the same way.`,
      '',
      table(
        ['server', 'streams', 'moves', 'events', 'events/s', 'move → event p50', 'p99', 'bytes/event', 'missing'],
        live.map((r) => [r.name, r.streams, r.moves, r.events.toLocaleString('en-US'), r.eventsPerSecond.toLocaleString('en-US'), r.p50, r.p99, r.bytesPerEvent, r.missing]),
      ),
    ].join('\n');
  } finally {
    for (const server of [...servers]) await stopServe(server);
    postgres.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

interface Setting {
  date: string;
  daily: ReadonlyArray<{ slot: string; id: string }>;
  board: NumbridgeBoardFile;
}

interface Measured {
  name: string;
  rps: number;
  p99: number;
  errors: number;
  goal?: string;
}

const rate = (rps: number) => Math.round(rps).toLocaleString('en-US');
const json = { 'content-type': 'application/json' };

/** Every row against the instances at `urls` (one database), the load split evenly between them. */
async function endpointRows(urls: string[], { date, daily, board }: Setting): Promise<Measured[]> {
  const [url] = urls as [string];
  const entry = daily.find((p) => p.slot === 'numbridge-9-regular')!;
  const murder = daily.find((p) => p.slot === 'murder-6')!;
  const tables = await dealTables(url, TABLES);
  const seat1 = (i: number) => ({ authorization: `Bearer ${tables[i]!.token}` });
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
  const rows: Measured[] = [];
  for (const s of scenarios) {
    const results = await Promise.all(
      urls.map((base) =>
        autocannon({
          url: `${base}${s.path}`,
          method: s.method,
          connections: CONNECTIONS / urls.length,
          duration: SECONDS,
          headers: { ...(s.body !== undefined ? json : {}), ...s.headers },
          ...(s.body !== undefined ? { body: JSON.stringify(s.body) } : {}),
        }),
      ),
    );
    rows.push(measured(s.name, results, s.goal, s.status));
  }
  // real moves: seat 1's first tile on each of the other tables, one request each (a judged
  // move, appended and committed before the answer), CONNECTIONS at a time. Timed here rather
  // than by autocannon: a run this short ends on autocannon's one-second sampling tick.
  rows.push(await realMoves(urls, tables.slice(1)));
  return rows;
}

/** One row from one autocannon run per instance: req/s summed, the larger p99, every wrong answer. */
function measured(name: string, results: Result[], goal?: string, status?: number): Measured {
  // autocannon counts a 304 as non-2xx: a row that expects one counts every other answer instead
  const wrong = (r: Result) => (status === 304 ? r['2xx'] + r['4xx'] + r['5xx'] : r.non2xx);
  return {
    name,
    rps: results.reduce((sum, r) => sum + r.requests.average, 0),
    p99: Math.max(...results.map((r) => r.latency.p99)),
    errors: results.reduce((sum, r) => sum + r.errors + wrong(r), 0),
    ...(goal !== undefined && { goal }),
  };
}

async function realMoves(urls: string[], tables: DealtTable[]): Promise<Measured> {
  const latencies: number[] = [];
  let next = 0;
  let failed = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (next < tables.length) {
        const i = next++;
        const t = tables[i]!;
        const sent = performance.now();
        const r = await fetch(`${urls[i % urls.length]}/tables/${t.id}/moves`, { method: 'POST', headers: { ...json, authorization: `Bearer ${t.token}`, 'idempotency-key': 'first' }, body: JSON.stringify({ move: t.move }) });
        await r.arrayBuffer();
        latencies.push(performance.now() - sent);
        if (r.status !== 200) failed++;
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  latencies.sort((x, y) => x - y);
  const at = (q: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!);
  return { name: `POST /tables/:id/moves (a real first move, ${tables.length} tables)`, rps: tables.length / seconds, p99: at(0.99), errors: failed };
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
