/**
 * `puzzlemill generate <kind> …`: one subcommand per generating kind, each its own module.
 * Adding a kind's generator is one import and one entry in GENERATORS.
 */
import type { Argv, CommandModule } from 'yargs';
import { generateNumbridgeCommand } from './generate-numbridge.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const GENERATORS: CommandModule<any, any>[] = [generateNumbridgeCommand];

export const generateCommand: CommandModule<object, object> = {
  command: 'generate',
  describe: 'Generate puzzles: NDJSON on stdout (or one file each with --out DIR), the same bytes for the same --seed',
  builder: (y: Argv) => y.command(GENERATORS).demandCommand(1, 'Name what to generate (see --help).'),
  handler: () => {},
};
