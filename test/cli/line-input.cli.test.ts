/**
 * Line input through the real binary: every command reads a line the same way (the one reader,
 * src/sudoku/line-format.ts). Boards the generator makes go out with `export --to line` and come
 * back through solve, solve --count, grade, verify and import agreeing with the board files; a
 * block map is never ignored; a line's count and solution claims are checked by verify.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { generateBoard } from '../../src/numbridge-board/generate.ts';
import type { BoardRequest } from '../../src/numbridge-board/request.ts';
import type { NumbridgeBoardFile } from '../../src/numbridge-board/schema.ts';
import { grade, importPuzzle, solve, verify } from '../../src/index.ts';
import { runCli, type CliResult } from '../helpers/cli.ts';
import { TEST_DATA } from '../helpers/data.ts';

const dir = mkdtempSync(join(tmpdir(), 'pm-line-'));
const file = (name: string, text: string) => {
  const p = join(dir, name);
  writeFileSync(p, text);
  return p;
};
const linesOf = (r: CliResult) => r.stdout.trim().split('\n');

const JIGSAW = '1.2.......34....:AAABCABBCCDBCDDD';
const JIGSAW_SOLUTION = '1423431221343241';
const REGULAR_SOLUTION = '1423324121344312'; // of the same givens under the regular 2×2 blocks
const FIVE = '13..4.5...41.23.4....2...:AAABBCAABBCCDDBCDDDECEEEE';
const SEVEN = '51..2....523.1....6.7....4.372.4....34.....7.154.:AAAABBBAACCBBBADCCCBEDDCECEEDDFEEGEDDFFGGGFFFFGGG';

describe('boards the generator makes: export --to line, then every command agrees with the file', () => {
  const requests: BoardRequest[] = [
    { size: 4, blocks: 'irregular', givens: 6 },
    { size: 5, blocks: 'irregular', givens: 10 },
    { size: 6, blocks: 'regular', givens: 14 },
    { size: 7, blocks: 'irregular', givens: 20 },
    { size: 8, blocks: 'irregular', givens: 28 },
    { size: 9, blocks: 'irregular', givens: 30 },
    { size: 9, blocks: 'regular', givens: 30 },
  ];
  const boards: NumbridgeBoardFile[] = requests.map((r, k) => generateBoard(r, `line-cli/${k}`));
  const boardFile = file('boards.ndjson', boards.map((b) => JSON.stringify(b)).join('\n') + '\n');
  const exported = runCli(['export', '--to', 'line', boardFile]);
  const lineFile = file('boards.txt', exported.stdout);
  const withSolutions = file('solved.txt', runCli(['export', '--to', 'line', '--solution', boardFile]).stdout);

  test('export writes one line per board, a block map exactly for the irregular ones', () => {
    expect(exported.code).toBe(0);
    expect(linesOf(exported).map((l) => l.includes(':'))).toEqual(boards.map((b) => b.public.blockShape === 'irregular'));
  });

  test('solve: the same solutions from the lines as from the files, and they are the files\' solutions', () => {
    const fromLines = runCli(['solve', lineFile]);
    expect(fromLines.stderr).toBe('');
    expect(fromLines.code).toBe(0);
    expect(linesOf(fromLines)).toEqual(boards.map((b) => b.secret!.solution.flat().join('')));
    expect(runCli(['solve', boardFile]).stdout).toBe(fromLines.stdout);
    expect(linesOf(runCli(['solve', '--count', lineFile]))).toEqual(boards.map(() => '1'));
  });

  test('grade: the same grade from the lines as from the files, the one the files claim', () => {
    const grades = (r: CliResult) => linesOf(r).map((l) => l.split('  ')[1]);
    const fromLines = runCli(['grade', lineFile]);
    expect(fromLines.code).toBe(0);
    expect(grades(fromLines)).toEqual(grades(runCli(['grade', boardFile])));
    expect(grades(fromLines).map((g) => g!.replace(/:.*/, ''))).toEqual(boards.map((b) => `${b.public.grade.name} (level ${b.public.grade.level}), score ${b.public.grade.score}`));
  });

  test('verify: every line, with its solution, is ok with the files\' grade', () => {
    const r = runCli(['verify', withSolutions]);
    expect(r.code).toBe(0);
    expect(linesOf(r)).toEqual(
      boards.map((b, k) => {
        const n = b.public.size;
        const g = b.public.grade;
        const blocks = b.public.blockShape === 'irregular' ? ' irregular' : '';
        const givens = b.public.givens.flat().filter((d) => d > 0).length;
        return `${withSolutions}:${k + 1}: ok: sudoku ${n}×${n}${blocks}, ${givens} givens, grade ${g.level} (${g.name}, score ${g.score})`;
      }),
    );
  });

  test('import: the lines come back as the same board files (same id, blocks, givens, grade, solution)', () => {
    const r = runCli(['import', withSolutions]);
    expect(r.stderr).toBe('');
    const back = linesOf(r).map((l) => JSON.parse(l) as NumbridgeBoardFile);
    const essence = (b: NumbridgeBoardFile) => ({ id: b.id, size: b.public.size, blockShape: b.public.blockShape, regions: b.public.regions, givens: b.public.givens, grade: b.public.grade, solution: b.secret!.solution });
    expect(back.map(essence)).toEqual(boards.map(essence));
  });
});

describe("the issue's jigsaw 1.2.......34....:AAABCABBCCDBCDDD", () => {
  test('solve and solve --count answer for the jigsaw, not for the regular blocks', () => {
    expect(runCli(['solve'], { input: JIGSAW + '\n' }).stdout).toBe(JIGSAW_SOLUTION + '\n');
    expect(runCli(['solve'], { input: JIGSAW.split(':')[0] + '\n' }).stdout).toBe(REGULAR_SOLUTION + '\n');
    expect(runCli(['solve', '--count'], { input: JIGSAW + '\n' }).stdout).toBe('1\n');
  });

  test('verify says ok for the jigsaw itself, and FAIL when the regular reading\'s solution is claimed', () => {
    const r = runCli(['verify'], { input: `${JIGSAW}\n${JIGSAW}:1:${JIGSAW_SOLUTION}\n${JIGSAW}:1:${REGULAR_SOLUTION}\n` });
    expect(r.code).toBe(1);
    expect(linesOf(r)).toEqual([
      '<stdin>:1: ok: sudoku 4×4 irregular, 4 givens, grade 1 (easy, score 208)',
      '<stdin>:2: ok: sudoku 4×4 irregular, 4 givens, grade 1 (easy, score 208)',
      "<stdin>:3: FAIL: sudoku 4×4 irregular, 4 givens, grade 1 (easy, score 208): the line's solution is not a solution: 2 at r1c3 and r2c2 share a block",
    ]);
  });

  test('grade and import read the same blocks', () => {
    expect(runCli(['grade', '--json'], { input: JIGSAW + '\n' }).stdout).toMatch(/"guessFree":true,"grade":\{"level":1,"name":"easy","score":208,"scale":4[,}]/);
    const imported = JSON.parse(runCli(['import'], { input: JIGSAW + '\n' }).stdout) as NumbridgeBoardFile;
    expect(imported.public.blockShape).toBe('irregular');
    expect(imported.secret!.solution.flat().join('')).toBe(JIGSAW_SOLUTION);
  });
});

describe('sizes, clashes and bad fields', () => {
  test('25- and 49-character lines with their map: solve, verify and grade accept them', () => {
    const input = `${FIVE}\n${SEVEN}\n`;
    const solved = runCli(['solve', '--count'], { input });
    expect(solved.stdout).toBe('1\n1\n');
    const verified = runCli(['verify'], { input });
    expect(verified.code).toBe(0);
    expect(linesOf(verified).map((l) => l.replace(/,.*/, ''))).toEqual(['<stdin>:1: ok: sudoku 5×5 irregular', '<stdin>:2: ok: sudoku 7×7 irregular']);
    expect(runCli(['grade'], { input }).code).toBe(0);
  });

  test('a 25-character line without a map is one line saying so, in every command', () => {
    const bare = FIVE.split(':')[0] + '\n';
    const reason = '<stdin>:1:26: 5×5 has no regular blocks: add the block map (":" and 25 block labels)';
    for (const command of ['solve', 'grade']) {
      const r = runCli([command], { input: bare });
      expect(r.code).not.toBe(0);
      expect(r.stderr).toBe(reason + '\n');
    }
    expect(runCli(['verify'], { input: bare }).stdout).toBe(reason.replace(': 5×5', ': bad input: 5×5') + '\n');
    expect(runCli(['import'], { input: bare }).stderr).toBe(`puzzlemill: ${reason}\n`);
  });

  test('givens that clash only under the regular blocks are solved with the map and refused without it', () => {
    const givens = '142.4.....34....';
    expect(runCli(['solve'], { input: `${givens}:${JIGSAW.split(':')[1]}\n` }).stdout).toBe(JIGSAW_SOLUTION + '\n');
    const plain = runCli(['solve'], { input: givens + '\n' });
    expect(plain.code).not.toBe(0);
    expect(plain.stderr).toBe('<stdin>:1:5: givens clash: 4 at r1c2 and r2c1 share a block\n');
  });

  test('a field that is neither a block map nor a count is refused with its column by every command, no stack trace', () => {
    const line = `${JIGSAW.split(':')[0]}:AAABCABBCCDBCDD\n`; // one label short
    const reason = '<stdin>:1:18: expected a block map (16 block labels) or a solution count after the givens, found "AAABCABBCCDB"';
    for (const command of ['solve', 'grade', 'import', 'verify']) {
      const r = runCli([command], { input: line });
      expect(r.code).not.toBe(0);
      expect(r.stdout + r.stderr).toContain(reason.replace('<stdin>:1:18: ', ''));
      expect(r.stdout + r.stderr).toContain('<stdin>:1:18: ');
      expect(r.stderr).not.toMatch(/\n\s+at /);
    }
  });
});

describe("verify checks a line's count and solution (issue 17, defect 5)", () => {
  test('a wrong count or a wrong solution is a FAIL (exit 1), not ignored', () => {
    const r = runCli(['verify'], { input: `${JIGSAW}:0\n${JIGSAW}:2:${JIGSAW_SOLUTION}\n${JIGSAW}:1\n` });
    expect(r.code).toBe(1);
    expect(linesOf(r)).toEqual([
      '<stdin>:1: FAIL: sudoku 4×4 irregular, 4 givens, grade 1 (easy, score 208): the line claims 0 solutions, but the board has exactly one solution',
      '<stdin>:2: FAIL: sudoku 4×4 irregular, 4 givens, grade 1 (easy, score 208): the line claims 2 solutions, but the board has exactly one solution',
      '<stdin>:3: ok: sudoku 4×4 irregular, 4 givens, grade 1 (easy, score 208)',
    ]);
  });

  test("tdoku's own oracle file: every claim in it is true, so no line fails for its claims", () => {
    // a small prover budget: the claims are checked whatever the ladder says, and its hardest lines
    // would take the whole ladder seconds each (they fail "undecided" here, for another reason)
    const r = runCli(['verify', '--json', '--max-branches', '1000', TEST_DATA + 'oracles/solution-counts.txt']);
    const problems = linesOf(r).flatMap((l) => (JSON.parse(l) as { problems: string[] }).problems);
    expect(problems.length).toBeGreaterThan(0); // non-unique and hard puzzles fail for other reasons
    expect(problems.filter((p) => /claims|line's solution/.test(p))).toEqual([]);
  });
});

describe('the library reads lines with the same reader', () => {
  test('solve, grade, verify and importPuzzle honour the block map and the claims', () => {
    expect(Array.from(solve(JIGSAW, { limit: 2 }).solution!).join('')).toBe(JIGSAW_SOLUTION);
    expect(grade(JIGSAW).grade).toEqual({ level: 1, name: 'easy', score: 208, scale: 4, technique: 'naked-single' });
    expect(verify(JIGSAW).status).toBe('ok');
    expect(verify(`${JIGSAW}:1:${REGULAR_SOLUTION}`).status).toBe('fail');
    expect(verify(`${JIGSAW}:0`).problems).toEqual(['the line claims 0 solutions, but the board has exactly one solution']);
    expect(importPuzzle(SEVEN).public.blockShape).toBe('irregular');
    expect(() => solve(FIVE.split(':')[0]!)).toThrow(/5×5 has no regular blocks/);
  });
});
