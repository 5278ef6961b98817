import { describe, expect, test } from 'vitest';
import { isSolutionOf } from '../../src/sudoku/check.ts';
import { parseLine } from '../../src/sudoku/line-format.ts';
import { solve } from '../../src/sudoku/solver.ts';
import { dataLines } from '../helpers/data.ts';

describe('solver on the shared data sets', () => {
  test('reproduces every count of oracles/solution-counts.txt (0, 1, ≥2) and its solutions', () => {
    const lines = dataLines('oracles/solution-counts.txt');
    expect(lines.length).toBe(43);
    for (const line of lines) {
      const [puzzle, count, solution] = line.split(':');
      const result = solve(parseLine(puzzle!), { limit: 2 });
      expect(result.count, line).toBe(Math.min(Number(count), 2));
      if (solution) expect(Array.from(result.solution!).join(''), line).toBe(solution);
    }
  });

  test.each([
    ['classic/top1465.txt', 1465, 1],
    ['classic/forum-hardest-1106.txt', 375, 1],
    ['classic/17-clue.txt', 2000, 20],
  ])('solves %s (%i puzzles, every %ith) uniquely, checked independently', (file, expected, stride) => {
    const lines = dataLines(file).filter((_, i) => i % stride === 0);
    expect(lines.length).toBe(expected === 2000 ? Math.ceil(49158 / 20) : expected);
    for (const line of lines) {
      const board = parseLine(line);
      const result = solve(board, { limit: 2 });
      expect(result.count, line).toBe(1);
      expect(isSolutionOf(board, result.solution!), line).toBe(true);
    }
  });
});
