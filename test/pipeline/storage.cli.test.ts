/**
 * Full disks and short writes (issue 17, defect 7): an atomic write puts every byte in place or
 * fails, leaves no truncated file under the final name, and the CLI reports a full disk in one
 * line naming the file (exit 1) instead of "internal error" (exit 70).
 */
import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { nodeWriteFs, writeFileAtomic, writeFileAtomicChunks, type WriteFs } from '../../src/pipeline/atomic.ts';
import { isSystemError, systemReason } from '../../src/core/errors.ts';
import { runCli } from '../helpers/cli.ts';

const tmp = mkdtempSync(join(tmpdir(), 'pm-storage-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** A file system whose writes take at most `chunk` bytes each and stop for good after `room` bytes. */
function cramped(chunk: number, room: number, onFull: 'zero' | 'ENOSPC'): WriteFs & { written: number } {
  const fs = {
    ...nodeWriteFs,
    written: 0,
    writeSync(fd: number, data: Uint8Array, offset: number, length: number): number {
      const n = Math.min(chunk, length, room - fs.written);
      if (n <= 0) {
        if (onFull === 'zero') return 0;
        throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28, syscall: 'write' });
      }
      fs.written += nodeWriteFs.writeSync(fd, data, offset, n);
      return n;
    },
  };
  return fs;
}

describe('writeFileAtomic', () => {
  test('short writes are repeated until every byte is written', () => {
    const path = join(tmp, 'short.json');
    const text = JSON.stringify({ values: Array.from({ length: 500 }, (_, i) => i), note: 'ünïcode ✓' }) + '\n';
    const fs = cramped(7, Infinity, 'zero');
    writeFileAtomic(path, text, true, fs);
    expect(readFileSync(path, 'utf8')).toBe(text);
    expect(fs.written).toBe(Buffer.byteLength(text));
  });

  test.each(['zero', 'ENOSPC'] as const)('a full disk (%s) fails naming the target; the old file stays, no temp file is left', (onFull) => {
    const dir = join(tmp, `full-${onFull}`);
    mkdirSync(dir);
    const path = join(dir, 'puzzle.json');
    writeFileSync(path, 'old\n');
    let error: unknown;
    try {
      writeFileAtomic(path, 'x'.repeat(10_000), true, cramped(1000, 4000, onFull));
    } catch (e) {
      error = e;
    }
    expect(isSystemError(error)).toBe(true);
    expect(error).toMatchObject({ code: 'ENOSPC', path, syscall: 'write' });
    expect(systemReason(error as Error)).toBe('no space left on the device');
    expect(readFileSync(path, 'utf8')).toBe('old\n');
    expect(readdirSync(dir)).toEqual(['puzzle.json']);
  });

  test('fsync and close failures are reported with the target too', () => {
    for (const call of ['fsyncSync', 'closeSync'] as const) {
      const path = join(tmp, `io-${call}.json`);
      let closed = false;
      const fs: WriteFs = {
        ...nodeWriteFs,
        [call]: (fd: number) => {
          if (call === 'closeSync' && !closed) {
            closed = true;
            nodeWriteFs.closeSync(fd);
          }
          throw Object.assign(new Error('EDQUOT: disk quota exceeded'), { code: 'EDQUOT', syscall: call.replace('Sync', '') });
        },
      };
      expect(() => writeFileAtomic(path, 'text\n', true, fs)).toThrow(expect.objectContaining({ code: 'EDQUOT', path }));
      expect(existsSync(path)).toBe(false);
      expect(readdirSync(tmp).filter((n) => n.includes(`io-${call}`))).toEqual([]);
    }
  });

  test('chunks are written as their concatenation (strings and bytes)', () => {
    const path = join(tmp, 'chunks.txt');
    const chunks = ['a', 'b'.repeat(3 << 20), new Uint8Array([0x63, 0x64]), 'é\n'];
    writeFileAtomicChunks(path, chunks, false, cramped(100_000, Infinity, 'zero'));
    expect(readFileSync(path, 'utf8')).toBe('a' + 'b'.repeat(3 << 20) + 'cdé\n');
  });
});

/** Mount a tmpfs of `kb` KiB at a new directory (root only); null where that is not possible. */
function smallDisk(kb: number): { dir: string; unmount(): void } | null {
  if (process.platform !== 'linux' || process.getuid?.() !== 0) return null;
  const dir = mkdtempSync(join(tmpdir(), 'pm-small-disk-'));
  const r = spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${kb}k`, 'tmpfs', dir], { encoding: 'utf8' });
  if (r.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    return null;
  }
  return {
    dir,
    unmount() {
      spawnSync('umount', [dir]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const canMount = (() => {
  const probe = smallDisk(16);
  probe?.unmount();
  return probe !== null;
})();

describe.runIf(canMount)('a real full disk (tmpfs)', () => {
  // -j 2: the workers write the files; the failure crosses the thread as data and is reported the same way
  test.each(['1', '2'])('generate --out -j %s: exit 1, one line naming the file; every file there is whole; no lock is left', (workers) => {
    // -j 2 on 9×9 boards and room for a few hundred: the disk fills after the pool has taken over
    const disk = smallDisk(workers === '1' ? 64 : 2048)!;
    try {
      const out = join(disk.dir, 'run');
      const size = workers === '1' ? ['--size', '6', '--count', '200'] : ['--size', '9', '--count', '3000'];
      const r = runCli(['generate', 'numbridge', ...size, '--seed', 'full', '--player', '-q', '-j', workers, '--out', out]);
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/^puzzlemill: \S+\/numbridge-\d{6}(\.player)?\.json: cannot write: no space left on the device\n$/);
      const names = readdirSync(out);
      expect(names.filter((n) => n.startsWith('.'))).toEqual([]); // no temp file, no lock
      for (const name of names) expect(() => JSON.parse(readFileSync(join(out, name), 'utf8'))).not.toThrow();
    } finally {
      disk.unmount();
    }
  });

  test('a read-only --out: exit 1, one line naming the lock it could not take', () => {
    const disk = smallDisk(64)!;
    try {
      const out = join(disk.dir, 'run');
      mkdirSync(out);
      expect(spawnSync('mount', ['-o', 'remount,ro', disk.dir]).status).toBe(0);
      const r = runCli(['generate', 'numbridge', '--size', '6', '--count', '2', '--seed', 'ro', '-q', '-j', '1', '--out', out]);
      expect(r.stderr).toBe(`puzzlemill: ${join(out, '.manifest.json.lock')}: cannot write: read-only file system\n`);
      expect(r.code).toBe(1);
    } finally {
      disk.unmount();
    }
  });

  test('render --format png: no truncated picture under the final name, exit 1', () => {
    const board = runCli(['generate', 'numbridge', '--size', '9', '--count', '1', '--seed', 'png', '-q', '-j', '1']);
    expect(board.code).toBe(0);
    const file = join(tmp, 'board.json');
    writeFileSync(file, board.stdout);
    const disk = smallDisk(12)!;
    try {
      const out = join(disk.dir, 'pictures');
      const r = runCli(['render', file, '--format', 'png', '--out', out]);
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/^puzzlemill: \S+\.png: cannot write: no space left on the device\n$/);
      expect(readdirSync(out)).toEqual([]);
    } finally {
      disk.unmount();
    }
  });

  test('daily on a full disk fails in one line and leaves no lock: the next daily, with room, is not refused', () => {
    const disk = smallDisk(2048)!;
    try {
      const corpus = join(disk.dir, 'daily');
      mkdirSync(corpus);
      const ballast = join(disk.dir, 'ballast');
      const fd = openSync(ballast, 'w');
      try {
        for (;;) writeSync(fd, Buffer.alloc(4096)); // fill the disk to the last block
      } catch {
        /* full */
      } finally {
        closeSync(fd);
      }
      const day = ['daily', '--date', '2026-03-02', '--out', corpus, '-j', '1', '-q'];
      // the key from the environment: nothing is written outside the small disk
      const env = { PUZZLEMILL_DAILY_KEY: 'storage-test-key-0123456789abcdef0123456789' };
      const full = runCli(day, { env, cwd: disk.dir });
      expect(full.code).toBe(1);
      expect(full.stderr).toMatch(/^puzzlemill: \S+: cannot write: no space left on the device\n$/);
      expect((readdirSync(corpus, { recursive: true }) as string[]).filter((n) => n.includes('lock'))).toEqual([]);
      rmSync(ballast);
      const again = runCli(day, { env, cwd: disk.dir });
      expect(again.stderr).toBe('');
      expect(again.code).toBe(0);
    } finally {
      disk.unmount();
    }
  });
});
