/**
 * What the CLI says matches the facts (issue 12 point 7, issue 17 defect 13): puzzlemill's own
 * version from any working directory, --grade by name, a progress bar that stays gone after the
 * summary, one picture per turn of a game in one folder, and a stdout that cannot be written is one
 * line (exit 1), not a stack trace.
 */
import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { progressBar } from '../../src/cli/progress.ts';
import { gradeLevel } from '../../src/numbridge-board/request.ts';
import { BIN, ROOT, runCli } from '../helpers/cli.ts';

const DOMINO_EXAMPLE = ROOT + 'test/fixtures/domino-example.txt';
const dir = mkdtempSync(join(tmpdir(), 'pm-words-'));

describe('puzzlemill --version', () => {
  test("prints puzzlemill's own version when installed as a dependency, not the host project's", () => {
    // A host project with puzzlemill and its dependencies hoisted into node_modules, as npm installs
    // them (symlinks, kept as paths by --preserve-symlinks): yargs' own guess reads the package.json
    // above the node_modules that holds yargs, which is the host's.
    const own = JSON.parse(readFileSync(ROOT + 'package.json', 'utf8')).version as string;
    const host = join(dir, 'host-project');
    mkdirSync(join(host, 'node_modules', 'puzzlemill'), { recursive: true });
    writeFileSync(join(host, 'package.json'), JSON.stringify({ name: 'club-server', version: '7.7.7' }));
    for (const entry of ['dist', 'schemas', 'package.json']) symlinkSync(ROOT + entry, join(host, 'node_modules', 'puzzlemill', entry));
    for (const dep of readdirSync(ROOT + 'node_modules')) symlinkSync(join(ROOT, 'node_modules', dep), join(host, 'node_modules', dep));
    const bin = join(host, 'node_modules', 'puzzlemill', 'dist', 'cli', 'puzzlemill.js');
    const r = spawnSync(process.execPath, ['--preserve-symlinks', '--preserve-symlinks-main', bin, '--version'], { cwd: host, encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe(own + '\n');
    expect(runCli(['--version'], { cwd: host }).stdout).toBe(own + '\n');
  });
});

describe('--grade by name', () => {
  test('gradeLevel: names and levels, nothing else', () => {
    expect(['easy', 'medium', 'hard', 'fiendish'].map(gradeLevel)).toEqual([1, 2, 3, 4]);
    expect(gradeLevel('2')).toBe(2);
    expect(gradeLevel(3)).toBe(3);
    expect(() => gradeLevel('hardest')).toThrow(RangeError);
  });

  test('generate numbridge --grade easy writes the same bytes as --grade 1; an unknown name is exit 2', () => {
    const args = ['generate', 'numbridge', '--size', '4', '--count', '2', '--seed', 'named', '-q', '-j', '1'];
    const byName = runCli([...args, '--grade', 'easy']);
    const byLevel = runCli([...args, '--grade', '1']);
    expect(byName.code).toBe(0);
    expect(byName.stdout).toBe(byLevel.stdout);
    expect(byName.stdout.trim().split('\n')).toHaveLength(2);
    const bad = runCli([...args, '--grade', 'hardest']);
    expect(bad.code).toBe(2);
    expect(bad.stderr.trim().split('\n')).toHaveLength(1);
  });
});

describe('the progress bar', () => {
  const isTTY = process.stderr.isTTY;
  afterEach(() => {
    process.stderr.isTTY = isTTY;
    vi.restoreAllMocks();
  });

  /** Everything written to stderr by `run`, with stderr pretending to be a terminal. */
  function onTerminal(run: () => void): string[] {
    const written: string[] = [];
    process.stderr.isTTY = true;
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    });
    run();
    return written;
  }

  test('is never drawn again after the summary, started or not', () => {
    for (const startedBefore of [true, false]) {
      const written = onTerminal(() => {
        const bar = progressBar('test', false);
        if (startedBefore) bar.update(1, 10);
        bar.stop();
        bar.log('the summary');
        bar.update(5, 10); // a late report: a worker's last batch
        bar.update(10, 10);
        bar.stop();
      });
      const summary = written.findIndex((w) => w.includes('the summary'));
      expect(summary, `started before: ${startedBefore}`).toBeGreaterThanOrEqual(0);
      expect(written.slice(summary + 1), `started before: ${startedBefore}`).toEqual([]);
    }
  });
});

describe('render --turn into one folder', () => {
  test('the pictures of different turns of one game get different names; without --turn the name is as before', () => {
    const out = join(dir, 'turns');
    for (const turn of ['3', '12']) expect(runCli(['render', DOMINO_EXAMPLE, '--turn', turn, '--out', out]).code).toBe(0);
    expect(runCli(['render', DOMINO_EXAMPLE, '--out', out]).code).toBe(0);
    expect(readdirSync(out).sort()).toEqual(['domino-example.en.svg', 'domino-example.turn-12.en.svg', 'domino-example.turn-3.en.svg']);
    expect(readFileSync(join(out, 'domino-example.turn-3.en.svg'), 'utf8')).toContain('after turn 3/');
    expect(readFileSync(join(out, 'domino-example.turn-12.en.svg'), 'utf8')).toContain('after turn 12/');
  });
});

describe('a stdout that cannot be written (> /dev/full)', () => {
  /** Run the binary with stdout on /dev/full. */
  function toFullDisk(args: string[], input = ''): { code: number; stderr: string } {
    const full = openSync('/dev/full', 'w');
    try {
      const r = spawnSync(process.execPath, [BIN, ...args], { cwd: ROOT, input, stdio: ['pipe', full, 'pipe'], encoding: 'utf8' });
      return { code: r.status ?? -1, stderr: r.stderr };
    } finally {
      closeSync(full);
    }
  }

  test.skipIf(!existsSync('/dev/full'))('every data command: one line naming the reason, exit 1, no stack trace', () => {
    const board = runCli(['generate', 'numbridge', '--size', '4', '--seed', 'full', '-q', '-j', '1']).stdout;
    const boards = join(dir, 'boards.ndjson');
    writeFileSync(boards, board);
    const line = runCli(['export', '--to', 'line', boards]).stdout;
    const kase = join(dir, 'case.ndjson');
    writeFileSync(kase, runCli(['generate', 'murder', '--size', '4', '--level', 'easy', '--seed', 'full', '-q', '-j', '1']).stdout);
    const records = join(dir, 'records.ndjson');
    writeFileSync(records, runCli(['selfplay', 'numbridge', '--games', '1', '--seed', 'full', '-q']).stdout);
    const cases: Array<[string[], string?]> = [
      [['solve'], line],
      [['grade', boards]],
      [['verify', '-j', '1', boards]],
      [['import'], line],
      [['export', '--to', 'ipuz', boards]],
      [['render', kase]],
      [['deal', 'kosmos', '--seed', 'full']],
      [['deal', 'domino', '--seed', 'full']],
      [['deal', 'numbridge', '--seed', 'full']],
      [['generate', 'numbridge', '--size', '4', '--seed', 'full', '-q', '-j', '1']],
      [['generate', 'murder', '--size', '4', '--level', 'easy', '--seed', 'full', '-q', '-j', '1']],
      [['selfplay', 'numbridge', '--games', '1', '--seed', 'full', '-q']],
      [['replay', 'numbridge', records]],
      [['replay', 'domino', DOMINO_EXAMPLE]],
      [['complete', 'domino', DOMINO_EXAMPLE]],
    ];
    for (const [args, input] of cases) {
      const r = toFullDisk(args, input);
      expect(r.code, args.join(' ')).toBe(1);
      expect(r.stderr, args.join(' ')).not.toMatch(/\n\s+at |Error:|internal error/);
      expect(r.stderr.trimEnd().split('\n').at(-1), args.join(' ')).toBe('puzzlemill: cannot write to stdout: no space left on the device');
    }
  });

  test.skipIf(!existsSync('/dev/full'))('verify and selfplay say only that line: no summary of output that never arrived', () => {
    const boards = join(dir, 'summary-boards.ndjson');
    writeFileSync(boards, runCli(['generate', 'numbridge', '--size', '4', '--seed', 'summary', '-q', '-j', '1', '--count', '3']).stdout);
    for (const args of [['verify', '-j', '1', boards], ['selfplay', 'numbridge', '--games', '2', '--seed', 'full']]) {
      expect(toFullDisk(args), args.join(' ')).toEqual({ code: 1, stderr: 'puzzlemill: cannot write to stdout: no space left on the device\n' });
    }
  });
});
