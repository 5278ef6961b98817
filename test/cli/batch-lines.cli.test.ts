/**
 * Issue 27 §4: batch output lines up with the input. One mixed file — a comment, a unique
 * puzzle, an unreadable line, a puzzle not decided within --max-nodes, one without a solution,
 * one with two — through every command that reads lines: solve and grade write exactly one stdout
 * line (record) per puzzle line, in order, a marker where there is no answer (docs/FORMATS.md,
 * "Batch output"); verify one report per line; import a board or a stderr line for each.
 */
import { describe, expect, test } from 'vitest';
import { runCli } from '../helpers/cli.ts';

// two givens on an irregular 9×9 layout: undecided within 100 nodes (test/cli/max-nodes.cli.test.ts)
const LAYOUT = '000112222000111112001334442013344222553444667553486677533886667538886677555888777';
const UNDECIDED = '..74' + '.'.repeat(77) + ':' + Array.from(LAYOUT, (b) => String.fromCharCode(65 + Number(b))).join('');
const UNIQUE = '12..34....4....1';
const NO_SOLUTION = '1..4.4....3.4...';
const TWO = '1.........4.....';
const INPUT = ['# a mixed batch', UNIQUE, 'abc', UNDECIDED, NO_SOLUTION, '', TWO].join('\n') + '\n';
const PUZZLE_LINES = [2, 3, 4, 5, 7];
const BUDGET = ['--max-nodes', '100'];

const linesOf = (s: string) => s.split('\n').slice(0, -1);

describe('one output line per input line, in order', () => {
  test('solve: the solution or a marker (bad-input, undecided, no-solution), reasons on stderr', () => {
    const r = runCli(['solve', ...BUDGET], { input: INPUT });
    expect(r.code).toBe(2);
    const out = linesOf(r.stdout);
    expect(out).toHaveLength(PUZZLE_LINES.length);
    expect(out[0]).toMatch(/^12[1-4]{2}34[1-4]{10}$/);
    expect(out.slice(1, 4)).toEqual(['bad-input', 'undecided', 'no-solution']);
    expect(out[4]).toMatch(/^1[1-4]{9}4[1-4]{5}$/); // the first of its two solutions
    expect(linesOf(r.stderr).map((l) => l.split(':')[1])).toEqual(['3', '4', '5']);
  });

  test('solve --count: 0, 1, 2 or a marker', () => {
    const r = runCli(['solve', '--count', ...BUDGET], { input: INPUT });
    expect(r.code).toBe(2);
    expect(linesOf(r.stdout)).toEqual(['1', 'bad-input', 'undecided', '0', '2']);
    expect(linesOf(r.stderr).map((l) => l.split(':')[1])).toEqual(['3', '4']);
  });

  test('grade and grade --json: a line or record for every line, the unreadable one too', () => {
    const text = runCli(['grade', ...BUDGET], { input: INPUT });
    expect(text.code).toBe(2);
    expect(linesOf(text.stdout).map((l) => l.split(/[: ]/)[1])).toEqual(PUZZLE_LINES.map(String));
    expect(linesOf(text.stdout)[1]).toBe('<stdin>:3:1  bad input: puzzle has 3 characters, expected 16, 25, 36, 49, 64 or 81');
    const json = runCli(['grade', '--json', ...BUDGET], { input: INPUT });
    const records = linesOf(json.stdout).map((l) => JSON.parse(l) as { line: number; verdict?: string });
    expect(records.map((j) => [j.line, j.verdict])).toEqual([
      [2, undefined],
      [3, 'bad-input'],
      [4, 'undecided'],
      [5, 'no-solution'],
      [7, 'several-solutions'],
    ]);
  });

  test('verify and verify --json: one report per line; import: a board or a stderr line for each', () => {
    const text = runCli(['verify', '-q', ...BUDGET], { input: INPUT });
    expect(linesOf(text.stdout).map((l) => l.split(':')[1])).toEqual(PUZZLE_LINES.map(String));
    const json = runCli(['verify', '--json', '-q', ...BUDGET], { input: INPUT });
    expect(linesOf(json.stdout).map((l) => [JSON.parse(l).line, JSON.parse(l).status])).toEqual([
      [2, 'ok'],
      [3, 'bad-input'],
      [4, 'fail'],
      [5, 'fail'],
      [7, 'fail'],
    ]);
    const imported = runCli(['import', ...BUDGET], { input: INPUT });
    expect(linesOf(imported.stdout)).toHaveLength(1);
    expect(linesOf(imported.stderr).map((l) => l.split(':')[2])).toEqual(['3', '4', '5', '7']); // 'puzzlemill: <stdin>:3:1: …'
  });
});
