/**
 * `puzzlemill generate <kind> …`: make puzzles of one kind, NDJSON on stdout. Each kind is its
 * own module (`generate-<kind>.ts`); adding a kind is one import and one entry in GENERATE_KINDS.
 */
import type { Argv, CommandModule } from 'yargs';
import { generateMurderCommand } from './generate-murder.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const GENERATE_KINDS: CommandModule<any, any>[] = [generateMurderCommand];

export const generateCommand: CommandModule = {
  command: 'generate',
  describe: 'Generate puzzles of one kind (NDJSON on stdout)',
  builder: (y: Argv) => y.command(GENERATE_KINDS).demandCommand(1, 'Name a kind to generate (see --help).'),
  handler: () => {},
};
