/** `puzzlemill deal kosmos --players P [--seed S]`: a Kosmos SuDoku deal as JSON. */
import type { Argv, CommandModule } from 'yargs';
import { dealKosmos } from '../../games/kosmos/deal.ts';
import { KosmosDealFile } from '../../games/kosmos/schema.ts';
import { dealOptions, writeDeals, type DealArgs } from './deal-output.ts';

export const dealKosmosCommand: CommandModule<object, DealArgs> = {
  command: 'kosmos',
  describe: 'SuDoku Das Brettspiel (Kosmos): gold setup (proven completable) and the face-down pile',
  builder: (y: Argv) =>
    dealOptions(y, { min: 1, max: 4, default: 2 })
      .example('$0 deal kosmos --players 1', 'a solo deal from a random seed (kept in secret.seed)')
      .example('$0 deal kosmos --players 4 --public', 'only the player form (no pile order)') as unknown as Argv<DealArgs>,
  handler: (args) => writeDeals(args, KosmosDealFile, (seed) => dealKosmos(args.players, seed)),
};
