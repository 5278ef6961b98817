/**
 * `puzzlemill solve [FILE…]`: solve line-format puzzles or puzzle files of any kind that can be
 * solved (the kind's `solve`: Numbridge boards print their solution as a line, Murder cases as
 * JSON), or count their solutions. A file of a kind without a solver is refused in one line.
 * Every puzzle line (or JSON item) gets exactly one stdout line, in input order: the answer, or a
 * marker (NO_ANSWER) when there is none, its reason on stderr — so stdout lines up with the input.
 */
import type { Argv, CommandModule } from 'yargs';
import { atPosition } from '../../core/errors.ts';
import type { SolveReport } from '../../kinds/kind.ts';
import { solveBoard } from '../../kinds/board-solve.ts';
import { BadItem, NO_ANSWER, puzzleOfItem, withinItem } from '../puzzle-input.ts';
import { EXIT_FAILED, raiseExitCode, warn } from '../exit.ts';
import { readItems } from '../input.ts';
import { withMaxNodes } from '../max-nodes.ts';
import { flushOutput, writeLine } from '../output.ts';

interface SolveArgs {
  files: string[];
  count: boolean;
  stats: boolean;
  maxNodes: number;
}

export const solveCommand: CommandModule<object, SolveArgs> = {
  command: 'solve [files..]',
  describe: 'Solve puzzles (line format, board JSON or NDJSON; stdin when no file)',
  builder: (y: Argv) =>
    withMaxNodes(y)
      .positional('files', { type: 'string', array: true, default: [] as string[], describe: 'input files (- for stdin)' })
      .option('count', { type: 'boolean', default: false, describe: 'print the number of solutions: 0, 1 or 2 (two or more)' })
      .option('stats', { type: 'boolean', default: false, describe: 'print puzzles/s (solver time) and nodes/puzzle to stderr' })
      .check((a) => (Number.isInteger(a['max-nodes']) && (a['max-nodes'] as number) >= 0) || '--max-nodes must be a whole number ≥ 0')
      .example('$0 solve puzzles.txt', 'print the solution of each puzzle')
      .example('$0 solve --count test/data/oracles/solution-counts.txt', 'prove uniqueness') as unknown as Argv<SolveArgs>,
  handler: async (args) => {
    let puzzles = 0;
    let nodes = 0;
    let solveMs = 0;
    for await (const item of readItems(args.files)) {
      const parsed = await puzzleOfItem(item, 'solve');
      if (parsed instanceof BadItem) {
        writeLine(NO_ANSWER.badInput);
        continue;
      }
      const options = { maxNodes: args.maxNodes, count: args.count };
      const t0 = performance.now();
      const report: SolveReport | BadItem =
        parsed.kind === 'line' ? solveBoard(parsed.board, options) : withinItem(parsed.where, () => parsed.format.solve!(parsed.file, options));
      solveMs += performance.now() - t0;
      if (report instanceof BadItem) {
        writeLine(NO_ANSWER.badInput);
        continue;
      }
      puzzles++;
      nodes += report.nodes ?? 0;
      if (report.solutions === null || (!args.count && report.line === null)) {
        warn(atPosition(report.reason ?? 'no solution', parsed.where).message);
        raiseExitCode(EXIT_FAILED);
        writeLine(report.solutions === null ? NO_ANSWER.undecided : NO_ANSWER.noSolution);
      } else if (args.count) {
        writeLine(String(report.solutions));
      } else {
        writeLine(report.line!);
      }
    }
    flushOutput();
    if (args.stats) {
      const rate = puzzles / Math.max(solveMs / 1000, 1e-9);
      warn(`${puzzles} puzzles, ${rate.toFixed(0)} puzzles/s, ${(nodes / Math.max(puzzles, 1)).toFixed(1)} nodes/puzzle`);
    }
  },
};
