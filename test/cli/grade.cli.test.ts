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
// unique, and beyond the ladder (test/fixtures/verify/lines.txt line 8: no rung finds a first step)
const BEYOND = '1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1';
// top1465 puzzle 3: past tier 2 (the full ladder grades it), stopped with --max-tier 2
const TOP_3 = dataLines('classic/top1465.txt')[2]!;
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
    expect(b).toMatchObject({ line: 2, guessFree: false, grade: null, solutions: 2, verdict: 'several-solutions', reason: 'has more than one solution' });
  });

  test('reports puzzles it cannot grade for what they are, bad lines as unreadable (exit 2), and grades the rest', () => {
    const input = `${TWO_SOLUTIONS}\nnot a puzzle\n${CONTRADICTION}\n${EASY}\n`;
    const r = runCli(['grade'], { input });
    expect(r.code).toBe(2);
    const out = r.stdout.trim().split('\n');
    expect(out[0]).toBe('<stdin>:1  has more than one solution'); // verify's and import's words (sudoku/logic/verdict.ts)
    expect(out[1]).toBe('<stdin>:2:1  bad input: puzzle has 12 characters, expected 16, 25, 36, 49, 64 or 81'); // a line for every line
    expect(out[2]).toBe('<stdin>:3  has no solution');
    expect(out[3]).toMatch(/^<stdin>:4 {2}easy/);
    expect(r.stderr.trim()).toBe('<stdin>:2:1: puzzle has 12 characters, expected 16, 25, 36, 49, 64 or 81');
    // --json: a record for the unreadable line too, as verify --json writes one
    const json = runCli(['grade', '--json'], { input }).stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(json.map((j) => j.line)).toEqual([1, 2, 3, 4]);
    expect(json[1]).toEqual({ source: '<stdin>', line: 2, column: 1, guessFree: false, grade: null, solutions: null, verdict: 'bad-input', reason: 'puzzle has 12 characters, expected 16, 25, 36, 49, 64 or 81', techniques: {} });
    expect(runCli(['grade'], { input: `${TWO_SOLUTIONS}\n${EASY}\n` }).code).toBe(1);
    expect(runCli(['grade', '--max-tier', '0'], { input: HARD }).code).toBe(2);
  });

  test('a unique puzzle the ladder cannot finish is "beyond the ladder" with the tier reached, never "not guess-free"', () => {
    const capped = runCli(['grade', '--max-tier', '2'], { input: TOP_3 + '\n' });
    expect(capped.code).toBe(1);
    expect(capped.stdout).toMatch(/^<stdin>:1 {2}beyond the ladder up to tier 2: unique; the logic prover reaches tier 2 \(medium\) and stalls with \d+ of 81 cells placed\n$/);
    expect(capped.stdout).not.toMatch(/guess/);
    const json = JSON.parse(runCli(['grade', '--json', '--max-tier', '2'], { input: TOP_3 + '\n' }).stdout);
    expect(json).toMatchObject({ solutions: 1, verdict: 'beyond-ladder', tier: 2, grade: null });
    expect(runCli(['grade', '--max-tier', '1'], { input: HARD + '\n' }).stdout).toMatch(/beyond the ladder up to tier 1: unique; the logic prover finds no first step and stalls with 24 of 81/);
    // a classic with no givens placed by any rung of the ladder but the last (nested chains finish it)
    const stuck = runCli(['grade', '--no-nested'], { input: BEYOND + '\n' });
    expect(stuck.code).toBe(1);
    expect(stuck.stdout).toMatch(/^<stdin>:1 {2}beyond the ladder: unique; the logic prover (reaches tier \d \(\w+\)|finds no first step) and stalls with \d+ of 81 cells placed\n$/);
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
