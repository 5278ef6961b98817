/**
 * Calibration against Sudoku Explainer (issue 27 §2): the grade of every board of
 * test/data/calibration/se-9x9.txt (published and generated 9×9 boards with their SE rating,
 * stored facts; the rater itself is never run here) beside its SE rating, and the targets the
 * grade is held to: Spearman(level, SE), Spearman(score, SE) inside each level, SE medians per
 * level, the lowest SE of a level-5 board, and that every level g+1 board scores above every
 * level g board. Read by bench/scores.ts (`npm run bench -- scores`).
 */
import { parseLine } from '../src/sudoku/line-format.ts';
import { digitsInFirstOrder, gradeOf, prove, TIERS } from '../src/sudoku/logic/index.ts';
import { dataLines } from '../test/helpers/data.ts';
import { median, table } from './results.ts';

export const CALIBRATION_FILE = 'calibration/se-9x9.txt';

export interface Rated {
  line: string;
  se: number;
  source: string;
  level: number;
  score: number;
}

/** The calibration boards graded as `grade` grades a board counted unique (uniqueness rungs, nested chains). */
export function gradeCalibrationSet(): Rated[] {
  return dataLines(CALIBRATION_FILE).map((text) => {
    const [line, se, source] = text.split(/\s+/) as [string, string, string];
    const board = digitsInFirstOrder(parseLine(line));
    const run = prove(board, { collectSteps: false, uniqueness: true, nested: true });
    if (!run.solved) throw new Error(`${CALIBRATION_FILE}: ${source} is not solved by the ladder`);
    const grade = gradeOf(run, board);
    return { line, se: Number(se), source, level: grade.level, score: grade.score };
  });
}

/** Ranks 1..n, ties sharing their mean rank. */
function ranks(values: number[]): number[] {
  const order = values.map((v, i) => [v, i] as const).sort((a, b) => a[0] - b[0]);
  const out = new Array<number>(values.length);
  for (let i = 0; i < order.length; ) {
    let j = i;
    while (j + 1 < order.length && order[j + 1]![0] === order[i]![0]) j++;
    for (let k = i; k <= j; k++) out[order[k]![1]] = (i + j) / 2 + 1;
    i = j + 1;
  }
  return out;
}

/** Spearman's rank correlation (Pearson's on mean ranks); NaN when either side is constant. */
export function spearman(xs: number[], ys: number[]): number {
  const rx = ranks(xs);
  const ry = ranks(ys);
  const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length;
  const mx = mean(rx);
  const my = mean(ry);
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < rx.length; i++) {
    sxy += (rx[i]! - mx) * (ry[i]! - my);
    sxx += (rx[i]! - mx) ** 2;
    syy += (ry[i]! - my) ** 2;
  }
  return sxy / Math.sqrt(sxx * syy);
}

export interface Targets {
  levelSpearman: number;
  perLevel: Array<{ level: number; boards: number; generated: number; published: number; seMin: number; seMedian: number; seMax: number; scoreSpearman: number }>;
  mediansIncreasing: boolean;
  level5MinSe: number;
  levelsSeparated: boolean;
}

export function targetsOf(rated: Rated[]): Targets {
  const levels = [...new Set(rated.map((r) => r.level))].sort((a, b) => a - b);
  const perLevel = levels.map((level) => {
    const here = rated.filter((r) => r.level === level);
    const se = here.map((r) => r.se);
    return {
      level,
      boards: here.length,
      generated: here.filter((r) => !r.source.startsWith('top1465')).length,
      published: here.filter((r) => r.source.startsWith('top1465')).length,
      seMin: Math.min(...se),
      seMedian: median(se),
      seMax: Math.max(...se),
      scoreSpearman: spearman(here.map((r) => r.score), se),
    };
  });
  const levelsSeparated = levels.every((level, i) => {
    if (i === 0) return true;
    const below = Math.max(...rated.filter((r) => r.level === levels[i - 1]).map((r) => r.score));
    return Math.min(...rated.filter((r) => r.level === level).map((r) => r.score)) > below;
  });
  const five = rated.filter((r) => r.level === 5).map((r) => r.se);
  return {
    levelSpearman: spearman(rated.map((r) => r.level), rated.map((r) => r.se)),
    perLevel,
    mediansIncreasing: perLevel.every((p, i) => i === 0 || p.seMedian > perLevel[i - 1]!.seMedian),
    level5MinSe: five.length ? Math.min(...five) : NaN,
    levelsSeparated,
  };
}

const f2 = (x: number) => (Number.isNaN(x) ? '—' : x.toFixed(3));

/** The calibration section of bench/RESULTS.md. */
export function calibrationMarkdown(t: Targets): string {
  const names = ['', ...TIERS.map((x) => x.name)];
  const rows = t.perLevel.map((p) => [
    `${p.level} ${names[p.level] ?? ''}`.trim(),
    `${p.boards} (${p.generated} + ${p.published})`,
    `${p.seMin} / ${p.seMedian} / ${p.seMax}`,
    f2(p.scoreSpearman),
  ]);
  return `${table(['level', 'boards (generated + top1465)', 'SE min / median / max', 'Spearman(score, SE)'], rows)}

Spearman(level, SE) ${f2(t.levelSpearman)} (target ≥ 0.97); Spearman(score, SE) inside every level
target ≥ 0.6; SE medians strictly increasing: ${t.mediansIncreasing ? 'yes' : 'no'}; lowest SE of a
level-5 board ${t.level5MinSe} (target ≥ 6.0); every level g+1 board scores above every level g
board: ${t.levelsSeparated ? 'yes' : 'no'}.`;
}
