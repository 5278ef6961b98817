/** `puzzlemill complete <game> FILE`: completion proofs from a position. One subcommand module per game. */
import type { Argv, CommandModule } from 'yargs';
import { completeDominoCommand } from './complete-domino.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const COMPLETE_GAMES: CommandModule<any, any>[] = [completeDominoCommand];

export const completeCommand: CommandModule = {
  command: 'complete',
  describe: 'Prove whether a game position can still be completed',
  builder: (y: Argv) => y.command(COMPLETE_GAMES).demandCommand(1, `Name a game: ${COMPLETE_GAMES.map((c) => String(c.command).split(' ')[0]).join(', ')}.`),
  handler: () => {},
};
