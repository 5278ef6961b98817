/**
 * The `puzzlemill` CLI: a thin yargs layer over the programmatic API in `src/`. Each command is a
 * module in `commands/`; this file wires them together and turns failures into exit codes.
 */
import yargs from 'yargs';
import { commands } from './commands/index.ts';
import { UsageError, raiseExitCode, reportError } from './exit.ts';
import { flushOutput } from './output.ts';

export async function main(argv: string[]): Promise<void> {
  const cli = yargs(argv)
    .scriptName('puzzlemill')
    .usage('$0 <command> [options]\n\nA puzzle factory for Sudoku-family games.')
    .command(commands)
    .demandCommand(1, 'Name a command.')
    .strict()
    .recommendCommands()
    .help()
    .alias('h', 'help')
    .version()
    .wrap(Math.min(100, process.stdout.columns || 100))
    .fail((message, error) => {
      // A crash inside a command is rethrown as it is. Anything else is a usage problem — including
      // a check() that returned a string, which yargs passes as `error` and would otherwise go on
      // to run the handler after.
      if (error instanceof Error && error.name !== 'YError') throw error;
      throw new UsageError((message ?? String(error)).replace(/\s*\n\s*/g, ' ')); // yargs lists choices on several lines
    });
  try {
    await cli.parseAsync();
  } catch (error) {
    flushOutput();
    raiseExitCode(reportError(error));
  }
}
