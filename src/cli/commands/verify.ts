/**
 * `puzzlemill verify [FILE…]`: check puzzles from any source — our board and case JSON (files,
 * NDJSON, pretty documents) and line-format Sudoku. One report line per puzzle on stdout
 * (`--json`: NDJSON reports); a count on stderr. Exit 0 all passed, 1 some failed, 2 some input
 * was unreadable (the worst wins; every puzzle is still checked).
 */
import type { Argv, CommandModule } from 'yargs';
import { kindModulesFromEnv } from '../../kinds/kind-modules.ts';
import { defaultWorkers } from '../../pipeline/executor.ts';
import { reportJson, reportLine, type VerifyInput } from '../../pipeline/verify-batch.ts';
import { verifyRun } from '../../pipeline/verify-run.ts';
import { EXIT_BAD_INPUT, EXIT_FAILED, raiseExitCode, warn } from '../exit.ts';
import { readItems } from '../input.ts';
import { onInterrupt } from '../interrupt.ts';
import { withMaxBranches, withMaxNodes, withNested } from '../max-nodes.ts';
import { drainOutput, writeLine } from '../output.ts';

interface VerifyArgs {
  files: string[];
  json: boolean;
  workers: number;
  quiet: boolean;
  maxNodes: number;
  maxBranches: number;
  nested: boolean;
  uniqueness: boolean;
}

export const verifyCommand: CommandModule<object, VerifyArgs> = {
  command: 'verify [files..]',
  describe: 'Verify puzzles (board/case JSON, NDJSON or line format; stdin when no file): schema, one solution, guess-free, grade, no leaks',
  builder: (y: Argv) =>
    withNested(withMaxBranches(withMaxNodes(y)))
      .positional('files', { type: 'string', array: true, default: [] as string[], describe: 'input files (- for stdin)' })
      .option('json', { type: 'boolean', default: false, describe: 'one NDJSON report per puzzle' })
      .option('workers', { alias: 'j', type: 'number', default: defaultWorkers(), describe: 'worker threads for large inputs' })
      .option('quiet', { alias: 'q', type: 'boolean', default: false, describe: 'no count on stderr' })
      .option('uniqueness', {
        type: 'boolean',
        default: true,
        describe: 'grade with the techniques that assume one solution (unique rectangles, BUG+1) once the count has shown it; --no-uniqueness excludes them',
      })
      .example('$0 verify corpus/daily/secret/2026-01-01/*.json', 'check a daily set')
      .example('$0 generate numbridge --count 100 | $0 verify --json', 'check a stream') as unknown as Argv<VerifyArgs>,
  handler: async (args) => {
    let fatal = false;
    async function* inputs(): AsyncGenerator<VerifyInput> {
      for await (const item of readItems(args.files)) {
        if (item.kind === 'error') {
          if (item.fatal) fatal = true;
          yield { where: item.error.position, error: item.error.reason };
        } else if (item.kind === 'line') {
          yield { where: item.where, line: item.text };
        } else {
          yield { where: item.where, value: item.value };
        }
      }
    }
    const interrupt = onInterrupt();
    try {
      const counts = await verifyRun({
        inputs: inputs(),
        workers: args.workers,
        kindModules: kindModulesFromEnv(),
        maxNodes: args.maxNodes,
        maxBranches: args.maxBranches,
        uniqueness: args.uniqueness,
        nested: args.nested,
        signal: interrupt.signal,
        syncGuard: interrupt.syncGuard,
        emit: (r) => writeLine(args.json ? reportJson(r) : reportLine(r)),
      });
      await drainOutput();
      if (!args.quiet) {
        const total = counts.ok + counts.fail + counts.badInput;
        const skipped = counts.skipped > 0 ? ` (${counts.skipped} bookkeeping file${counts.skipped === 1 ? '' : 's'} skipped)` : '';
        warn(`puzzlemill: verified ${total}: ${counts.ok} ok, ${counts.fail} failed, ${counts.badInput} unreadable${skipped}${counts.stopped ? ' (interrupted)' : ''}`);
      }
      if (counts.fail > 0) raiseExitCode(EXIT_FAILED);
      if (counts.badInput > 0 || fatal) raiseExitCode(EXIT_BAD_INPUT);
      if (counts.stopped) raiseExitCode(interrupt.exitCode);
    } finally {
      interrupt.dispose();
    }
  },
};
