/**
 * The grade score orders boards (issue 15 §2, issue 27 §2): within one size and block shape every
 * board of level g+1 scores above every board of level g, and inside a level the score follows the
 * part of the span (levels 1–2: the hardest step of a path in Sudoku Explainer's order; levels 3–5:
 * the dearest step of the level's tier), then the
 * grading work (the path's work, the level's own steps weighing more). Checked on the generated boards of
 * test/data/generated/score-boards.txt (its command in make-score-boards.sh: 9×9 regular and
 * irregular at levels 1..5, 6×6 at 1..4 — no 6×6 board needs tier 5) and, for the level score map
 * itself, by fast-check.
 */
import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { LEVEL_SPAN, levelOfScore, levelScore } from '../../../src/core/level-score.ts';
import { parseLine } from '../../../src/sudoku/line-format.ts';
import { digitsInFirstOrder, gradeBoard, gradeOf, gradingWork, halfWorkFor, prove, scoreOf, spanPartOf, TIERS } from '../../../src/sudoku/logic/index.ts';
import { isRegularRegions } from '../../../src/sudoku/regions.ts';
import { solve } from '../../../src/sudoku/solver.ts';
import { dataLines } from '../../helpers/data.ts';

interface Graded {
  line: string;
  level: number;
  score: number;
  work: number;
  /** The part of the level's span, and the work that places the board inside it (score.ts). */
  part: number;
  parts: number;
  placing: number;
}

/** Every fixture board graded, by size and block shape ("9 regular"). */
function gradedCorpus(): Map<string, Graded[]> {
  const groups = new Map<string, Graded[]>();
  for (const line of dataLines('generated/score-boards.txt')) {
    const board = parseLine(line);
    // counted first, as judgeBoard does, so the rungs that assume one solution may run
    expect(solve(board, { limit: 2 }).count, line).toBe(1);
    // the grade's own run: digits renamed by first appearance (gradeBoard)
    const run = prove(digitsInFirstOrder(board), { collectSteps: false, uniqueness: true });
    expect(run.solved, line).toBe(true);
    const grade = gradeOf(run, board);
    const { index: part, count: parts } = spanPartOf(grade.level, run.techniqueCounts, board);
    const placing = gradingWork(grade.level, run.work, run.techniqueCounts);
    const key = `${board.size} ${isRegularRegions(board.size, board.regions) ? 'regular' : 'irregular'}`;
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key)!.push({ line, level: grade.level, score: grade.score, work: run.work, part, parts, placing });
  }
  return groups;
}

const byLevel = (boards: Graded[]) => {
  const levels = new Map<number, Graded[]>();
  for (const b of boards) levels.set(b.level, [...(levels.get(b.level) ?? []), b]);
  return levels;
};

describe('the grade score on generated boards', () => {
  const groups = gradedCorpus();

  it('covers ≥ 2,000 boards, every level in every size and shape (9×9: 1..5, 6×6: 1..4)', () => {
    expect([...groups.values()].reduce((k, g) => k + g.length, 0)).toBeGreaterThanOrEqual(2000);
    expect([...groups.keys()].sort()).toEqual(['6 regular', '9 irregular', '9 regular']);
    for (const [key, boards] of groups) {
      const levels = byLevel(boards);
      const top = key.startsWith('9 ') ? 5 : 4;
      for (let level = 1; level <= top; level++) expect(levels.get(level)?.length ?? 0, `${key} level ${level}`).toBeGreaterThanOrEqual(100);
    }
  });

  it('the plain work overlaps between levels (what the level spans repair)', () => {
    // Without level spans a hard board can score below a medium one: shown on these very boards.
    for (const [key, boards] of groups) {
      const levels = byLevel(boards);
      const overlaps = [1, 2, 3].filter((g) => Math.max(...levels.get(g)!.map((b) => b.work)) > Math.min(...levels.get(g + 1)!.map((b) => b.work)));
      expect(overlaps.length, key).toBeGreaterThan(0);
    }
  });

  it('every board of level g+1 scores above every board of level g, within one size and shape', () => {
    for (const [key, boards] of groups) {
      const levels = byLevel(boards);
      const present = [...levels.keys()].sort((a, b) => a - b);
      for (let i = 0; i + 1 < present.length; i++) {
        const highest = Math.max(...levels.get(present[i]!)!.map((b) => b.score));
        const lowest = Math.min(...levels.get(present[i + 1]!)!.map((b) => b.score));
        expect(highest, `${key}: level ${present[i]} vs ${present[i + 1]}`).toBeLessThan(lowest);
      }
      for (const b of boards) expect(levelOfScore(b.score), b.line).toBe(b.level);
    }
  });

  it('inside a level the score is monotone in the part, then in the grading work, and tells boards apart', () => {
    for (const [key, boards] of groups) {
      for (const [level, same] of byLevel(boards)) {
        const sorted = [...same].sort((a, b) => a.part - b.part || a.placing - b.placing);
        for (let i = 1; i < sorted.length; i++) {
          const [a, b] = [sorted[i - 1]!, sorted[i]!];
          expect(b.score, `${key} level ${level}: part ${a.part} → ${b.part}, work ${a.placing} → ${b.placing}`).toBeGreaterThanOrEqual(a.score);
          if (b.part > a.part) expect(b.score, `${key} level ${level}: part ${a.part} → ${b.part}`).toBeGreaterThan(a.score);
        }
        // ties only where the works are nearly equal: 5 % more work in one part scores more (below the
        // part's top fifth) — in a part of width b (≈ 999/parts) the map's slope in ln w there is at
        // least 0.16·b points, so with many parts (13 on level 2) a whole point takes e^(1/0.16b) more
        for (let i = 1; i < sorted.length; i++) {
          const [a, b] = [sorted[i - 1]!, sorted[i]!];
          const top = (level - 1) * LEVEL_SPAN + ((b.part + 0.8) * LEVEL_SPAN) / b.parts;
          const ratio = Math.max(1.05, Math.exp(b.parts / (0.16 * (LEVEL_SPAN - 1))));
          if (a.part === b.part && b.placing >= ratio * a.placing + 4 && b.score < top) expect(b.score, `${key} level ${level}: work ${a.placing} → ${b.placing}`).toBeGreaterThan(a.score);
        }
      }
    }
  });

  it('is the score gradeBoard and the files carry (scale 4)', () => {
    const [first] = groups.get('9 regular')!;
    expect(gradeBoard(parseLine(first!.line))!.grade).toEqual({ level: first!.level, name: 'easy', score: first!.score, scale: 4, technique: expect.any(String) });
  });
});

describe('the level score map', () => {
  const level = fc.integer({ min: 1, max: TIERS.length + 3 });
  const work = fc.integer({ min: 0, max: 10_000_000 });
  const cells = fc.constantFrom(16, 25, 36, 49, 64, 81);

  test.prop([level, level, work, work, cells])('a higher level always scores higher, whatever the work', (g, h, w1, w2, n) => {
    fc.pre(g < h);
    expect(scoreOf(g, w1, n)).toBeLessThan(scoreOf(h, w2, n));
  });

  test.prop([level, work, work, cells])('inside a level: never decreasing in the work, inside the span, an integer', (g, w1, w2, n) => {
    const [lo, hi] = w1 <= w2 ? [w1, w2] : [w2, w1];
    const a = scoreOf(g, lo, n);
    const b = scoreOf(g, hi, n);
    expect(a).toBeLessThanOrEqual(b);
    for (const s of [a, b]) {
      expect(Number.isInteger(s)).toBe(true);
      expect(s).toBeGreaterThanOrEqual((g - 1) * LEVEL_SPAN);
      expect(s).toBeLessThan(g * LEVEL_SPAN);
    }
  });

  test.prop([level, fc.integer({ min: 0, max: 100_000 }), cells])('more work by 1 % moves the score in the lower four fifths of the span', (g, w, n) => {
    const more = Math.ceil(w * 1.01) + Math.ceil(halfWorkFor(n, g) / 200); // and half a per cent of the middle's work at the least
    fc.pre(levelScore(g, more, halfWorkFor(n, g)) - (g - 1) * LEVEL_SPAN < 0.8 * LEVEL_SPAN);
    expect(scoreOf(g, more, n)).toBeGreaterThan(scoreOf(g, w, n));
  });

  test.prop([level, fc.integer({ min: 1, max: 16 }), fc.nat(), fc.nat(), work, work, cells])('a higher part of a level always scores higher, whatever the work', (g, count, i, j, w1, w2, n) => {
    const [lo, hi] = [i % count, j % count];
    fc.pre(lo < hi);
    const a = scoreOf(g, w1, n, { index: lo, count });
    const b = scoreOf(g, w2, n, { index: hi, count });
    expect(a).toBeLessThan(b);
    expect(b).toBeLessThan(g * LEVEL_SPAN - 1);
    expect(a).toBeGreaterThanOrEqual((g - 1) * LEVEL_SPAN);
  });

  it('puts a board with a hidden single\'s cost in every cell, times the level, in the middle of its span', () => {
    expect(scoreOf(3, 3 * 81 * 14, 81)).toBe(2000 + 499);
    expect(scoreOf(3, 3 * 81 * 14, 81, { index: 1, count: 2 })).toBe(2000 + 749);
    expect(scoreOf(1, 0, 36)).toBe(0);
    expect(() => levelScore(0, 10, 100)).toThrow(RangeError);
  });
});
