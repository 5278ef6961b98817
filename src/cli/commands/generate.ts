/**
 * `puzzlemill generate <kind> …`: make puzzles of one kind, NDJSON on stdout (or one file each
 * with --out DIR), the same bytes for the same --seed. Each kind is its own module
 * (`generate-<kind>.ts`); adding a kind is one import and one entry in GENERATE_KINDS.
 */
import type { Argv, CommandModule } from 'yargs';
import { generateMurderCommand } from './generate-murder.ts';
import { generateNumbridgeCommand } from './generate-numbridge.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const GENERATE_KINDS: CommandModule<any, any>[] = [generateNumbridgeCommand, generateMurderCommand];

export const generateCommand: CommandModule = {
  command: 'generate',
  describe: 'Generate puzzles of one kind (NDJSON on stdout, or --out DIR)',
  builder: (y: Argv) => y.command(GENERATE_KINDS).demandCommand(1, 'Name a kind to generate (see --help).'),
  handler: () => {},
};
