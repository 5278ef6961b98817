/** A server over a fresh in-memory database, loaded from real generated puzzles and a daily set. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { PuzzleFile } from '../../src/kinds/kind.ts';
import { kindNamed } from '../../src/kinds/registry.ts';
import { makeDaily } from '../../src/pipeline/daily.ts';
import { buildServer, type ServerOptions } from '../../src/server/app.ts';
import { loadCorpus, type LoadCounts } from '../../src/server/corpus.ts';
import { openDatabase, type Db } from '../../src/server/db.ts';
import { SqlitePuzzleStore } from '../../src/server/store.ts';

export const DATE = '2026-12-01';
export const KEY = Buffer.from('the server tests daily key, 32 characters or more');

/** `count` puzzles of one kind and request, from fixed seeds. */
export function generated(kind: string, request: Record<string, string | number | boolean>, count: number, seed = 'server-tests'): PuzzleFile[] {
  const k = kindNamed(kind);
  const parsed = k.parseRequest(request);
  return Array.from({ length: count }, (_, i) => k.generate(parsed, k.puzzleSeed(seed, parsed, i)) as PuzzleFile);
}

/** Boards of every size and block shape, and small Murder cases of each level they carry. */
export function mixedPuzzles(seed = 'server-tests'): PuzzleFile[] {
  return [
    ...generated('numbridge', { size: 9, blocks: 'regular' }, 2, seed),
    ...generated('numbridge', { size: 9, blocks: 'irregular' }, 2, seed),
    ...generated('numbridge', { size: 6, blocks: 'regular' }, 2, seed),
    ...generated('numbridge', { size: 6, blocks: 'irregular' }, 1, seed),
    ...generated('numbridge', { size: 4 }, 1, seed),
    ...generated('numbridge', { size: 5 }, 1, seed),
    ...generated('numbridge', { size: 7 }, 1, seed),
    ...generated('numbridge', { size: 8, blocks: 'irregular' }, 1, seed),
    ...generated('murder', { size: 4, level: 'easy' }, 2, seed),
    ...generated('murder', { size: 5, level: 'medium' }, 2, seed),
    ...generated('murder', { size: 6, level: 'medium' }, 1, seed),
    ...generated('murder', { size: 6, level: 'hard' }, 1, seed),
  ];
}

export interface TestServer {
  app: FastifyInstance;
  db: Db;
  store: SqlitePuzzleStore;
  dir: string;
  loaded: LoadCounts[];
  refused: string[];
  close(): Promise<void>;
}

/** Files written to a folder (as `generate --out` would) and an optional daily root, both loaded. */
export async function testServer(files: PuzzleFile[], o: { daily?: boolean; options?: Partial<ServerOptions> } = {}): Promise<TestServer> {
  const dir = mkdtempSync(join(tmpdir(), 'pm-server-'));
  const out = join(dir, 'out');
  mkdirSync(out);
  files.forEach((f, i) => writeFileSync(join(out, `puzzle-${String(i).padStart(4, '0')}.json`), JSON.stringify(f)));
  const db = openDatabase(':memory:');
  const store = new SqlitePuzzleStore(db);
  const refused: string[] = [];
  const loaded = [await loadCorpus(store, out, { onRefused: (l) => void refused.push(l) })];
  if (o.daily) {
    await makeDaily({ date: DATE, root: join(dir, 'daily'), key: KEY });
    loaded.push(await loadCorpus(store, join(dir, 'daily'), { onRefused: (l) => void refused.push(l) }));
  }
  const app = buildServer({ db, store, now: () => new Date(DATE + 'T12:00:00'), ...o.options });
  await app.ready();
  return {
    app,
    db,
    store,
    dir,
    loaded,
    refused,
    close: async () => {
      await app.close();
      db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A 4xx answer is JSON with one line saying what is wrong. */
export function expectOneLineError(response: { statusCode: number; body: string }): string {
  if (response.statusCode < 400 || response.statusCode >= 500) throw new Error(`expected a 4xx, got ${response.statusCode}: ${response.body.slice(0, 200)}`);
  const body = JSON.parse(response.body) as { error?: unknown };
  if (typeof body.error !== 'string' || body.error.includes('\n') || body.error.length === 0) throw new Error(`not a one-line error: ${response.body.slice(0, 200)}`);
  if (/\n\s+at /.test(response.body)) throw new Error('a stack trace in the answer');
  return body.error;
}
