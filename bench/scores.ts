/**
 * Score benchmark (issue 15 §2): how the banded grade score spreads the boards. Grades the score
 * corpus (test/data/generated/score-boards.txt: 9×9 regular, 9×9 irregular, 6×6 at every level)
 * and Murder cases generated here (9×9 and 6×6, every level), and writes the grade histogram and a
 * score-by-level picture, bench/scores.svg (score against the plain work, one colour per level: the
 * bands are the horizontal strips, the overlap of the old score is the overlap along x), and a table
 * of work and score ranges per level into bench/RESULTS.md, and the calibration against Sudoku
 * Explainer (bench/calibration.ts: the stored SE ratings of test/data/calibration/se-9x9.txt beside
 * our grades, and the targets of issue 27 §2). No timing: what is measured is shape.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { LEVEL_SPAN } from '../src/core/level-score.ts';
import { generateCase } from '../src/murder/generate.ts';
import { canonicalModel, modelFromPublic } from '../src/murder/model.ts';
import { LEVEL_NAMES, proveCase, scoreCase } from '../src/murder/prover/prove.ts';
import { parseLine } from '../src/sudoku/line-format.ts';
import { digitsInFirstOrder, gradeOf, prove, TIERS } from '../src/sudoku/logic/index.ts';
import { isRegularRegions } from '../src/sudoku/regions.ts';
import { dataLines } from '../test/helpers/data.ts';
import { calibrationMarkdown, gradeCalibrationSet, targetsOf } from './calibration.ts';
import { median, table } from './results.ts';

/**
 * The targets before and after issue 27's calibration, on the same set (a record: "before" is the
 * ladder and score of commit cc80000, "scale 3" the calibrated ladder and score of commit d43edcb,
 * both measured with this bench's calibration.ts on 2026-12-05, 2 × AMD EPYC, Node v20.20.2; "scale
 * 4" is what the table above measures now: levels 1–2 placed by Sudoku Explainer's order).
 */
const CALIBRATION_BEFORE_AFTER = `Before and after the calibration (same 1,420 boards; before = commit cc80000's tiers and score;
scale 3 = the calibrated tiers, commit d43edcb; scale 4 = levels 1–2 placed inside by a path in
Sudoku Explainer's order, src/sudoku/logic/explainer-order.ts):

| target | before | scale 3 | scale 4 |
| --- | --- | --- | --- |
| Spearman(level, SE) ≥ 0.97 | 0.957 | 0.973 | 0.973 |
| Spearman(score, SE) ≥ 0.6, level 1 easy | 0.553 | 0.892 | 0.925 |
| level 2 medium | 0.330 | 0.386 (missed) | 0.966 |
| level 3 hard | 0.223 | 0.799 | 0.799 |
| level 4 fiendish | 0.504 | 0.821 | 0.821 |
| level 5 extreme | 0.025 | 0.695 | 0.695 |
| SE medians per level strictly increasing | 1.5 / 2.6 / 4.5 / 7.1 / 8.3: yes | 1.5 / 2.6 / 4.2 / 7.1 / 8.4: yes | the same: yes |
| no level-5 board under SE 6.0 | lowest 4.5 (unique rectangles) | lowest 7.2 | lowest 7.2 |
| every level g+1 board scores above every level g board | yes | yes | yes |`;

const SVG_PATH = fileURLToPath(new URL('./scores.svg', import.meta.url));
const CASES_PER_LEVEL = 60;
const MURDER_SIZES = [9, 6];

interface Point {
  level: number;
  work: number;
  score: number;
}

interface Group {
  title: string;
  levelNames: string[];
  points: Point[];
}

function sudokuGroups(): Group[] {
  const byKey = new Map<string, Point[]>();
  for (const line of dataLines('generated/score-boards.txt')) {
    const board = parseLine(line);
    const run = prove(digitsInFirstOrder(board), { collectSteps: false });
    if (!run.solved) continue;
    const grade = gradeOf(run, board);
    const key = `Sudoku ${board.size}×${board.size} ${isRegularRegions(board.size, board.regions) ? 'regular' : 'irregular'}`;
    byKey.set(key, [...(byKey.get(key) ?? []), { level: grade.level, work: run.work, score: grade.score }]);
  }
  const names = ['', ...TIERS.map((t) => t.name)];
  return [...byKey].map(([title, points]) => ({ title, levelNames: names, points }));
}

function murderGroups(): Group[] {
  return MURDER_SIZES.map((size) => {
    const points: Point[] = [];
    for (const level of ['easy', 'medium', 'hard'] as const) {
      for (let k = 0; k < CASES_PER_LEVEL; k++) {
        const file = generateCase({ size, level, robust: false }, `bench-scores-${size}-${level}-${k}`);
        const model = modelFromPublic(file.public, { source: file.id });
        points.push({ level: file.public.level.level, work: proveCase(canonicalModel(model)).work, score: scoreCase(model)! });
      }
    }
    return { title: `Murder ${size}×${size}`, levelNames: [...LEVEL_NAMES], points };
  });
}

const COLOURS = ['#999999', '#2b8a3e', '#1c7ed6', '#e8590c', '#c92a2a', '#7048e8', '#495057'];
const colour = (level: number) => COLOURS[Math.min(level, COLOURS.length - 1)]!;
const esc = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** One panel: score (y, the level bands shaded) against work (x, log scale), a dot per puzzle. */
function scatter(group: Group, x0: number, y0: number, w: number, h: number): string {
  const levels = Math.max(...group.points.map((p) => p.level));
  const works = group.points.map((p) => Math.max(1, p.work));
  const lo = Math.log10(Math.min(...works)) - 0.05;
  const hi = Math.log10(Math.max(...works)) + 0.05;
  const left = x0 + 48;
  const right = x0 + w - 8;
  const top = y0 + 24;
  const bottom = y0 + h - 30;
  const px = (work: number) => left + ((Math.log10(Math.max(1, work)) - lo) / (hi - lo)) * (right - left);
  const py = (score: number) => bottom - (score / (levels * LEVEL_SPAN)) * (bottom - top);
  const out: string[] = [`<text x="${x0 + w / 2}" y="${y0 + 14}" class="title">${esc(group.title)} (${group.points.length})</text>`];
  for (let g = 1; g <= levels; g++) {
    out.push(`<rect x="${left}" y="${py(g * LEVEL_SPAN).toFixed(1)}" width="${right - left}" height="${(py((g - 1) * LEVEL_SPAN) - py(g * LEVEL_SPAN)).toFixed(1)}" fill="${colour(g)}" opacity="0.08"/>`);
    out.push(`<text x="${left - 4}" y="${(py((g - 0.5) * LEVEL_SPAN) + 4).toFixed(1)}" class="axis" text-anchor="end">${esc(group.levelNames[g] ?? String(g))}</text>`);
    out.push(`<text x="${left - 4}" y="${(py((g - 1) * LEVEL_SPAN) + 4).toFixed(1)}" class="tick" text-anchor="end">${(g - 1) * LEVEL_SPAN}</text>`);
  }
  for (let e = Math.floor(lo); e <= Math.floor(hi); e++) {
    for (const m of [1, 2, 5]) {
      const v = m * 10 ** e;
      if (Math.log10(v) < lo || Math.log10(v) > hi) continue;
      out.push(`<line x1="${px(v).toFixed(1)}" x2="${px(v).toFixed(1)}" y1="${bottom}" y2="${bottom + 4}" stroke="#555"/><text x="${px(v).toFixed(1)}" y="${bottom + 15}" class="tick" text-anchor="middle">${v}</text>`);
    }
  }
  out.push(`<line x1="${left}" x2="${right}" y1="${bottom}" y2="${bottom}" stroke="#555"/><line x1="${left}" x2="${left}" y1="${top}" y2="${bottom}" stroke="#555"/>`);
  out.push(`<text x="${(left + right) / 2}" y="${bottom + 27}" class="axis" text-anchor="middle">work = sum of step costs (the old score), log scale</text>`);
  for (const p of group.points) out.push(`<circle cx="${px(p.work).toFixed(1)}" cy="${py(p.score).toFixed(1)}" r="2" fill="${colour(p.level)}" opacity="0.6"/>`);
  return out.join('\n');
}

/** The grade histogram: puzzles per level, one bar group per set. */
function histogram(groups: Group[], x0: number, y0: number, w: number, h: number): string {
  const levels = Math.max(...groups.flatMap((g) => g.points.map((p) => p.level)));
  const counts = groups.map((g) => Array.from({ length: levels + 1 }, (_, level) => g.points.filter((p) => p.level === level).length));
  const most = Math.max(...counts.flat());
  const top = y0 + 24;
  const bottom = y0 + h - 34;
  const slot = (w - 20) / groups.length;
  const bar = Math.min(28, (slot - 20) / levels);
  const out: string[] = [`<text x="${x0 + w / 2}" y="${y0 + 14}" class="title">Grade histogram: puzzles per level</text>`];
  out.push(`<line x1="${x0 + 10}" x2="${x0 + w - 10}" y1="${bottom}" y2="${bottom}" stroke="#555"/>`);
  groups.forEach((group, i) => {
    const start = x0 + 10 + i * slot + (slot - bar * levels) / 2;
    const own = Math.max(...group.points.map((p) => p.level));
    for (let level = 1; level <= own; level++) {
      const k = counts[i]![level]!;
      const height = (k / most) * (bottom - top - 12);
      const x = start + (level - 1) * bar;
      out.push(`<rect x="${x.toFixed(1)}" y="${(bottom - height).toFixed(1)}" width="${(bar - 2).toFixed(1)}" height="${height.toFixed(1)}" fill="${colour(level)}"/>`);
      out.push(`<text x="${(x + bar / 2 - 1).toFixed(1)}" y="${(bottom - height - 3).toFixed(1)}" class="tick" text-anchor="middle">${k}</text>`);
    }
    out.push(`<text x="${(x0 + 10 + i * slot + slot / 2).toFixed(1)}" y="${bottom + 15}" class="axis" text-anchor="middle">${esc(group.title)}</text>`);
  });
  const legend = Array.from({ length: levels }, (_, i) => i + 1).map((level, i) => {
    const names = [...new Set(groups.map((g) => g.levelNames[level]).filter((n): n is string => n !== undefined))].join(' / ');
    return `<rect x="${x0 + 14 + i * 190}" y="${bottom + 22}" width="10" height="10" fill="${colour(level)}"/><text x="${x0 + 28 + i * 190}" y="${bottom + 31}" class="tick">level ${level}: ${esc(names)}</text>`;
  });
  return [...out, ...legend].join('\n');
}

export function scoresSvg(groups: Group[]): string {
  const width = 1000;
  const panelW = width / 2;
  const panelH = 300;
  const histH = 210;
  const rows = Math.ceil(groups.length / 2);
  const height = histH + rows * panelH + 10;
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif">`,
    '<style>.title{font-size:13px;font-weight:bold;text-anchor:middle}.axis{font-size:11px;fill:#333}.tick{font-size:9px;fill:#555}</style>',
    `<rect width="${width}" height="${height}" fill="#fff"/>`,
    histogram(groups, 0, 0, width, histH),
    ...groups.map((g, i) => scatter(g, (i % 2) * panelW, histH + Math.floor(i / 2) * panelH, panelW, panelH)),
    '</svg>',
  ];
  return parts.join('\n') + '\n';
}

function rowsOf(group: Group): Array<Array<string | number>> {
  const levels = [...new Set(group.points.map((p) => p.level))].sort((a, b) => a - b);
  return levels.map((level, i) => {
    const here = group.points.filter((p) => p.level === level);
    const works = here.map((p) => p.work);
    const scores = here.map((p) => p.score);
    const next = levels[i + 1] === undefined ? [] : group.points.filter((p) => p.level === levels[i + 1]);
    const overlap = next.length === 0 ? '—' : `${next.filter((p) => p.work < Math.max(...works)).length} of ${next.length}`;
    return [
      group.title,
      `${level} ${group.levelNames[level] ?? ''}`.trim(),
      here.length,
      `${Math.min(...works)} / ${median(works)} / ${Math.max(...works)}`,
      `${Math.min(...scores)} / ${median(scores)} / ${Math.max(...scores)}`,
      overlap,
    ];
  });
}

export async function run(): Promise<string> {
  const groups = [...sudokuGroups(), ...murderGroups()];
  writeFileSync(SVG_PATH, scoresSvg(groups));
  const rows = groups.flatMap(rowsOf);
  return `## Grade scores (\`bench/scores.ts\`)

Banded scores (src/sudoku/logic/README.md "Score", src/murder/README.md "Score"): level g scores in
[1000·(g−1), 1000·g); inside, Sudoku boards by the hardest step they need, then by work, Murder
cases by work (sum of step costs). Sudoku: the
${groups.slice(0, 3).reduce((k, g) => k + g.points.length, 0).toLocaleString('en')} boards of \`test/data/generated/score-boards.txt\`; Murder: ${CASES_PER_LEVEL} generated cases per
size and level. "next level below this work" counts the boards of the next level whose plain work
(the old score) is below this level's highest — boards the old score mis-ordered; the banded
score mis-orders none (\`test/sudoku/logic/score.property.test.ts\`, \`test/murder/score.property.test.ts\`).

![grade histogram and score against work per level](scores.svg)

${table(['set', 'level', 'puzzles', 'work min / median / max', 'score min / median / max', 'next level below this work'], rows)}

### Calibration against Sudoku Explainer

The boards of \`test/data/calibration/se-9x9.txt\` (1,420: the generated 9×9 regular boards of every
level, the former corpus's, and every tenth top1465 board, each with its Sudoku Explainer 1.2.1 serate
rating, stored: the rater is not run here) graded as \`grade\` grades them, beside their SE rating
(issue 27 §2; the ladder's tiers and the score's parts: src/sudoku/logic/README.md "Tiers", "Score").

${calibrationMarkdown(targetsOf(gradeCalibrationSet()))}

${CALIBRATION_BEFORE_AFTER}`;
}
