/**
 * `puzzlemill grade [FILE…]`: grade line-format puzzles or Numbridge board JSON with the logic
 * prover. One line per puzzle on stdout: where it came from, the grade (name and level), the
 * score and the techniques used; `--proof` adds every step in German or English; `--json` writes
 * one NDJSON object per puzzle instead. A puzzle the ladder cannot finish makes the exit code 1 and
 * is reported for what it is: "beyond the ladder" when it has one solution (with the tier the
 * prover reached: people solve such puzzles with chains the ladder lacks), "no grade" when it has
 * none or several, "undecided" when the counter cannot tell within --max-nodes; unreadable input
 * and bad lines exit 2; every other puzzle is still graded.
 */
import type { Argv, CommandModule } from 'yargs';
import { nodeLimit, undecidedReason, type SearchBudget } from '../../core/budget.ts';
import { formatPosition, oneLine, type InputPosition } from '../../core/errors.ts';
import { digitsInFirstOrder, gradeBoard, gradeOf, LADDER, prove, type ProveResult } from '../../sudoku/logic/index.ts';
import { beyondLadderReason } from '../../sudoku/logic/verdict.ts';
import { solve } from '../../sudoku/solver.ts';
import type { Board } from '../../sudoku/types.ts';
import { boardOfItem } from '../board-input.ts';
import { EXIT_FAILED, raiseExitCode } from '../exit.ts';
import { readItems } from '../input.ts';
import { withMaxNodes } from '../max-nodes.ts';
import { flushOutput, writeLine } from '../output.ts';

interface GradeArgs {
  files: string[];
  proof: boolean;
  json: boolean;
  lang: 'en' | 'de';
  maxTier?: number;
  maxNodes: number;
}

export const gradeCommand: CommandModule<object, GradeArgs> = {
  command: 'grade [files..]',
  describe: 'Grade puzzles with the logic prover (line format, board JSON or NDJSON; stdin when no file)',
  builder: (y: Argv) =>
    withMaxNodes(y)
      .positional('files', { type: 'string', array: true, default: [] as string[], describe: 'input files (- for stdin)' })
      .option('proof', { type: 'boolean', default: false, describe: 'print every step of the solution path' })
      .option('json', { type: 'boolean', default: false, describe: 'one NDJSON object per puzzle' })
      .option('lang', { choices: ['en', 'de'] as const, default: 'en' as const, describe: 'language of the proof steps' })
      .option('max-tier', { type: 'number', describe: 'use techniques up to this tier only (1 easy … 4 fiendish)' })
      .check((a) => {
        const t = a['max-tier'] as number | undefined;
        if (t !== undefined && !(Number.isInteger(t) && t >= 1)) return '--max-tier must be a whole number ≥ 1';
        return true;
      })
      .example('$0 grade test/data/classic/top1465.txt', 'grade a list of puzzles')
      .example('$0 grade --proof --lang de board.json', 'the solution path in German') as unknown as Argv<GradeArgs>,
  handler: async (args) => {
    for await (const item of readItems(args.files)) {
      const parsed = await boardOfItem(item);
      if (!parsed) continue;
      // The grade and its technique counts are the puzzle's: the ladder on the digits renamed by
      // first appearance (gradeBoard). Only --proof needs the board's own path, in its own digits.
      const result = prove(args.proof ? parsed.board : digitsInFirstOrder(parsed.board), { maxTier: args.maxTier, collectSteps: args.proof });
      if (!result.solved) raiseExitCode(EXIT_FAILED);
      const verdict = result.solved ? null : whyNot(parsed.board, result, args.maxTier, { maxNodes: args.maxNodes });
      const graded = !result.solved ? null : args.proof ? gradeBoard(parsed.board, { maxTier: args.maxTier }) : { grade: gradeOf(result), techniqueCounts: result.techniqueCounts };
      if (args.json) writeLine(JSON.stringify(jsonReport(parsed.where, parsed.id, result, graded, verdict, args)));
      else textReport(parsed.where, parsed.id, result, graded, verdict, args);
    }
    flushOutput();
  },
};

interface Verdict {
  /** Solutions of the board, counted to 2 by the exact-cover solver; null when undecided. */
  solutions: number | null;
  /** What the board is, for --json: the facts behind `reason`. */
  kind: 'beyond-ladder' | 'no-solution' | 'several-solutions' | 'undecided';
  reason: string;
}

/** Why the prover did not finish: no solution, several, a unique board beyond the ladder, or undecided. */
function whyNot(board: Board, result: ProveResult, maxTier: number | undefined, budget: SearchBudget): Verdict {
  if (result.contradiction) return { solutions: 0, kind: 'no-solution', reason: 'no grade: no solution (the givens contradict each other)' };
  const counted = solve(board, { limit: 2, maxNodes: nodeLimit(budget) });
  if (!counted.complete) return { solutions: null, kind: 'undecided', reason: `no grade: ${undecidedReason(budget)}` };
  const solutions = counted.count;
  if (solutions === 0) return { solutions, kind: 'no-solution', reason: 'no grade: no solution' };
  if (solutions > 1) return { solutions, kind: 'several-solutions', reason: 'no grade: more than one solution' };
  return { solutions, kind: 'beyond-ladder', reason: beyondLadderReason(result, maxTier) };
}

type Graded = ReturnType<typeof gradeBoard>;

/** "hidden-single ×12, x-wing ×1" in ladder order. */
function techniqueList(counts: Record<string, number>): string {
  return LADDER.filter((t) => counts[t.id]).map((t) => `${t.id} ×${counts[t.id]}`).join(', ');
}

function label(where: InputPosition, id: string | undefined): string {
  return formatPosition(where) + (id ? ` ${oneLine(id)}` : ''); // an id with a line break must not split the report
}

function textReport(where: InputPosition, id: string | undefined, result: ProveResult, graded: Graded, verdict: Verdict | null, args: GradeArgs): void {
  if (verdict || !graded) {
    writeLine(`${label(where, id)}  ${verdict?.reason ?? 'no grade'}`);
  } else {
    const grade = graded.grade;
    const used = techniqueList(graded.techniqueCounts);
    writeLine(`${label(where, id)}  ${grade.name} (level ${grade.level}), score ${grade.score}${used ? ': ' + used : ''}`);
  }
  if (args.proof) result.steps.forEach((step, i) => writeLine(`  ${i + 1}. ${step.text[args.lang]}`));
}

function jsonReport(where: InputPosition, id: string | undefined, result: ProveResult, graded: Graded, verdict: Verdict | null, args: GradeArgs): object {
  return {
    source: where.source,
    ...(where.line !== undefined ? { line: where.line } : {}),
    ...(where.pointer ? { pointer: where.pointer } : {}),
    ...(id ? { id } : {}),
    guessFree: result.solved,
    grade: graded?.grade ?? null,
    ...(verdict ? { solutions: verdict.solutions, verdict: verdict.kind, tier: result.tier, reason: verdict.reason } : {}),
    techniques: graded?.techniqueCounts ?? result.techniqueCounts,
    ...(args.proof ? { steps: result.steps } : {}),
  };
}
