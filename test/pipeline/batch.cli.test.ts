/**
 * The batch options end to end, through the real CLI layer (src/cli/batch.ts, exit codes,
 * signals) with the toy kind: kill -9 and resume, SIGINT, EPIPE, shards, bad options.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { generateRun } from '../../src/pipeline/generate-run.ts';
import { TOY_MODULE, toyKind } from './fixtures/toy-kind.ts';
import { dirBytes, TOY_CLI, TOY_ENV, toy, waitFor } from './fixtures/toy-run.ts';

const CLI = TOY_CLI;
const ENV = TOY_ENV;
const tmp = mkdtempSync(join(tmpdir(), 'pm-batch-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const puzzles = (dir: string) => readdirSync(dir).filter((n) => /^toy-\d+\.json$/.test(n)).length;

describe('generate batch options (toy kind)', () => {
  const args = ['--count', '120', '--seed', 'kill', '--work', '8', '--player', '-j', '2', '-q'];

  test('kill -9 mid-run, then the same command resumes to the same bytes, with no partial files', async () => {
    // The uninterrupted run, in this process (generate.test.ts shows the CLI and the API agree).
    const clean = join(tmp, 'clean');
    await generateRun({ kind: toyKind, request: toyKind.parseRequest({ work: 8 }), seed: 'kill', count: 120, out: clean, player: true, kindModules: [TOY_MODULE] });

    const dir = join(tmp, 'killed');
    const child = spawn(process.execPath, [CLI, 'generate', 'toy', ...args, '--out', dir], { env: ENV, stdio: 'ignore' });
    await waitFor(() => {
      try {
        return puzzles(dir) >= 30;
      } catch {
        return false;
      }
    });
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
    const made = puzzles(dir);
    expect(made).toBeLessThan(120); // really stopped mid-way
    for (const name of readdirSync(dir).filter((n) => n.endsWith('.json'))) {
      expect(() => JSON.parse(readFileSync(join(dir, name), 'utf8'))).not.toThrow(); // whole files only
    }

    const resumed = toy([...args, '--out', dir, '--workers', '1']);
    expect(resumed.code).toBe(0);
    expect(dirBytes(dir)).toEqual(dirBytes(clean));
  });

  // SIGTERM is what a batch engine (Kubernetes) sends before SIGKILL: the same clean stop.
  test.each([
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const)('%s stops cleanly: finished puzzles written, manifest incomplete, exit %i', async (signal, exitCode) => {
    const dir = join(tmp, `interrupted-${signal}`);
    const long = ['--count', '5000', '--seed', 'int', '--work', '8', '-j', '2', '-q'];
    const child = spawn(process.execPath, [CLI, 'generate', 'toy', ...long, '--out', dir], { env: ENV, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    // well past the first second, which runs in this thread (see the next test), and past the
    // short batches this thread still takes while the workers start: the pool is working. At 250
    // (about a second of work) a full suite's load once caught this thread in a batch, when the
    // signal's default action ends the process (exit null), as the next test shows
    await waitFor(() => {
      try {
        return puzzles(dir) >= 1000;
      } catch {
        return false;
      }
    });
    child.kill(signal);
    const code = await new Promise((r) => child.once('exit', (c) => r(c)));
    expect(code).toBe(exitCode);
    expect(stderr).toContain(`${signal}: stopping after the running batches`);
    const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
    expect(manifest.complete).toBe(false);
    expect(manifest.puzzles.length).toBe(puzzles(dir));
    expect(manifest.puzzles.map((p: { index: number }) => p.index)).toEqual([...Array(manifest.puzzles.length).keys()]);
    expect(readdirSync(dir).filter((n) => n.endsWith('.tmp'))).toEqual([]);
  });

  // A puzzle made in this thread blocks the event loop: the signal's default action ends the
  // process at once instead of after the puzzle (a minute here); what is on disk is whole.
  test.each(['SIGINT', 'SIGTERM'] as const)('%s while a long puzzle is made in this thread: the process ends at once', async (signal) => {
    const dir = join(tmp, `blocked-${signal}`);
    const child = spawn(process.execPath, [CLI, 'generate', 'toy', '--count', '3', '--seed', 'long', '--work', '60000', '-j', '1', '-q', '--out', dir], { env: ENV, stdio: ['ignore', 'ignore', 'pipe'] });
    await waitFor(() => existsSync(join(dir, 'manifest.json')));
    await new Promise((r) => setTimeout(r, 300));
    const t0 = Date.now();
    child.kill(signal);
    const [code, how] = await new Promise<[number | null, string | null]>((r) => child.once('exit', (c, s) => r([c, s])));
    expect(Date.now() - t0).toBeLessThan(10_000); // not the 60 s the puzzle would have taken
    expect([code, how]).toEqual([null, signal]); // a shell reports 128 + the signal: 130 / 143
    expect(readdirSync(dir).filter((n) => n.endsWith('.tmp') || /^toy-/.test(n))).toEqual([]);
    expect(JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')).complete).toBe(false);
  });

  test('SIGINT while workers run long batches: they get a second to finish, then the run quits with exit 130', async () => {
    const dir = join(tmp, 'grace');
    const child = spawn(process.execPath, [CLI, 'generate', 'toy', '--count', '20', '--seed', 'grace', '--work', '4000', '-j', '2', '-q', '--out', dir], { env: ENV, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    // the first puzzle runs in this thread (4 s, past the hand-over point); then the pool takes the rest
    await waitFor(() => existsSync(join(dir, 'toy-000000.json')));
    await new Promise((r) => setTimeout(r, 1000));
    const t0 = Date.now();
    child.kill('SIGINT');
    const code = await new Promise((r) => child.once('exit', (c) => r(c)));
    expect(Date.now() - t0).toBeLessThan(3500); // not the 4 s the running batches would take
    expect(code).toBe(130);
    expect(stderr).toContain('SIGINT: the running batches did not finish within 1 s; quitting (rerun to resume)');
    expect(readdirSync(dir).filter((n) => n.endsWith('.tmp'))).toEqual([]);
  });

  test('NDJSON on stdout equals the concatenated shards; summary on stderr only', () => {
    const whole = toy(['--count', '9', '--seed', 'sh', '-j', '1']);
    expect(whole.code).toBe(0);
    expect(whole.stdout.trim().split('\n')).toHaveLength(9);
    expect(whole.stderr).toMatch(/^puzzlemill: toy: made 9 of 9 in [\d.]+ s \([\d.]+\/s\)\n$/);
    const shards = [0, 1].map((i) => toy(['--count', '9', '--seed', 'sh', '--shard', `${i}/2`, '-q']).stdout).join('');
    expect(shards).toBe(whole.stdout);
  });

  test('a closed pipe is a normal exit', () => {
    const r = spawnSync('sh', ['-c', `"${process.execPath}" "${CLI}" generate toy --count 100000 --seed p -j 1 -q | head -n 2`], { env: ENV, encoding: 'utf8' });
    expect(r.status).toBe(0);
    expect(r.stdout.trim().split('\n')).toHaveLength(2);
    expect(r.stderr).toBe('');
  });

  test('bad batch options exit 2 with one line; a random seed is printed when none is given', () => {
    // A seed given twice, or empty (an unset $SEED), would make every run alike: refused.
    for (const bad of [['--shard', '4/4'], ['--workers', '0'], ['--seed', 'a', '--seed', 'b'], ['--seed', '']]) {
      const r = toy(bad);
      expect(r.code).toBe(2);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
    }
    const r = toy(['--count', '1']);
    expect(r.stderr).toMatch(/^puzzlemill: seed [0-9a-f]{12}\n/);
  });

  test('an --out that cannot be a directory exits 2 with one line naming it (and /proc/x does not hang)', () => {
    const file = join(tmp, 'a-file');
    writeFileSync(file, 'x\n');
    const cases: Array<[string, string]> = [
      [file, `puzzlemill: ${file}: cannot create the directory: exists and is not a directory\n`],
      [join(file, 'sub'), `puzzlemill: ${join(file, 'sub')}: cannot create the directory: a part of the path is a file, not a directory\n`],
    ];
    // Node 20's mkdirSync(…, { recursive: true }) spins forever here; ours gives up.
    if (process.platform === 'linux') cases.push(['/proc/puzzlemill-out', 'puzzlemill: /proc/puzzlemill-out: cannot create the directory: no such file or directory\n']);
    for (const [out, stderr] of cases) {
      const r = spawnSync(process.execPath, [CLI, 'generate', 'toy', '--count', '1', '--seed', 'o', '-q', '--out', out], { env: ENV, encoding: 'utf8', timeout: 20_000 });
      expect(r.signal).toBeNull();
      expect(r.status).toBe(2);
      expect(r.stderr).toBe(stderr);
    }
  });
});
