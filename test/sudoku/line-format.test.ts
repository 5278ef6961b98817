/**
 * The one line reader (src/sudoku/line-format.ts): `givens[:blocks][:count[:solution]]`, its
 * block maps, its refusals (each naming the column), and the claims `verify` checks. A property
 * test over generated boards of every size: what `export --to line` writes reads back as the
 * same board, and verify passes it with the file's grade.
 */
import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { GenerationError, InputError } from '../../src/core/errors.ts';
import { checkBoard } from '../../src/kinds/board-checks.ts';
import { checkLinePuzzle, countClaimProblem } from '../../src/kinds/sudoku-line.ts';
import { boardOfFile } from '../../src/render/interchange/board.ts';
import { fromLine, toLine } from '../../src/render/interchange/line.ts';
import { generateBoard } from '../../src/numbridge-board/generate.ts';
import type { BoardRequest } from '../../src/numbridge-board/request.ts';
import type { NumbridgeBoardFile } from '../../src/numbridge-board/schema.ts';
import { isSolutionOf } from '../../src/sudoku/check.ts';
import { boardLine, LineError, parseLine, readLine } from '../../src/sudoku/line-format.ts';
import { regularBlockShape, regularRegions } from '../../src/sudoku/regions.ts';
import { solve } from '../../src/sudoku/solver.ts';

/** The jigsaw: the same givens mean another puzzle under the regular 2×2 blocks. */
const JIGSAW_GIVENS = '1.2.......34....';
const JIGSAW_MAP = 'AAABCABBCCDBCDDD';
const JIGSAW = `${JIGSAW_GIVENS}:${JIGSAW_MAP}`;
const JIGSAW_SOLUTION = '1423431221343241';
const REGULAR_SOLUTION = '1423324121344312';
const where = { source: 'test' };

/** The LineError a line raises. */
function refusal(line: string): LineError {
  try {
    readLine(line);
  } catch (e) {
    if (e instanceof LineError) return e;
    throw e;
  }
  throw new Error(`accepted: ${line}`);
}

const problemsOf = (line: string) => checkLinePuzzle(line, where).problems;

describe('block maps are honoured', () => {
  test("the issue's jigsaw is read with its blocks, and its solution is the jigsaw's", () => {
    const board = readLine(JIGSAW).board;
    expect(Array.from(board.regions)).toEqual([0, 0, 0, 1, 2, 0, 1, 1, 2, 2, 3, 1, 2, 3, 3, 3]);
    expect(parseLine(JIGSAW)).toEqual(board);
    const solved = solve(board, { limit: 2 });
    expect(solved.count).toBe(1);
    expect(Array.from(solved.solution!).join('')).toBe(JIGSAW_SOLUTION);
    // the regular reading is another puzzle with another solution
    expect(Array.from(solve(parseLine(JIGSAW_GIVENS), { limit: 2 }).solution!).join('')).toBe(REGULAR_SOLUTION);
    expect(isSolutionOf(board, Uint8Array.from(REGULAR_SOLUTION, Number))).toBe(false);
  });

  test('verify judges the jigsaw, not the regular reading: the regular solution is refused, the jigsaw one passes', () => {
    expect(checkLinePuzzle(JIGSAW, where)).toEqual({ problems: [], summary: '4×4 irregular, 4 givens, grade 1 (easy, score 208)' });
    expect(problemsOf(`${JIGSAW}:1:${JIGSAW_SOLUTION}`)).toEqual([]);
    expect(problemsOf(`${JIGSAW}:1:${REGULAR_SOLUTION}`)).toEqual(["the line's solution is not a solution: 2 at r1c3 and r2c2 share a block"]);
    expect(problemsOf(`${JIGSAW_GIVENS}:1:${JIGSAW_SOLUTION}`)).toEqual(["the line's solution is not a solution: 4 at r1c2 and r2c1 share a block"]);
  });

  test('givens that clash only under the regular blocks are accepted with the map, refused without it', () => {
    // r1c2 and r2c1 share the regular top-left block but lie in blocks A and C of the jigsaw
    const givens = '142.4.....34....';
    expect(readLine(`${givens}:${JIGSAW_MAP}`).board.givens[4]).toBe(4);
    expect(problemsOf(`${givens}:${JIGSAW_MAP}`)).toEqual([]);
    const e = refusal(givens);
    expect(e.message).toBe('givens clash: 4 at r1c2 and r2c1 share a block');
    expect(e.column).toBe(5);
    // and the other way round: r1c3 and r2c2 share jigsaw block A but no regular house
    expect(readLine('..1..1..........').board.givens[5]).toBe(1);
    expect(refusal(`..1..1..........:${JIGSAW_MAP}`).message).toBe('givens clash: 1 at r1c3 and r2c2 share a block');
  });

  test('25- and 49-character lines are read with their map; without one they are refused in one line', () => {
    const five = '13..4.5...41.23.4....2...:AAABBCAABBCCDDBCDDDECEEEE';
    expect(readLine(five).board.size).toBe(5);
    expect(problemsOf(five)).toEqual([]);
    const seven = '51..2....523.1....6.7....4.372.4....34.....7.154.:AAAABBBAACCBBBADCCCBEDDCECEEDDFEEGEDDFFGGGFFFFGGG';
    expect(readLine(seven).board.size).toBe(7);
    expect(problemsOf(seven)).toEqual([]);
    for (const [line, size] of [[five.split(':')[0]!, 5], [seven.split(':')[0]!, 7]] as const) {
      const e = refusal(line);
      expect(e.message).toBe(`${size}×${size} has no regular blocks: add the block map (":" and ${size * size} block labels)`);
      expect(e.column).toBe(size * size + 1);
    }
  });

  test.each([
    ['a..', (s: string) => s.toLowerCase()],
    ['1..', (s: string) => s.replace(/[A-Z]/g, (ch) => String(ch.charCodeAt(0) - 64))],
    ['0..', (s: string) => s.replace(/[A-Z]/g, (ch) => String(ch.charCodeAt(0) - 65))],
    ['any N symbols', (s: string) => s.replace(/[A-Z]/g, (ch) => '#$%&'[ch.charCodeAt(0) - 65]!)],
  ])('labels %s read as the same blocks', (_labels, relabel) => {
    expect(readLine(`${JIGSAW_GIVENS}:${relabel(JIGSAW_MAP)}`).board).toEqual(readLine(JIGSAW).board);
  });

  test('a map of the regular blocks, however labelled, is the regular board (and is written without a map)', () => {
    const board = readLine(`${JIGSAW_GIVENS}:xxyyxxyyzzwwzzww`).board;
    expect(board.regions).toEqual(regularRegions(4));
    expect(boardLine(board)).toBe(JIGSAW_GIVENS);
  });
});

describe('fields that are neither a block map nor a count and solution are refused, naming the column', () => {
  const map = JIGSAW_MAP;
  test.each([
    [`${JIGSAW_GIVENS}:hello`, 18, 'expected a block map (16 block labels) or a solution count after the givens, found "hello"'],
    [`${JIGSAW_GIVENS}:`, 18, 'expected a block map (16 block labels) or a solution count after the givens, found an empty field'],
    [`${JIGSAW_GIVENS}:${map.slice(1)}`, 18, 'expected a block map (16 block labels) or a solution count after the givens, found "AABCABBCCDBC"'],
    [`${JIGSAW_GIVENS}:${map}:x`, 35, 'expected a solution count after the block map, found "x"'],
    [`${JIGSAW_GIVENS}:${map}:${map}`, 35, 'expected a solution count after the block map, found "AAABCABBCCDB"'],
    [`${JIGSAW_GIVENS}:1:123`, 20, 'the solution has 3 characters, expected 16 digits 1..4'],
    [`${JIGSAW_GIVENS}:1:${JIGSAW_SOLUTION.slice(0, 15)}5`, 35, 'bad character "5" in the solution (expected 1..4)'],
    [`${JIGSAW_GIVENS}:1:${JIGSAW_SOLUTION}:x`, 37, 'unexpected field after the solution'],
    [`${JIGSAW_GIVENS}:AAABCABBCCDBCDDE`, 33, 'the block map has 5 different blocks, expected 4'],
    [`${JIGSAW_GIVENS}:AAABCABBCCABCDDD`, 28, 'block "A" has 5 cells, expected 4'],
    [`${JIGSAW_GIVENS}:ABBBCABBCCADCDDA`, 18, 'block "A" is not connected on the hex board (hex adjacency: cells touching only at (r−1, c−1) or (r+1, c+1) are not neighbours)'],
    ['1.2.......34...', 1, 'puzzle has 15 characters, expected 16, 25, 36, 49, 64 or 81'],
    ['1.2.......35....', 12, 'bad character "5" (expected 1..4, \'.\' or \'0\')'],
  ])('%s', (line, column, reason) => {
    const e = refusal(line);
    expect(e.message).toBe(reason);
    expect(e.column).toBe(column);
  });

  test('import and verify give the same reason at the same column', () => {
    const line = `${JIGSAW_GIVENS}:hello`;
    expect(() => fromLine(line, where)).toThrow(new InputError({ ...where, column: 18 }, refusal(line).message));
    expect(() => checkLinePuzzle(line, where)).toThrow(new InputError({ ...where, column: 18 }, refusal(line).message));
  });

  test("tdoku's puzzle:count and puzzle:count:solution still read, with or without a map", () => {
    expect(readLine(`${JIGSAW_GIVENS}:847`)).toMatchObject({ count: 847, solution: null });
    const claimed = readLine(`${JIGSAW}:1:${JIGSAW_SOLUTION}`);
    expect(claimed.count).toBe(1);
    expect(Array.from(claimed.solution!).join('')).toBe(JIGSAW_SOLUTION);
    expect(readLine(` ${JIGSAW} \r`).board).toEqual(readLine(JIGSAW).board);
  });
});

describe("verify checks a line's claims (tdoku: the count is the exact number of solutions)", () => {
  test.each([
    [0, 0, null],
    [1, 1, null],
    [2, 2, null],
    [847, 2, null], // "two or more": the counter stops at 2
    [0, 1, 'the line claims 0 solutions, but the board has exactly one solution'],
    [1, 0, 'the line claims 1 solution, but the board has no solution'],
    [1, 2, 'the line claims 1 solution, but the board has two or more solutions'],
    [3, 1, 'the line claims 3 solutions, but the board has exactly one solution'],
  ])('claimed %i, counted %i', (claimed, counted, problem) => {
    expect(countClaimProblem(claimed, counted)).toBe(problem);
  });

  test('a wrong count or solution makes a unique, guess-free line fail', () => {
    expect(problemsOf(`${JIGSAW}:1`)).toEqual([]);
    expect(problemsOf(`${JIGSAW}:0`)).toEqual(['the line claims 0 solutions, but the board has exactly one solution']);
    expect(problemsOf(`${JIGSAW}:2:${JIGSAW_SOLUTION}`)).toEqual(['the line claims 2 solutions, but the board has exactly one solution']);
    const changedGiven = '2' + JIGSAW_SOLUTION.slice(1);
    expect(problemsOf(`${JIGSAW}:1:${changedGiven}`)).toEqual(["the line's solution is not a solution: it has 2 at r1c1, where the given is 1"]);
  });

  test('on a board with several solutions a true solution is "one of several"', () => {
    const open = '1...............';
    const one = Array.from(solve(parseLine(open), { limit: 1 }).solution!).join('');
    expect(problemsOf(`${open}:2:${one}`)).toEqual(['has more than one solution', "the line's solution is one of several"]);
    expect(problemsOf(`${open}:1:${one}`)).toEqual([
      'has more than one solution',
      'the line claims 1 solution, but the board has two or more solutions',
      "the line's solution is one of several",
    ]);
  });
});

/** Givens every size meets easily at grade 1 (as the generator's property test uses). */
const GIVENS: Record<number, [number, number]> = { 4: [5, 9], 5: [8, 13], 6: [12, 18], 7: [17, 24], 8: [23, 32], 9: [28, 36] };

const requests = fc
  .record({ size: fc.constantFrom(4, 5, 6, 7, 8, 9), irregular: fc.boolean(), share: fc.double({ min: 0, max: 1, noNaN: true }) })
  .map(({ size, irregular, share }): BoardRequest => {
    const [lo, hi] = GIVENS[size]!;
    const blocks = irregular || !regularBlockShape(size) ? 'irregular' : 'regular';
    return { size, blocks, givens: Math.round(lo + share * (hi - lo)), grade: 1 };
  });

describe('export --to line → the one reader: the same board, for boards the generator makes', () => {
  test.prop([requests, fc.string({ minLength: 1, maxLength: 8 })], { numRuns: 40 })('every size, regular and irregular', (request, seed) => {
    let file: NumbridgeBoardFile;
    try {
      file = generateBoard(request, seed);
    } catch (e) {
      if (e instanceof GenerationError) return; // a request out of the generator's budget proves nothing here
      throw e;
    }
    const { board, solution } = boardOfFile(file);
    const plain = toLine(file, { solution: false });
    expect(readLine(plain)).toEqual({ board, count: null, solution: null });
    expect(plain.includes(':')).toBe(file.public.blockShape === 'irregular');
    const withSolution = toLine(file, { solution: true });
    expect(readLine(withSolution)).toEqual({ board, count: 1, solution });
    // verify passes the line, with the grade the file claims
    expect(checkLinePuzzle(withSolution, where).problems).toEqual([]);
    expect(checkBoard(readLine(plain).board).grade).toEqual(file.public.grade);
  });
});

describe('the plain-line fast path reads as the field reader does', () => {
  // A leading space sends a line through the field reader (it trims fields); the plain path takes
  // the bare line. Both must give the same board, or both refuse it (one column apart).
  const cellText = fc.constantFrom('.', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9', 'x', ' ');
  const sized = fc.constantFrom(16, 25, 36, 49, 64, 81).chain((cells) => fc.array(cellText, { minLength: cells, maxLength: cells }).map((a) => a.join('')));
  const sparse = fc.constantFrom(16, 36, 64, 81).chain((cells) =>
    fc.array(fc.oneof({ weight: 5, arbitrary: fc.constant('.') }, { weight: 1, arbitrary: cellText }), { minLength: cells, maxLength: cells }).map((a) => a.join('')),
  );
  test.prop([fc.oneof(sized, sparse)], { numRuns: 400 })('any line of N² characters', (line) => {
    const read = (text: string) => {
      try {
        return { board: readLine(text).board };
      } catch (e) {
        if (!(e instanceof LineError)) throw e;
        return { refused: e.message, column: e.column };
      }
    };
    const plain = read(line);
    const fields = read(' ' + line);
    if ('board' in plain) expect(fields).toEqual(plain);
    else expect(fields).toEqual({ ...plain, column: plain.column! + 1 });
  });
});
