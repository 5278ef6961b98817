/** `puzzlemill solve [FILE…]`: solve line-format puzzles or board JSON, or count their solutions. */
import type { Argv, CommandModule } from 'yargs';
import { nodeLimit, undecidedReason } from '../../core/budget.ts';
import { atPosition } from '../../core/errors.ts';
import { formatLine } from '../../sudoku/line-format.ts';
import { solve } from '../../sudoku/solver.ts';
import { boardOfItem } from '../board-input.ts';
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
      const parsed = await boardOfItem(item);
      if (!parsed) continue;
      const { board, where } = parsed;
      const t0 = performance.now();
      const budget = { maxNodes: args.maxNodes };
      const result = solve(board, { limit: args.count ? 2 : 1, maxNodes: nodeLimit(budget) });
      solveMs += performance.now() - t0;
      puzzles++;
      nodes += result.nodes;
      if (!result.complete) {
        warn(atPosition(undecidedReason(budget), where).message);
        raiseExitCode(EXIT_FAILED);
      } else if (args.count) {
        writeLine(String(result.count));
      } else if (result.solution) {
        writeLine(formatLine(result.solution));
      } else {
        warn(`${atPosition('no solution', where).message}`);
        raiseExitCode(EXIT_FAILED);
      }
    }
    flushOutput();
    if (args.stats) {
      const rate = puzzles / Math.max(solveMs / 1000, 1e-9);
      warn(`${puzzles} puzzles, ${rate.toFixed(0)} puzzles/s, ${(nodes / Math.max(puzzles, 1)).toFixed(1)} nodes/puzzle`);
    }
  },
};
