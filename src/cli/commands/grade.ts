/**
 * `puzzlemill grade [FILE…]`: grade line-format puzzles and puzzle files of any kind that can be
 * graded (the kind's `grade`: Numbridge boards by the Sudoku ladder, Murder cases by the rule
 * ladder). One line per puzzle on stdout: where it came from, the grade (name and level), the
 * score where the kind has one, and the techniques used; `--proof` adds every step in German or
 * English; `--json` writes one NDJSON object per puzzle instead. A puzzle that gets no grade makes
 * the exit code 1 and is reported in the one wording verify uses (src/sudoku/logic/verdict.ts):
 * "beyond the ladder" when it has one solution (with the tier the prover reached: people solve
 * such puzzles with chains the ladder lacks), "has no solution", "has more than one solution",
 * "undecided" when the counter cannot tell within --max-nodes. Unreadable input, bad lines and
 * files of a kind without a grader exit 2; every other puzzle is still graded.
 */
import type { Argv, CommandModule } from 'yargs';
import { formatPosition, oneLine, type InputPosition } from '../../core/errors.ts';
import { gradeSudokuBoard } from '../../kinds/board-checks.ts';
import type { GradeReport } from '../../kinds/kind.ts';
import { EXIT_FAILED, raiseExitCode } from '../exit.ts';
import { readItems } from '../input.ts';
import { withMaxBranches, withMaxNodes, withNested } from '../max-nodes.ts';
import { flushOutput, writeLine } from '../output.ts';
import { BadItem, puzzleOfItem, withinItem } from '../puzzle-input.ts';
import { LANGS, type Lang } from '../../core/lang.ts';
import { L, levelName } from '../../render/labels.ts';

interface GradeArgs {
  files: string[];
  proof: boolean;
  json: boolean;
  lang: Lang;
  maxTier?: number;
  maxNodes: number;
  maxBranches: number;
  uniqueness: boolean;
  nested: boolean;
}

export const gradeCommand: CommandModule<object, GradeArgs> = {
  command: 'grade [files..]',
  describe: 'Grade puzzles with the logic prover (line format, board JSON or NDJSON; stdin when no file)',
  builder: (y: Argv) =>
    withNested(withMaxBranches(withMaxNodes(y)))
      .positional('files', { type: 'string', array: true, default: [] as string[], describe: 'input files (- for stdin)' })
      .option('proof', { type: 'boolean', default: false, describe: 'print every step of the solution path' })
      .option('json', { type: 'boolean', default: false, describe: 'one NDJSON object per puzzle' })
      .option('lang', { choices: LANGS, default: 'en' as Lang, describe: 'language of the proof steps' })
      .option('max-tier', { type: 'number', describe: 'use techniques up to this tier only (1 easy … 5 extreme)' })
      .option('uniqueness', {
        type: 'boolean',
        default: true,
        describe: 'allow the techniques that assume one solution (unique rectangles, BUG+1) once the count has shown it; --no-uniqueness excludes them',
      })
      .check((a) => {
        const t = a['max-tier'] as number | undefined;
        if (t !== undefined && !(Number.isInteger(t) && t >= 1)) return '--max-tier must be a whole number ≥ 1';
        return true;
      })
      .example('$0 grade test/data/classic/top1465.txt', 'grade a list of puzzles')
      .example('$0 grade --proof --lang de board.json', 'the solution path in German')
      .example('$0 grade test/data/classic/forum-hardest-1106.txt', 'the hardest puzzles (nested forcing chains, the last rung)') as unknown as Argv<GradeArgs>,
  handler: async (args) => {
    for await (const item of readItems(args.files)) {
      const parsed = await puzzleOfItem(item, 'grade');
      if (parsed instanceof BadItem) {
        badReport(parsed, args);
        continue;
      }
      const options = { maxTier: args.maxTier, proof: args.proof, maxNodes: args.maxNodes, maxBranches: args.maxBranches, uniqueness: args.uniqueness, nested: args.nested };
      const report = parsed.kind === 'line' ? gradeSudokuBoard(parsed.board, options) : withinItem(parsed.where, () => parsed.format.grade!(parsed.file, options));
      if (report instanceof BadItem) {
        badReport(report, args);
        continue;
      }
      if (!report.guessFree) raiseExitCode(EXIT_FAILED);
      const id = parsed.kind === 'file' ? parsed.id : undefined;
      if (args.json) writeLine(JSON.stringify(jsonReport(parsed.where, id, report, args)));
      else textReport(parsed.where, id, report, args);
    }
    flushOutput();
  },
};

/**
 * The line of an unreadable item (its reason is on stderr too, with the exit code 2), so the
 * output keeps one line or record per input line: `--json` as verify --json reports it
 * (`verdict: "bad-input"` and the reason), text `FILE:LINE:COL  bad input: reason`.
 */
function badReport(bad: BadItem, args: GradeArgs): void {
  const where = bad.error.position;
  if (!args.json) return writeLine(`${label(where, undefined)}  bad input: ${bad.error.reason}`);
  writeLine(JSON.stringify({
    source: where.source,
    ...(where.line !== undefined ? { line: where.line } : {}),
    ...(where.column !== undefined ? { column: where.column } : {}),
    ...(where.pointer ? { pointer: where.pointer } : {}),
    guessFree: false,
    grade: null,
    solutions: null,
    verdict: 'bad-input',
    reason: bad.error.reason,
    techniques: {},
  }));
}

/** "hidden-single ×12, x-wing ×1": in the order the kind gives them (its ladder's). */
function techniqueList(counts: Record<string, number>): string {
  return Object.keys(counts)
    .filter((id) => counts[id])
    .map((id) => `${id} ×${counts[id]}`)
    .join(', ');
}

function label(where: InputPosition, id: string | undefined): string {
  return formatPosition(where) + (id ? ` ${oneLine(id)}` : ''); // an id with a line break must not split the report
}

function textReport(where: InputPosition, id: string | undefined, report: GradeReport, args: GradeArgs): void {
  if (!report.grade) {
    writeLine(`${label(where, id)}  ${report.verdict?.reason ?? 'no grade'}`);
  } else {
    const grade = report.grade;
    const used = techniqueList(report.techniques);
    // in the language of the steps: "hard (level 3), score 2345", "schwer (Stufe 3), Punkte 2345"
    const score = grade.score === undefined ? '' : `, ${L.score[args.lang]} ${grade.score}`;
    writeLine(`${label(where, id)}  ${levelName(grade.name, args.lang)} (${L.level[args.lang]} ${grade.level})${score}${used ? ': ' + used : ''}`);
  }
  if (args.proof) (report.steps ?? []).forEach((step, i) => writeLine(`  ${i + 1}. ${step.text[args.lang]}`));
}

function jsonReport(where: InputPosition, id: string | undefined, report: GradeReport, args: GradeArgs): object {
  const verdict = report.verdict;
  return {
    source: where.source,
    ...(where.line !== undefined ? { line: where.line } : {}),
    ...(where.pointer ? { pointer: where.pointer } : {}),
    ...(id ? { id } : {}),
    guessFree: report.guessFree,
    grade: report.grade,
    ...(verdict ? { solutions: verdict.solutions, verdict: verdict.kind, tier: verdict.tier, reason: verdict.reason } : {}),
    techniques: report.techniques,
    ...(args.proof ? { steps: report.steps ?? [] } : {}),
  };
}
