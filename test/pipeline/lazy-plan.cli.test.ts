/**
 * Huge counts (issue 17, defect 16): a run is planned lazily — no array or set over its indices —
 * so --count is bounded by the disk, not by memory: a count of 2^53 − 1 streams at once, an --out
 * run of 8.4 M puzzles starts writing, and resuming a directory scans its files. Beyond 2^53 − 1
 * (where k + 1 = k) --count is refused in one line.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { generateRun, indicesExcept, MAX_COUNT } from '../../src/pipeline/generate-run.ts';
import { manifestChunks } from '../../src/pipeline/out-dir.ts';
import type { RunManifest } from '../../src/pipeline/schema.ts';
import { shardRange } from '../../src/pipeline/shard.ts';
import { ROOT } from '../helpers/cli.ts';
import { TOY_MODULE, toyKind } from './fixtures/toy-kind.ts';

const CLI = join(ROOT, 'test/pipeline/fixtures/toy-cli.mjs');
const ENV = { ...process.env, PUZZLEMILL_KIND_MODULES: join(ROOT, 'test/pipeline/fixtures/toy-kind.ts') };
const tmp = mkdtempSync(join(tmpdir(), 'pm-lazy-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function toy(args: string[]) {
  const r = spawnSync(process.execPath, [CLI, 'generate', 'toy', ...args], { env: ENV, encoding: 'utf8', maxBuffer: 256 << 20, timeout: 60_000 });
  return { code: r.status ?? -1, signal: r.signal, stdout: r.stdout, stderr: r.stderr };
}

describe('--count is limited by the disk, not by memory', () => {
  test('beyond 2^53 − 1 it is refused in one line (1e20 used to abort V8)', () => {
    for (const count of ['1e20', '9007199254740992', '-1', '2.5']) {
      const r = toy(['--count', count, '--seed', 'x']);
      expect(r.code).toBe(2);
      expect(r.stderr).toBe(`puzzlemill: --count must be a whole number from 0 to ${MAX_COUNT} (see --help)\n`);
    }
  });

  test('a count of 2^53 − 1 streams at once and stops cleanly at --max-seconds', () => {
    const r = toy(['--count', String(MAX_COUNT), '--seed', 'huge', '--max-seconds', '1', '-j', '1']);
    expect(r.signal).toBeNull();
    expect(r.code).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines.length).toBeGreaterThan(0);
    expect(r.stderr).toMatch(new RegExp(`made ${lines.length} of ${MAX_COUNT} .*stopped by --max-seconds`));
  });

  test('--out with 8.4 M puzzles writes from the start (was "Set maximum size exceeded"), and resumes by scanning', async () => {
    const dir = join(tmp, 'big');
    const count = 8_400_000;
    const first = toy(['--count', String(count), '--seed', 'big', '--max-seconds', '1', '-j', '1', '-q', '--out', dir]);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    const made = readdirSync(dir).filter((n) => /^toy-\d{7}\.json$/.test(n)).length; // 7 digits: up to 8399999
    expect(made).toBeGreaterThan(0);
    const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as RunManifest;
    expect(manifest.complete).toBe(false);
    expect(manifest.puzzles.map((p) => p.index)).toEqual([...Array(made).keys()]);

    const again = await generateRun({ kind: toyKind, request: toyKind.parseRequest({}), seed: 'big', count, out: dir, maxSeconds: 0.3, kindModules: [TOY_MODULE] });
    expect(again.resumed).toBe(made);
    expect(again.stopped).toBe('time');
  });
});

describe('lazy planning, piece by piece', () => {
  test('indicesExcept skips the kept indices one at a time', () => {
    expect([...indicesExcept(3, 12, [2, 3, 5, 6, 11, 40])]).toEqual([4, 7, 8, 9, 10]);
    expect([...indicesExcept(0, 0, [])]).toEqual([]);
    const huge = indicesExcept(MAX_COUNT - 3, MAX_COUNT, [MAX_COUNT - 2]);
    expect([...huge]).toEqual([MAX_COUNT - 3, MAX_COUNT - 1]);
  });

  test('shards of a huge count are exact, contiguous and cover the whole run', () => {
    for (const count of [10, 1_000_003, MAX_COUNT, MAX_COUNT - 1]) {
      for (const of of [1, 3, 7, 50]) {
        let next = 0;
        for (let index = 0; index < of; index++) {
          const { start, end } = shardRange(count, { index, of });
          expect(start).toBe(next);
          expect(start).toBe(Number((BigInt(index) * BigInt(count)) / BigInt(of)));
          next = end;
        }
        expect(next).toBe(count);
      }
    }
  });

  test('the manifest written in pieces is byte for byte JSON.stringify(…, null, 2)', () => {
    const header: RunManifest = {
      format: 'puzzlemill/run-manifest',
      version: 1,
      kind: 'toy',
      puzzleFormat: 'test/toy',
      request: { work: 0, note: 'a "puzzles": [] inside a string' },
      paramsKey: 'work=0',
      seed: 's',
      count: 3,
      shard: { index: 0, of: 1 },
      range: { start: 0, end: 3 },
      player: true,
      complete: false,
      puzzles: [],
      failed: [],
    };
    const puzzles = [0, 2].map((index) => ({ index, file: `toy-00000${index}.json`, playerFile: `toy-00000${index}.player.json`, id: `t${index}`, seed: `s/${index}`, fingerprint: 'f' }));
    const failed = [{ index: 1, reason: 'toy budget ran out\nfor "s/1"' }];
    for (const [p, f] of [
      [[], []],
      [puzzles, []],
      [[], failed],
      [puzzles, failed],
    ] as const) {
      expect([...manifestChunks(header, p, f)].join('')).toBe(JSON.stringify({ ...header, puzzles: p, failed: f }, null, 2) + '\n');
    }
  });
});
