/**
 * The CLI's solve and grade come from the kinds' capabilities, and the one board check speaks one
 * wording: the same puzzle gets the same reason from verify, grade and import.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { runCli } from '../helpers/cli.ts';
import { dataLines } from '../helpers/data.ts';
import { kindFolder } from '../helpers/kind-folder.ts';

const TWO_SOLUTIONS = dataLines('oracles/solution-counts.txt').find((l) => Number(l.split(':')[1]) >= 2)!.split(':')[0]!;
const CONTRADICTION = '12345678.' + '.'.repeat(8) + '9' + '.'.repeat(63);
const BEYOND = '1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1';
// a kind with neither capability: verify only
const BARE = kindFolder({
  'bare.mjs': `import { registerKind } from 'puzzlemill';
registerKind({ name: 'bare', format: 'test/bare', describe: 'no solver, no grader', schema: { type: 'object' }, options: {},
  parseRequest: () => ({}), paramsKey: () => '', puzzleSeed: (s, _r, k) => s + k, generate: () => ({}),
  verify: () => ({ problems: [], summary: '' }), playerForm: (f) => f, fingerprint: () => '', seedOf: () => undefined });
`,
});
const BARE_ENV = { PUZZLEMILL_KIND_MODULES: join(BARE, 'bare.mjs') };
afterAll(() => rmSync(BARE, { recursive: true, force: true }));

describe('one check, one wording (sudoku/logic/verdict.ts judgeBoard)', () => {
  test.each([
    ['several solutions', TWO_SOLUTIONS, [], 'has more than one solution'],
    ['contradictory givens', CONTRADICTION, [], 'has no solution'],
    // the whole ladder finishes BEYOND (nested forcing chains); within 10 branches it cannot
    ['past the prover budget', BEYOND, ['--max-branches', '10'], 'undecided: the logic prover did not finish within 10 forcing-chain branches (raise --max-branches)'],
  ])('%s: verify, grade and import say the same', (_name, line, options, reason) => {
    const verify = runCli(['verify', '-q', ...options], { input: line + '\n' });
    expect(verify.code).toBe(1);
    expect(verify.stdout).toMatch(new RegExp(`^<stdin>:1: FAIL: sudoku 9×9, \\d+ givens: ${reason.replace(/[()]/g, '\\$&')}\\n$`));
    expect(runCli(['grade', ...options], { input: line + '\n' })).toMatchObject({ code: 1, stdout: `<stdin>:1  ${reason}\n` });
    expect(runCli(['import', ...options], { input: line + '\n' })).toMatchObject({ code: 1, stderr: `puzzlemill: <stdin>:1: ${reason}\n` });
  });
});

describe('solve and grade of any kind with the capability', () => {
  test('a Murder case is solved (its secret.solution shape) and graded (its level, score and rules)', () => {
    const made = runCli(['generate', 'murder', '--size', '5', '--level', 'medium', '--seed', 'caps', '-q', '-j', '1']);
    expect(made.code).toBe(0);
    const file = JSON.parse(made.stdout);
    const player = JSON.stringify({ ...file, secret: undefined });
    const solved = runCli(['solve'], { input: player });
    expect(solved).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(solved.stdout)).toEqual(file.secret.solution);
    expect(runCli(['solve', '--count'], { input: player }).stdout).toBe('1\n');
    const graded = runCli(['grade'], { input: player });
    expect(graded.code).toBe(0);
    expect(graded.stdout).toMatch(new RegExp(`^<stdin>:1 ${file.id}  medium \\(level 2\\), score ${file.public.level.score}: .*clue-filter ×\\d+`));
    const json = JSON.parse(runCli(['grade', '--json', '--proof', '--lang', 'de'], { input: player }).stdout);
    expect(json).toMatchObject({ guessFree: true, grade: { level: 2, name: 'medium', score: file.public.level.score } });
    expect(json.steps.length).toBe(file.secret.proof.steps.length);
  });

  test('a Numbridge board: the solution line, as before', () => {
    const made = runCli(['generate', 'numbridge', '--size', '6', '--seed', 'caps', '-q', '-j', '1']);
    const file = JSON.parse(made.stdout);
    expect(runCli(['solve'], { input: made.stdout }).stdout).toBe(file.secret.solution.flat().join('') + '\n');
    expect(runCli(['grade'], { input: made.stdout }).stdout).toMatch(new RegExp(`^<stdin>:1 ${file.id}  ${file.public.grade.name} \\(level ${file.public.grade.level}\\), score ${file.public.grade.score}`));
  });

  test('a registered kind without the capability, and an unknown format, are refused in one line naming the format (exit 2)', () => {
    const bare = JSON.stringify({ format: 'test/bare', version: 1, id: 't', public: {} });
    for (const command of ['solve', 'grade'] as const) {
      const r = runCli([command], { input: bare + '\n', env: BARE_ENV });
      expect(r.code).toBe(2);
      expect(r.stderr).toBe(`<stdin>:1 /format: test/bare has no ${command === 'solve' ? 'solver' : 'grader'} (${command} takes line-format puzzles and puzzlemill/numbridge-board, puzzlemill/murder-case)\n`);
    }
    const unknown = runCli(['solve'], { input: '{"format":"other/thing"}\n' });
    expect(unknown).toMatchObject({ code: 2, stderr: '<stdin>:1 /format: unknown format "other/thing" (solve takes line-format puzzles and puzzlemill/numbridge-board, puzzlemill/murder-case)\n' });
  });
});

describe('a kind module that cannot be loaded', () => {
  test('is one line naming PUZZLEMILL_KIND_MODULES and the module, exit 2, not an internal error', () => {
    const env = { PUZZLEMILL_KIND_MODULES: join(BARE, 'missing.mjs') };
    const r = runCli(['generate', 'numbridge', '--seed', 'x', '-q'], { env });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(new RegExp(`^puzzlemill: PUZZLEMILL_KIND_MODULES: cannot load ${join(BARE, 'missing.mjs').replace(/[.]/g, '\\.')}: [^\n]+\n$`));
  });
});
