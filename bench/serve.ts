/**
 * `npm run bench -- serve`: the HTTP API under load. A real daily set in a WAL SQLite file, the
 * server listening on loopback, autocannon in the same process (so server and load generator
 * share one core's event loop: the figures are a floor for a server with a core of its own),
 * a few seconds per endpoint. Goals (issue 14): ≥ 5,000 req/s for the daily set, ≥ 1,000 req/s for
 * checks, p99 < 20 ms.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import type { NumbridgeBoardFile } from '../src/numbridge/schema.ts';
import { makeDaily } from '../src/pipeline/daily.ts';
import { buildServer } from '../src/server/app.ts';
import { loadCorpus } from '../src/server/corpus.ts';
import { openDatabase } from '../src/server/db.ts';
import { SqlitePuzzleStore } from '../src/server/store.ts';
import { table } from './results.ts';

const DATE = '2026-12-01';
const SECONDS = 4;
const CONNECTIONS = 10;

interface Scenario {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  goal?: string;
}

export async function run(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'pm-bench-serve-'));
  const db = openDatabase(join(dir, 'server.db'));
  try {
    const daily = await makeDaily({ date: DATE, root: join(dir, 'daily'), key: Buffer.from('the serve benchmark key, 32 characters at least') });
    const store = new SqlitePuzzleStore(db);
    await loadCorpus(store, join(dir, 'daily'));
    const entry = daily.index.puzzles.find((p) => p.slot === 'numbridge-9-regular')!;
    const board = (await store.getPuzzle(entry.id))!.file as NumbridgeBoardFile;
    const murder = daily.index.puzzles.find((p) => p.slot === 'murder-6')!;
    const app = buildServer({ db, store });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const scenarios: Scenario[] = [
      { name: `GET /daily/${DATE}`, method: 'GET', path: `/daily/${DATE}`, goal: '≥ 5,000 req/s' },
      { name: 'POST /puzzles/:id/check (one cell, Numbridge 9×9)', method: 'POST', path: `/puzzles/${entry.id}/check`, body: { cells: [{ row: 4, column: 4, digit: 5 }] }, goal: '≥ 1,000 req/s' },
      { name: 'POST /puzzles/:id/check (full grid)', method: 'POST', path: `/puzzles/${entry.id}/check`, body: { grid: board.secret!.solution }, goal: '≥ 1,000 req/s' },
      { name: 'POST /puzzles/:id/hint (Numbridge 9×9, from the givens)', method: 'POST', path: `/puzzles/${entry.id}/hint`, body: { cells: [] } },
      { name: 'POST /puzzles/:id/hint (Murder 6×6, nobody placed)', method: 'POST', path: `/puzzles/${murder.id}/hint`, body: { positions: {} } },
      { name: 'GET /puzzles/:id', method: 'GET', path: `/puzzles/${entry.id}` },
    ];
    const rows: Array<Array<string | number>> = [];
    for (const s of scenarios) {
      const result = await autocannon({
        url: `http://127.0.0.1:${port}${s.path}`,
        method: s.method,
        connections: CONNECTIONS,
        duration: SECONDS,
        ...(s.body !== undefined ? { body: JSON.stringify(s.body), headers: { 'content-type': 'application/json' } } : {}),
      });
      const bad = result.errors + result.non2xx;
      rows.push([s.name, Math.round(result.requests.average).toLocaleString('en-US'), result.latency.p50, result.latency.p99, bad, s.goal ?? '—']);
    }
    await app.close();
    return [
      '## HTTP API (`puzzlemill serve`)',
      '',
      `autocannon in the server's own process (one event loop for both), ${CONNECTIONS} connections, ${SECONDS} s per row, loopback; a real daily set in a WAL SQLite file (synchronous FULL). Latencies in ms.`,
      '',
      table(['endpoint', 'req/s', 'p50', 'p99', 'errors', 'goal'], rows),
    ].join('\n');
  } finally {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
