/** `puzzlemill replay <game> FILE`: replay a game record through the referee. One subcommand module per game. */
import type { Argv, CommandModule } from 'yargs';
import { replayDominoCommand } from './replay-domino.ts';
import { replayKosmosCommand } from './replay-kosmos.ts';
import { replayNumbridgeCommand } from './replay-numbridge.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const REPLAY_GAMES: CommandModule<any, any>[] = [replayDominoCommand, replayKosmosCommand, replayNumbridgeCommand];

export const replayCommand: CommandModule = {
  command: 'replay',
  describe: 'Replay a game record: the referee\'s verdict on every move, scores, winner, contradictions',
  builder: (y: Argv) => y.command(REPLAY_GAMES).demandCommand(1, `Name a game: ${REPLAY_GAMES.map((c) => String(c.command).split(' ')[0]).join(', ')}.`),
  handler: () => {},
};
