/**
 * Locks and run identity (issue 17, defects 8, 9, 10): a lock is taken atomically and can always
 * be judged (an empty, unreadable or dead one is stale); a run holds its --out directory while it
 * writes, so a second run of the same slot is refused instead of deleting the first one's temp
 * files; a run marks the directory as its own (manifest) before its first puzzle.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { InputError } from '../../src/core/errors.ts';
import { withCorpusLock } from '../../src/pipeline/fingerprint-index.ts';
import { generateRun } from '../../src/pipeline/generate-run.ts';
import { acquireLock, parseHolder } from '../../src/pipeline/lock.ts';
import { ROOT } from '../helpers/cli.ts';
import { TOY_MODULE, toyKind } from './fixtures/toy-kind.ts';
import { dirBytes, TOY_CLI, TOY_ENV, toy, waitFor } from './fixtures/toy-run.ts';

const CLI = TOY_CLI;
const ENV = TOY_ENV;
const tmp = mkdtempSync(join(tmpdir(), 'pm-lock-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** The pid of a process that has exited. */
function deadPid(): number {
  const r = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(r.stdout);
}

const record = (pid: number, host = hostname()) => JSON.stringify({ pid, host, started: '2026-01-01T00:00:00.000Z' }) + '\n';

describe('lock files', () => {
  test.each([
    ['empty (a full disk under the old lock code)', ''],
    ['cut off', '{"pid": 12'],
    ['not a lock record', '{"pid": "x", "host": 3}\n'],
    ['left by a process that has exited', record(deadPid())],
    ['our own pid, but not held by us (a restarted container runs as pid 1 again)', record(process.pid)],
  ])('a lock %s is stale: taken over, and removed after the work', async (_what, text) => {
    const corpus = mkdtempSync(join(tmp, 'corpus-'));
    writeFileSync(join(corpus, '.lock'), text);
    let inside = '';
    const result = await withCorpusLock(corpus, async () => {
      inside = readFileSync(join(corpus, '.lock'), 'utf8');
      return 42;
    });
    expect(result).toBe(42);
    expect(parseHolder(inside)).toMatchObject({ pid: process.pid, host: hostname() });
    expect(readdirSync(corpus)).toEqual([]); // no lock, no temp file left
  });

  test('a live holder is refused with one line naming it, and its lock is left alone', async () => {
    const corpus = mkdtempSync(join(tmp, 'corpus-'));
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
    try {
      const text = record(child.pid!);
      writeFileSync(join(corpus, '.lock'), text);
      await expect(withCorpusLock(corpus, async () => 1)).rejects.toThrow(
        new RegExp(`\\.lock: another daily job holds this corpus \\(pid ${child.pid} on ${hostname()} since 2026-01-01T00:00:00.000Z\\); wait for it`),
      );
      expect(readFileSync(join(corpus, '.lock'), 'utf8')).toBe(text);
      // A lock of another host cannot be judged from here: refused too.
      writeFileSync(join(corpus, '.lock'), record(deadPid(), 'elsewhere.example'));
      await expect(withCorpusLock(corpus, async () => 1)).rejects.toThrow(/pid \d+ on elsewhere\.example/);
      expect(readdirSync(corpus)).toEqual(['.lock']);
    } finally {
      child.kill();
    }
  });

  test('the lock is released when the work fails; a lock held in this process is refused', async () => {
    const corpus = mkdtempSync(join(tmp, 'corpus-'));
    await expect(
      withCorpusLock(corpus, async () => {
        expect(() => acquireLock(join(corpus, '.lock'), 'busy')).toThrow(InputError);
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(readdirSync(corpus)).toEqual([]);
  });

  test('processes fighting for one lock (and taking over empty ones) are never inside together', async () => {
    const dir = mkdtempSync(join(tmp, 'contended-'));
    const lockPath = join(dir, '.lock');
    writeFileSync(lockPath, ''); // stale from the start
    const contender = join(ROOT, 'test/pipeline/fixtures/lock-contender.mjs');
    const codes = await Promise.all(
      Array.from({ length: 4 }, () => {
        const child = spawn(process.execPath, [contender, lockPath, join(dir, 'inside'), '25'], { stdio: ['ignore', 'ignore', 'inherit'] });
        return new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
      }),
    );
    expect(codes).toEqual([0, 0, 0, 0]);
    expect(readdirSync(dir).filter((n) => n !== '.lock')).toEqual([]); // no temp or stale copy left
  });

  test('the lock file is never seen empty: it appears whole (link of a written temp file)', async () => {
    const corpus = mkdtempSync(join(tmp, 'corpus-'));
    const path = join(corpus, '.lock');
    for (let i = 0; i < 50; i++) {
      const lock = acquireLock(path, 'busy');
      expect(parseHolder(readFileSync(path, 'utf8'))).not.toBeNull();
      lock.release();
    }
    expect(existsSync(path)).toBe(false);
  });
});

describe('--out DIR is held while a run writes it', () => {
  const request = toyKind.parseRequest({ work: 2 });
  const run = (dir: string, extra: Partial<Parameters<typeof generateRun>[0]> = {}) =>
    generateRun({ kind: toyKind, request, seed: 'held', count: 40, out: dir, player: true, kindModules: [TOY_MODULE], ...extra });

  test('a second run on the same directory at once is refused; the first is not disturbed', async () => {
    const clean = join(tmp, 'held-clean');
    await run(clean);
    const dir = join(tmp, 'held');
    const first = run(dir, { targetMs: 5 });
    await expect(run(dir)).rejects.toThrow(/\.manifest\.json\.lock: another run is writing this directory \(pid \d+ /);
    const summary = await first;
    expect(summary.made).toBe(40);
    expect(dirBytes(dir)).toEqual(dirBytes(clean));
    expect(existsSync(join(dir, '.manifest.json.lock'))).toBe(false);
  });

  test('the shards of one run write one directory at once; a shard of another run is refused', async () => {
    const whole = join(tmp, 'shards-whole');
    await run(whole);
    const dir = join(tmp, 'shards');
    await Promise.all([0, 1, 2].map((i) => run(dir, { shard: { index: i, of: 3 }, targetMs: 5 })));
    const files = dirBytes(dir);
    for (const [name, text] of Object.entries(dirBytes(whole))) if (name !== 'manifest.json') expect(files[name]).toBe(text);
    await expect(run(dir, { seed: 'other', shard: { index: 1, of: 2 } })).rejects.toThrow(/manifest\.shard-\d-of-3\.json: holds another run .*seed "held"/);
    expect(existsSync(join(dir, 'manifest.shard-1-of-2.json'))).toBe(false);
  });

  test('through the CLI: the second run exits 2 with one line while the first finishes with the same bytes', async () => {
    // 400 puzzles of 8 ms: the first run is still writing ~3 s after its first file, time for the
    // second process to start even on a loaded machine (with 150 it once finished first: exit 0)
    const args = ['--count', '400', '--seed', 'twice', '--work', '8', '--player', '-j', '1', '-q'];
    // the uninterrupted run, in this process (one process start less; generate.test.ts shows the CLI and the API agree)
    const clean = join(tmp, 'twice-clean');
    await generateRun({ kind: toyKind, request: toyKind.parseRequest({ work: 8 }), seed: 'twice', count: 400, out: clean, player: true, kindModules: [TOY_MODULE] });
    const dir = join(tmp, 'twice');
    const child = spawn(process.execPath, [CLI, 'generate', 'toy', ...args, '--out', dir], { env: ENV, stdio: 'ignore' });
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    await waitFor(() => existsSync(dir) && readdirSync(dir).some((n) => /^toy-\d+\.json$/.test(n)));
    const second = toy([...args, '--out', dir]);
    expect(second.code).toBe(2);
    expect(second.stderr).toMatch(new RegExp(`^puzzlemill: \\S+/\\.manifest\\.json\\.lock: another run is writing this directory \\(pid ${child.pid} on [^\\n]+\\n$`));
    expect(await exited).toBe(0);
    expect(dirBytes(dir)).toEqual(dirBytes(clean));
  });
});

describe('the run identity is written before the first puzzle', () => {
  test('a run killed before its first puzzle still owns its directory: another seed is refused, the same command resumes', async () => {
    const dir = join(tmp, 'early');
    mkdirSync(dir);
    // one slow puzzle: the run is killed long before it is written
    const args = ['--count', '1', '--work', '2500', '-j', '1', '-q', '--out', dir];
    const child = spawn(process.execPath, [CLI, 'generate', 'toy', '--seed', 'first', ...args], { env: ENV, stdio: 'ignore' });
    const exited = new Promise((r) => child.once('exit', r));
    await waitFor(() => existsSync(join(dir, 'manifest.json')));
    child.kill('SIGKILL');
    await exited;
    expect(readdirSync(dir).filter((n) => /^toy-\d+\.json$/.test(n))).toEqual([]);
    const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
    expect(manifest).toMatchObject({ seed: 'first', complete: false, puzzles: [] });

    const other = toy(['--seed', 'second', '--count', '1', '--work', '2500', '-j', '1', '-q', '--out', dir]);
    expect(other.code).toBe(2);
    expect(other.stderr).toMatch(/manifest\.json: holds another run \(toy work=2500,fail=0, seed "first", count 1\); choose another --out\n$/);
    expect(readdirSync(dir).filter((n) => /^toy-\d+\.json$/.test(n))).toEqual([]);

    // the killed run's lock (a dead pid) is stale: the same command takes it over and finishes
    const same = toy(['--seed', 'first', ...args]);
    expect(same.stderr).toBe('');
    expect(same.code).toBe(0);
    expect(JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'))).toMatchObject({ complete: true });
  });
});
