/** `puzzlemill deal domino --players P [--seed S]`: a Domino-SUDOKU deal as JSON. */
import type { Argv, CommandModule } from 'yargs';
import { dealDomino } from '../../games/domino/files.ts';
import { DominoDealFile } from '../../games/domino/schema.ts';
import { dealOptions, writeDeals, type DealArgs } from './deal-output.ts';

export const dealDominoCommand: CommandModule<object, DealArgs> = {
  command: 'domino',
  describe: 'Domino-SUDOKU: the 36 dominoes dealt into open hands (18 / 12 / 9 each)',
  builder: (y: Argv) =>
    dealOptions(y, { min: 2, max: 4, default: 4 }).example('$0 deal domino --players 4', 'four hands of nine from a random seed') as unknown as Argv<DealArgs>,
  handler: (args) => writeDeals(args, DominoDealFile, (seed) => dealDomino(args.players, seed)),
};
