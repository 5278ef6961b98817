/**
 * `puzzlemill deal numbridge --variant bridge|blitz|domains --seed S [board options] [room options]`:
 * a Numbridge deal as JSON — the board, the variant, the room settings, and (secret) the solution,
 * the bag in draw order and both starting hands. `--public` prints the player form (no secret),
 * `--view P` what player P sees at the start (its own hand, the other's only as a count).
 * Options that can never make a deal are a usage error (exit 2) before any work.
 */
import type { Argv, CommandModule } from 'yargs';
import { dealBoardRequest, dealNumbridge, dealRoom, type DealOptions } from '../../games/numbridge/deal.ts';
import { readNumbridgeDeal } from '../../games/numbridge/files.ts';
import { VARIANTS, type RoomSettings, type Variant } from '../../games/numbridge/room.ts';
import { NumbridgeDealFile, NumbridgeView } from '../../games/numbridge/schema.ts';
import { newGame } from '../../games/numbridge/state.ts';
import { playerView } from '../../games/numbridge/view.ts';
import { MAX_GRADE } from '../../numbridge-board/generate.ts';
import { BLOCK_KINDS, GRADE_CHOICES, gradeLevel, requestProblem } from '../../numbridge-board/request.ts';
import { SYMMETRIES, type Symmetry } from '../../numbridge-board/symmetry.ts';
import { EXIT_BAD_INPUT, raiseExitCode, warn } from '../exit.ts';
import { flushOutput, writeLine } from '../output.ts';
import { DEAL_SEED_HELP, seedProblem, strongRandomSeed } from '../seed.ts';
import { assertOwnOutput } from './own-output.ts';

/** The board and room options of a Numbridge deal (shared with `selfplay numbridge`). */
export interface NumbridgeDealArgs {
  size?: number;
  blocks?: 'regular' | 'irregular';
  givens?: number;
  /** A level or a grade name, as given (`2`, `medium`). */
  grade?: string | number;
  symmetry?: Symmetry;
  technique?: string;
  price?: 1 | 2;
  turnSeconds?: number;
  gameSeconds?: number;
  highlighting?: boolean;
  rated?: boolean;
}

export function numbridgeDealOptions<T>(y: Argv<T>): Argv<T & NumbridgeDealArgs> {
  return y
    .option('size', { type: 'number', choices: [4, 5, 6, 7, 8, 9], describe: 'N: an N×N board [default: 9; Blitz: 6, the only size it allows]', group: 'Board:' })
    .option('blocks', { type: 'string', choices: BLOCK_KINDS, describe: 'regular blocks (3×3 rhombi, Blitz 2×3) or irregular hex-connected ones [default: regular where N has them]', group: 'Board:' })
    .option('givens', { type: 'number', describe: 'exact number of givens [default: 30 on 9×9, 14 on 6×6; with --technique: any number]', group: 'Board:' })
    .option('grade', { type: 'string', choices: GRADE_CHOICES, describe: 'exact grade: level or name (1 easy … 5 extreme); default: any guess-free grade', group: 'Board:' })
    .option('symmetry', { type: 'string', choices: SYMMETRIES, describe: 'symmetric pattern of givens', group: 'Board:' })
    .option('technique', { type: 'string', describe: 'a practice board: this technique is the hardest step of its proof (ids and names: generate numbridge --help)', group: 'Board:' })
    .option('price', { type: 'number', choices: [1, 2], describe: 'tiles a given costs [default: 1; Blitz: 2]', group: 'Room:' })
    .option('turn-seconds', { type: 'number', describe: 'time limit of a move [default: 60; Blitz: 30]', group: 'Room:' })
    .option('game-seconds', { type: 'number', describe: 'game time per player [default: 1800; Blitz: 600]', group: 'Room:' })
    .option('highlighting', { type: 'boolean', describe: 'candidate highlighting allowed [default: true]', group: 'Room:' })
    .option('rated', { type: 'boolean', describe: 'the game is rated [default: true]', group: 'Room:' }) as unknown as Argv<T & NumbridgeDealArgs>;
}

/** The deal options of parsed arguments (all but the variant). */
export function dealOptionsOf(args: NumbridgeDealArgs): Omit<DealOptions, 'variant'> {
  const room: Partial<RoomSettings> = { takePrice: args.price, turnSeconds: args.turnSeconds, gameSeconds: args.gameSeconds, candidateHighlighting: args.highlighting, rated: args.rated };
  return { board: { size: args.size, blocks: args.blocks, givens: args.givens, grade: args.grade === undefined ? undefined : gradeLevel(args.grade), symmetry: args.symmetry, technique: args.technique }, room };
}

/** Why these options can never make a deal of this variant (for yargs' check), or true. */
export function dealOptionsProblem(variant: Variant, args: NumbridgeDealArgs): string | true {
  try {
    const options = { variant, ...dealOptionsOf(args) };
    dealRoom(options);
    return requestProblem(dealBoardRequest(options), MAX_GRADE) ?? true;
  } catch (e) {
    if (e instanceof RangeError) return e.message;
    throw e;
  }
}

interface DealArgs extends NumbridgeDealArgs {
  variant: Variant;
  seed?: string;
  count: number;
  public: boolean;
  view?: 1 | 2;
}

export const dealNumbridgeCommand: CommandModule<object, DealArgs> = {
  command: 'numbridge',
  describe: 'Numbridge: a board with its bag and both starting hands, and the room settings',
  builder: (y: Argv) =>
    numbridgeDealOptions(y)
      .option('variant', { alias: 'v', type: 'string', choices: VARIANTS, default: 'bridge', describe: 'bridge (Brücke), blitz (6×6) or domains (Domänen)' })
      .option('seed', { alias: 's', type: 'string', describe: DEAL_SEED_HELP })
      .option('count', { alias: 'n', type: 'number', default: 1, describe: 'deal this many games, seeds SEED-1 … SEED-N (one JSON object per line)' })
      .option('public', { type: 'boolean', default: false, describe: 'print the player form (without "secret")' })
      .option('view', { type: 'number', choices: [1, 2], describe: 'print what this player sees at the start (a numbridge-view)' })
      .check((a) => {
        const args = a as unknown as DealArgs;
        if (!Number.isInteger(args.count) || args.count < 1 || args.count > 1_000_000) return '--count must be a whole number 1..1000000';
        return seedProblem(args.seed) ?? dealOptionsProblem(args.variant, args);
      })
      .example('$0 deal numbridge --variant blitz', 'a Blitz deal (6×6, two tiles per given, 30 s a move) from a random seed')
      .example('$0 deal numbridge --variant domains --blocks irregular --givens 28', 'Domains on irregular blocks')
      .example('$0 deal numbridge --seed "$(openssl rand -hex 16)" --view 1', 'what player 1 sees at the start (keep the seed: it is the deal)') as unknown as Argv<DealArgs>,
  handler: (args) => {
    if (args.public && args.view !== undefined) {
      warn('puzzlemill: --public and --view are two different player forms: choose one (see --help)');
      raiseExitCode(EXIT_BAD_INPUT);
      return;
    }
    const options: DealOptions = { variant: args.variant, ...dealOptionsOf(args) };
    const seed = args.seed ?? strongRandomSeed();
    for (let k = 1; k <= args.count; k++) {
      const deal = dealNumbridge(options, args.count === 1 ? seed : `${seed}-${k}`);
      assertOwnOutput(NumbridgeDealFile, deal, 'a deal');
      if (args.view !== undefined) {
        const view = playerView(newGame(readNumbridgeDeal(deal, { source: deal.id }).setup), args.view);
        assertOwnOutput(NumbridgeView, view, 'a player view');
        writeLine(JSON.stringify(view));
        continue;
      }
      if (args.public) delete deal.secret;
      writeLine(JSON.stringify(deal));
    }
    flushOutput();
  },
};
