/** `puzzlemill selfplay <game>`: bots play dealt games through the referee and write records. One subcommand module per game. */
import type { Argv, CommandModule } from 'yargs';
import { selfplayNumbridgeCommand } from './selfplay-numbridge.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const SELFPLAY_GAMES: CommandModule<any, any>[] = [selfplayNumbridgeCommand];

export const selfplayCommand: CommandModule = {
  command: 'selfplay',
  describe: 'Let bots play seeded games and write their records (for tests and load tests)',
  builder: (y: Argv) => y.command(SELFPLAY_GAMES).demandCommand(1, `Name a game: ${SELFPLAY_GAMES.map((c) => c.command).join(', ')}.`),
  handler: () => {},
};
