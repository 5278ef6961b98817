/** Smoke tests of `puzzlemill grade`, run as a user would. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { runCli } from '../helpers/cli.ts';
import { dataLines } from '../helpers/data.ts';

const EASY = dataLines('classic/17-clue.txt')[9]!;
const HARD = '........9.6....3..2.4....7...937.5.1.....2..3...15.7....1.24.....8.3.6...4.5.....'; // HoDoKu exemplar: singles, locked candidates, singles
const TWO_SOLUTIONS = dataLines('oracles/solution-counts.txt').find((l) => Number(l.split(':')[1]) >= 2)!.split(':')[0]!;
const CONTRADICTION = '12345678.' + '.'.repeat(8) + '9' + '.'.repeat(63);

const dir = mkdtempSync(join(tmpdir(), 'pm-grade-'));

describe('puzzlemill grade', () => {
  test('prints grade, score and techniques per puzzle', () => {
    const r = runCli(['grade'], { input: `${EASY}\n${HARD}\n` });
    expect(r.code).toBe(0);
    const [easy, hard] = r.stdout.trim().split('\n');
    expect(easy).toMatch(/^<stdin>:1 {2}easy \(level 1\), score \d+: full-house ×\d+, naked-single ×\d+, hidden-single ×\d+$/);
    expect(hard).toMatch(/^<stdin>:2 {2}medium \(level 2\), score \d+: .*locked-candidates-pointing ×1/);
  });

  test('--proof --lang de prints the steps in German; --json writes NDJSON', () => {
    const de = runCli(['grade', '--proof', '--lang', 'de'], { input: HARD + '\n' });
    expect(de.code).toBe(0);
    expect(de.stdout).toMatch(/\n {2}\d+\. Versteckter Single: Die \d kann in (Block|Zeile|Spalte) \d nur in r\dc\d stehen\.\n/);
    expect(de.stdout).toContain('Gesperrte Kandidaten (Pointing): In Block');
    const json = runCli(['grade', '--json', '--proof'], { input: `${EASY}\n${TWO_SOLUTIONS}\n` });
    expect(json.code).toBe(1);
    const [a, b] = json.stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(a).toMatchObject({ source: '<stdin>', line: 1, guessFree: true, grade: { level: 1, name: 'easy' } });
    expect(a.steps.length).toBeGreaterThan(50);
    expect(b).toMatchObject({ line: 2, guessFree: false, grade: null, solutions: 2, reason: 'more than one solution' });
  });

  test('reports puzzles that are not guess-free and bad lines, and grades the rest', () => {
    const r = runCli(['grade'], { input: `${TWO_SOLUTIONS}\nnot a puzzle\n${CONTRADICTION}\n${EASY}\n` });
    expect(r.code).toBe(1);
    const out = r.stdout.trim().split('\n');
    expect(out[0]).toBe('<stdin>:1  not guess-free: more than one solution');
    expect(out[1]).toBe('<stdin>:3  not guess-free: no solution (the givens contradict each other)');
    expect(out[2]).toMatch(/^<stdin>:4 {2}easy/);
    expect(r.stderr.trim()).toBe('<stdin>:2:1: puzzle has 12 characters, expected 16, 25, 36, 49, 64 or 81');
    const capped = runCli(['grade', '--max-tier', '1'], { input: HARD + '\n' });
    expect(capped.code).toBe(1);
    expect(capped.stdout).toMatch(/^<stdin>:1 {2}not guess-free: unique, but the techniques up to tier 1 stall with \d+ cells open\n$/);
    expect(runCli(['grade', '--max-tier', '0'], { input: HARD }).code).toBe(2);
  });

  test('grades Numbridge board JSON and exits 2 on unreadable input', () => {
    const nest = (s: string) => Array.from({ length: 9 }, (_, r) => Array.from({ length: 9 }, (_, c) => (s[r * 9 + c] === '.' ? 0 : Number(s[r * 9 + c]))));
    const regions = Array.from({ length: 9 }, (_, r) => Array.from({ length: 9 }, (_, c) => Math.floor(r / 3) * 3 + Math.floor(c / 3)));
    const board = {
      format: 'puzzlemill/numbridge-board',
      version: 1,
      id: 'nb-test-1',
      public: { size: 9, geometry: 'hex', blockShape: 'regular', regions, givens: nest(HARD), grade: { level: 2, name: 'medium', score: 1 } },
    };
    const file = join(dir, 'board.json');
    writeFileSync(file, JSON.stringify(board, null, 2));
    const r = runCli(['grade', file, join(dir, 'missing.txt')]);
    expect(r.code).toBe(2);
    expect(r.stdout).toMatch(/board\.json:1 nb-test-1 {2}medium \(level 2\)/);
    expect(r.stderr).toContain('missing.txt: cannot read: no such file or directory');
  });
});
