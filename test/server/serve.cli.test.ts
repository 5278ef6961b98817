/**
 * `puzzlemill serve` as a user runs it: on a fresh checkout (no corpus, no database) it makes
 * today's daily set and serves it; the README's "Serving frontends" curl block runs verbatim
 * against it; a corpus file that fails verify is refused on stderr and not served; a port in use
 * and a bad --db are one line, exit 2; SIGTERM stops it with 143.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { NumbridgeBoardFile } from '../../src/numbridge-board/schema.ts';
import { addDays } from '../../src/pipeline/daily-plan.ts';

const nextDate = (date: string) => addDays(date, 1);
import { openDatabase } from '../../src/server/db.ts';
import { ROOT, runCli } from '../helpers/cli.ts';
import { generated } from './helpers.ts';
import { startServe, type ServeProcess } from './serve-process.ts';

const scratch = mkdtempSync(join(tmpdir(), 'pm-serve-'));
const ENV = { PUZZLEMILL_DAILY_KEY: 'serve-cli-test-key-0123456789abcdef0123456789' };
let server: ServeProcess;

beforeAll(async () => {
  server = await startServe(['--port', '0'], { cwd: scratch, env: ENV });
});
afterAll(async () => {
  await server?.stop();
  rmSync(scratch, { recursive: true, force: true });
});

/** The ```sh serve blocks of the README's "Serving frontends" section. */
function serveBlocks(): string[] {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Serving frontends'));
  return [...section.matchAll(/```sh serve\n([\s\S]*?)```/g)].map((m) => m[1]!);
}

describe('serve on a fresh checkout', () => {
  test("makes today's daily set and serves it from the embedded database", async () => {
    expect(server.stderr()).toMatch(/made the daily set of \d{4}-\d{2}-\d{2} \(10 puzzles\)/);
    const r = await fetch(`${server.url}/daily/today`);
    expect(r.status).toBe(200);
    const body = (await r.json()) as { puzzles: unknown[] };
    expect(body.puzzles).toHaveLength(10);
    expect(readFileSync(join(scratch, '.puzzlemill/server.db')).subarray(0, 15).toString()).toBe('SQLite format 3');
    // it holds tomorrow's solutions: the folder and the files are the owner's alone
    const mode = (path: string) => (statSync(join(scratch, path)).mode & 0o777).toString(8);
    expect([mode('.puzzlemill'), mode('.puzzlemill/server.db'), mode('.puzzlemill/server.db-wal'), mode('.puzzlemill/server.db-shm')]).toEqual(['700', '600', '600', '600']);
  });

  test("tomorrow's set is made a day ahead and staged out of public/ (the folder the club publishes) until its day", async () => {
    const { date } = (await (await fetch(`${server.url}/daily/today`)).json()) as { date: string };
    const tomorrow = nextDate(date);
    const root = join(scratch, 'corpus/daily');
    for (let waited = 0; !existsSync(join(root, 'secret', tomorrow, 'index.json')) && waited < 90_000; waited += 250) await new Promise((r) => setTimeout(r, 250));
    expect(existsSync(join(root, 'secret', tomorrow, 'index.json'))).toBe(true);
    expect(existsSync(join(root, 'staged', tomorrow, 'index.json'))).toBe(true);
    expect(readdirSync(join(root, 'public'))).toEqual([date]);
    expect((await fetch(`${server.url}/daily/${tomorrow}`)).status).toBe(404);
  }, 100_000);

  test('the README curl examples run verbatim', () => {
    const blocks = serveBlocks();
    expect(blocks.length).toBeGreaterThanOrEqual(1);
    for (const block of blocks) {
      const r = spawnSync('bash', ['-euo', 'pipefail', '-c', block], { encoding: 'utf8', env: { ...process.env, API: server.url }, timeout: 60_000 });
      expect({ status: r.status, stderr: r.stderr }).toEqual({ status: 0, stderr: '' });
      expect(r.stdout).toMatch(/"right":/);
      expect(r.stdout).toMatch(/"step":\{"technique"/);
      expect(r.stdout).toMatch(/"status":"ok"/);
      expect(r.stdout).toMatch(/\{"error":"no puzzle with id \\"nope\\""\}/);
      expect(r.stdout).toContain('{"recorded":true}');
      expect(r.stdout).toMatch(/^\{"id":"nb9[ri]-[0-9a-f]+","kind":"numbridge","size":9,"level":\d,"levelName":"[a-z]+","puzzle":\{"players":1,"solved":0,/m);
      expect(r.stdout).toMatch(/"seat":1,"moveNumber":1,"entry":\{"moveNumber":1,"kind":"place"/);
      expect(r.stdout).toMatch(/\{"error":"player 2 is to move, not player 1"\}/);
      expect(r.stdout).toMatch(/^id: 1\ndata: \{"id":"nbt-[0-9a-f]+","seat":2,/m);
      expect(r.stdout).toMatch(/^id: 2\ndata: /m);
    }
  });
});

describe('serve limits guesses', () => {
  test('--check-rate (default 30 a minute): the 31st check or hint on one puzzle from one address is a 429 with Retry-After', async () => {
    const list = (await (await fetch(`${server.url}/puzzles?kind=numbridge&size=6&limit=1`)).json()) as { puzzles: Array<{ id: string }> };
    const id = list.puzzles[0]!.id;
    const send = (what: string) => fetch(`${server.url}/puzzles/${id}/${what}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"cells":[]}' });
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await send(i % 2 === 0 ? 'check' : 'hint')).status);
    expect(new Set(statuses)).toEqual(new Set([200]));
    const refused = await send('check');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('2');
    expect(await refused.json()).toEqual({ error: 'too many checks and hints on this puzzle from this address: retry in 2 s' });
  });
});

describe('serve warns', () => {
  test('about a database others can read, and serves it', async () => {
    const dir = join(scratch, 'loose-corpus');
    mkdirSync(dir, { recursive: true });
    const loose = join(scratch, 'loose.db');
    openDatabase(loose).close();
    chmodSync(loose, 0o644);
    const other = await startServe(['--port', '0', '--db', loose, '--corpus', dir], { cwd: scratch });
    try {
      expect(other.stderr()).toContain(`puzzlemill: serve: warning: the database ${loose} can be read by other users (mode 0644): it holds the solutions of the days to come; chmod 600 it`);
    } finally {
      await other.stop();
    }
  });
});

describe('serve refuses', () => {
  test('a daily key other than the one the stored sets were made with (as daily does), after warning about a readable key file', () => {
    const keyFile = join(scratch, 'other.key');
    writeFileSync(keyFile, 'another-club-key-0123456789abcdef0123456789\n', { mode: 0o644 });
    chmodSync(keyFile, 0o644);
    const r = runCli(['serve', '--port', '0', '--db', join(scratch, 'key.db'), '--key-file', keyFile], { cwd: scratch });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`puzzlemill: serve: warning: ${keyFile} can be read by other users (mode 0644); chmod 600 it\n`);
    expect(r.stderr.trim().split('\n').at(-1)).toMatch(/^puzzlemill: serve: .*index\.json: \d{4}-\d{2}-\d{2} was made with another daily key \(key id \w+, this key is \w+\); use that key, or remove the date's public, staged and secret folders to make a new set$/);
  });


  test('a corpus file that fails verify: refused on stderr with its reason, not served; the rest is', async () => {
    const dir = join(scratch, 'out');
    mkdirSync(dir, { recursive: true });
    const [good, bad] = generated('numbridge', { size: 6 }, 2, 'serve-cli') as NumbridgeBoardFile[];
    bad!.secret!.solution = bad!.secret!.solution.map((row) => [...row].reverse());
    writeFileSync(join(dir, 'good.json'), JSON.stringify(good));
    writeFileSync(join(dir, 'bad.json'), JSON.stringify(bad));
    const other = await startServe(['--port', '0', '--db', join(scratch, 'other.db'), '--corpus', dir], { cwd: scratch });
    try {
      expect(other.stderr()).toMatch(/serve: refused: .*bad\.json.*FAIL/);
      expect(other.stderr()).toMatch(/1 puzzles added, 0 already stored, 1 refused/);
      expect((await fetch(`${other.url}/puzzles/${good!.id}`)).status).toBe(200);
      expect((await fetch(`${other.url}/puzzles/${bad!.id}`)).status).toBe(404);
    } finally {
      expect(await other.stop()).toBe(143);
    }
  });

  test('a port in use: one line, exit 2', async () => {
    const blocker = createServer();
    await new Promise<void>((done) => blocker.listen(0, '127.0.0.1', done));
    const port = (blocker.address() as { port: number }).port;
    const r = runCli(['serve', '--port', String(port), '--db', join(scratch, 'busy.db'), '--corpus', join(scratch, 'corpus/daily')], { cwd: scratch });
    blocker.close();
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n').at(-1)).toBe(`puzzlemill: --host 127.0.0.1 --port ${port}: address in use`);
  });

  test('a port in use leaves the database as it was: a new file is not made, a stored one gets no corpus', async () => {
    const dir = join(scratch, 'port-corpus');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'one.json'), JSON.stringify(generated('numbridge', { size: 6 }, 1, 'port-order')[0]));
    const existing = join(scratch, 'existing.db');
    openDatabase(existing).close();
    const before = readFileSync(existing);
    const blocker = createServer();
    await new Promise<void>((done) => blocker.listen(0, '127.0.0.1', done));
    const port = (blocker.address() as { port: number }).port;
    try {
      for (const db of [join(scratch, 'never.db'), existing]) {
        const r = runCli(['serve', '--port', String(port), '--db', db, '--corpus', dir], { cwd: scratch });
        expect(r.code).toBe(2);
        expect(r.stderr.trim()).toBe(`puzzlemill: --host 127.0.0.1 --port ${port}: address in use`);
      }
    } finally {
      blocker.close();
    }
    expect(existsSync(join(scratch, 'never.db'))).toBe(false);
    expect(readFileSync(existing).equals(before)).toBe(true);
    const db = openDatabase(existing);
    expect(db.prepare('SELECT count(*) FROM puzzles').pluck().get()).toBe(0);
    db.close();
  });

  test('serving the daily corpus on a port in use makes no key, no database and no set', async () => {
    const fresh = join(scratch, 'fresh-cwd');
    mkdirSync(fresh, { recursive: true });
    const blocker = createServer();
    await new Promise<void>((done) => blocker.listen(0, '127.0.0.1', done));
    const port = (blocker.address() as { port: number }).port;
    try {
      const r = runCli(['serve', '--port', String(port)], { cwd: fresh, env: { PUZZLEMILL_DAILY_KEY: '' } });
      expect(r.code).toBe(2);
      expect(r.stderr.trim()).toBe(`puzzlemill: --host 127.0.0.1 --port ${port}: address in use`);
    } finally {
      blocker.close();
    }
    expect(readdirSync(fresh)).toEqual([]); // no .puzzlemill/daily.key, no server.db, no corpus/
  });

  test('a bad --db, a missing corpus, a bad port, bad limits: one line, exit 2', () => {
    writeFileSync(join(scratch, 'junk.db'), 'not a database at all, just text '.repeat(10));
    for (const [args, message] of [
      [['--port', '0', '--db', join(scratch, 'junk.db')], /^puzzlemill: --db .*junk\.db: file is not a database$/],
      [['--port', '0', '--db', join(scratch, 'no/such/dir/x.db')], /^puzzlemill: --db .*x\.db: .*directory does not exist$/],
      [['--port', '0', '--db', join(scratch, 'n.db'), '--corpus', join(scratch, 'nowhere')], /nowhere: no such corpus folder/],
      [['--port', '70000'], /--port must be a whole number 0\.\.65535, got 70000/],
      [['--port', '0', '--cors-origin', 'http://127.0.0.1:8091/app'], /^puzzlemill: --cors-origin "http:\/\/127\.0\.0\.1:8091\/app": not an origin \(scheme:\/\/host\[:port\], no path\) or \* \(see --help\)$/],
      [['--port', '0', '--request-timeout', '0'], /^puzzlemill: --request-timeout must be a number > 0 and ≤ 3600, got 0 \(see --help\)$/],
      [['--port', '0', '--idle-timeout', '10'], /^puzzlemill: --idle-timeout must be a number ≥ 30 and ≤ 3600, got 10 \(see --help\)$/],
      [['--port', '0', '--connections-per-address', '-1'], /^puzzlemill: --connections-per-address must be a whole number 0\.\.1000000, got -1 \(see --help\)$/],
    ] as const) {
      const r = runCli(['serve', ...args], { cwd: scratch, env: ENV });
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr.trim()).toMatch(message);
    }
  });
});
