/**
 * The `puzzlemill` CLI: a thin yargs layer over the programmatic API in `src/`. Each command is a
 * module in `commands/`; this file wires them together and turns failures into exit codes.
 */
import yargs from 'yargs';
import { commands } from './commands/index.ts';
import { EXIT_BAD_INPUT, raiseExitCode, reportError, warn } from './exit.ts';
import { flushOutput } from './output.ts';

/** A command-line mistake already reported by the fail handler. */
class UsageReported extends Error {}

export async function main(argv: string[]): Promise<void> {
  const cli = yargs(argv)
    .scriptName('puzzlemill')
    .usage('$0 <command> [options]\n\nA puzzle factory for Sudoku-family games.')
    .command(commands)
    .demandCommand(1, 'Name a command (see --help).')
    .strict()
    .recommendCommands()
    .help()
    .alias('h', 'help')
    .version()
    .wrap(Math.min(100, process.stdout.columns || 100))
    .fail((message, error) => {
      if (error) throw error;
      warn(`puzzlemill: ${message.replace(/\s*\n\s*/g, ' ')} (see --help)`);
      raiseExitCode(EXIT_BAD_INPUT);
      // stop here: without the throw yargs would still run a subcommand's handler
      throw new UsageReported(message);
    });
  try {
    await cli.parseAsync();
  } catch (error) {
    flushOutput();
    if (!(error instanceof UsageReported)) raiseExitCode(reportError(error));
  }
}
