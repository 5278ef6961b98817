/**
 * Issue 17, defect 14: every command that counts solutions of foreign input has `--max-nodes N`
 * (one default for all, 0 = none) and reports a puzzle not decided within it as "undecided"
 * (exit 1), never as "more than one solution" or "ok". The board: two givens on one of our own
 * irregular 9×9 layouts, where the plain fewest-options search is undecided after 5 M nodes
 * (test/sudoku/count-restarts.test.ts) and the counter's restarts decide it (two solutions).
 */
import { describe, expect, test } from 'vitest';
import { DEFAULT_MAX_NODES } from '../../src/core/budget.ts';
import { runCli } from '../helpers/cli.ts';

const HARD_LAYOUT = [
  [0, 0, 0, 1, 1, 2, 2, 2, 2], [0, 0, 0, 1, 1, 1, 1, 1, 2], [0, 0, 1, 3, 3, 4, 4, 4, 2],
  [0, 1, 3, 3, 4, 4, 2, 2, 2], [5, 5, 3, 4, 4, 4, 6, 6, 7], [5, 5, 3, 4, 8, 6, 6, 7, 7],
  [5, 3, 3, 8, 8, 6, 6, 6, 7], [5, 3, 8, 8, 8, 6, 6, 7, 7], [5, 5, 5, 8, 8, 8, 7, 7, 7],
];
const GIVENS = HARD_LAYOUT.map((row, r) => row.map((_, c) => (r === 0 && c === 2 ? 7 : r === 0 && c === 3 ? 4 : 0)));
const LINE = GIVENS.flat().map((d) => (d === 0 ? '.' : String(d))).join('') + ':' + HARD_LAYOUT.flat().map((b) => String.fromCharCode(65 + b)).join('');
const BOARD = JSON.stringify({
  format: 'puzzlemill/numbridge-board',
  version: 1,
  id: 'nearly-empty',
  public: { size: 9, geometry: 'hex', blockShape: 'irregular', regions: HARD_LAYOUT, givens: GIVENS, grade: { level: 1, name: 'easy', score: 1 } },
});
const UNDECIDED = (n: number) => `undecided: not decided within ${n} search nodes (raise --max-nodes)`;

describe('--max-nodes on a near-empty board of a hard layout', () => {
  test('solve --count: undecided within 100 nodes (exit 1); the default and 0 (no limit) count two', () => {
    const tiny = runCli(['solve', '--count', '--max-nodes', '100'], { input: LINE });
    expect(tiny).toMatchObject({ code: 1, stdout: 'undecided\n', stderr: `<stdin>:1: ${UNDECIDED(100)}\n` });
    expect(runCli(['solve', '--count'], { input: LINE })).toMatchObject({ code: 0, stdout: '2\n' });
    expect(runCli(['solve', '--count', '--max-nodes', '0'], { input: LINE })).toMatchObject({ code: 0, stdout: '2\n' });
  });

  test('verify, a line and a board file: FAIL "undecided" (exit 1), not "more than one solution"; the default decides', () => {
    const tiny = runCli(['verify', '--max-nodes', '100', '-q'], { input: `${LINE}\n${BOARD}\n` });
    expect(tiny.code).toBe(1);
    const lines = tiny.stdout.trim().split('\n');
    expect(lines).toHaveLength(2);
    for (const line of lines) {
      expect(line).toMatch(/^<stdin>:\d: FAIL: /);
      expect(line).toContain(UNDECIDED(100));
      expect(line).not.toMatch(/more than one solution|one of several/);
    }
    const decided = runCli(['verify', '-q'], { input: `${LINE}\n${BOARD}\n` });
    expect(decided.code).toBe(1);
    for (const line of decided.stdout.trim().split('\n')) {
      expect(line).toContain('has more than one solution');
      expect(line).not.toContain('undecided');
    }
  });

  test('grade: "undecided", as verify says it (exit 1, --json verdict undecided); the default says several solutions', () => {
    const tiny = runCli(['grade', '--max-nodes', '100'], { input: LINE });
    expect(tiny).toMatchObject({ code: 1, stdout: `<stdin>:1  ${UNDECIDED(100)}\n` });
    const json = JSON.parse(runCli(['grade', '--json', '--max-nodes', '100'], { input: LINE }).stdout);
    expect(json).toMatchObject({ guessFree: false, solutions: null, verdict: 'undecided' });
    expect(runCli(['grade'], { input: LINE })).toMatchObject({ code: 1, stdout: '<stdin>:1  has more than one solution\n' });
  });

  test('import: "undecided" (exit 1); the default says several solutions', () => {
    expect(runCli(['import', '--max-nodes', '100'], { input: LINE })).toMatchObject({ code: 1, stdout: '', stderr: `puzzlemill: <stdin>:1: ${UNDECIDED(100)}\n` });
    expect(runCli(['import'], { input: LINE })).toMatchObject({ code: 1, stderr: 'puzzlemill: <stdin>:1: has more than one solution\n' });
  });

  test('every such command documents the option and its shared default; a bad value is a usage error', () => {
    for (const command of [['solve'], ['verify'], ['grade'], ['import'], ['replay', 'numbridge']]) {
      const help = runCli([...command, '--help']);
      expect(help.stdout, command.join(' ')).toMatch(/--max-nodes/);
      expect(help.stdout, command.join(' ')).toContain(`[default: ${DEFAULT_MAX_NODES}]`);
    }
    expect(runCli(['verify', '--max-nodes', '-5']).code).toBe(2);
  });
});
