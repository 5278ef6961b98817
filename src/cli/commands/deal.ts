/** `puzzlemill deal <game>`: seeded deals. One subcommand module per game, listed here. */
import type { Argv, CommandModule } from 'yargs';
import { dealDominoCommand } from './deal-domino.ts';
import { dealKosmosCommand } from './deal-kosmos.ts';
import { dealNumbridgeCommand } from './deal-numbridge.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const DEAL_GAMES: CommandModule<any, any>[] = [dealKosmosCommand, dealDominoCommand, dealNumbridgeCommand];

export const dealCommand: CommandModule = {
  command: 'deal',
  describe: 'Deal a game (seeded JSON, validated against its schema)',
  builder: (y: Argv) => y.command(DEAL_GAMES).demandCommand(1, `Name a game: ${DEAL_GAMES.map((c) => c.command).join(', ')}.`),
  handler: () => {},
};
