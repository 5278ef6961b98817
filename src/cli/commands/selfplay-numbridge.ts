/**
 * `puzzlemill selfplay numbridge --games N --seed S [--variant …] [--bots P1 P2]`: bots play N
 * seeded Numbridge games through the referee; each game's record goes to stdout (NDJSON) or, with
 * --out DIR, to DIR/game-K.json (written atomically; a rerun skips the games already there). A
 * summary goes to stderr. Game K is dealt with the seed "S-K": the same command writes the same bytes.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Argv, CommandModule } from 'yargs';
import { BOT_NAMES, type BotName } from '../../games/numbridge/bots.ts';
import { VARIANTS, type Variant } from '../../games/numbridge/room.ts';
import { NumbridgeRecordFile } from '../../games/numbridge/schema.ts';
import { selfplayGame, type SelfplayRun } from '../../games/numbridge/selfplay.ts';
import { ensureDir, syncDir, writeFileAtomic } from '../../pipeline/atomic.ts';
import { warn } from '../exit.ts';
import { drainOutput, writeLine } from '../output.ts';
import { seedProblem } from '../seed.ts';
import { dealOptionsOf, dealOptionsProblem, numbridgeDealOptions, type NumbridgeDealArgs } from './deal-numbridge.ts';
import { assertOwnOutput } from './own-output.ts';

interface SelfplayArgs extends NumbridgeDealArgs {
  games: number;
  seed?: string;
  variant: Variant[];
  bots: BotName[];
  errorRate: number;
  timeoutRate: number;
  out?: string;
  quiet: boolean;
}

export const selfplayNumbridgeCommand: CommandModule<object, SelfplayArgs> = {
  command: 'numbridge',
  describe: 'Numbridge: bots play seeded games; one record per game',
  builder: (y: Argv) =>
    numbridgeDealOptions(y)
      .option('games', { alias: 'n', type: 'number', default: 1, describe: 'games to play' })
      .option('seed', { alias: 's', type: 'string', describe: 'run seed: game K is dealt with seed S-K (default: a random one, printed)' })
      .option('variant', { alias: 'v', type: 'array', string: true, choices: VARIANTS, default: ['bridge'], describe: 'variants, used in turn game by game' })
      .option('bots', { type: 'array', string: true, choices: BOT_NAMES, default: ['logic', 'random'], describe: 'player 1\'s and player 2\'s bot' })
      .option('error-rate', { type: 'number', default: 0.1, describe: 'the logic bot guesses instead of laying a proven tile this often' })
      .option('timeout-rate', { type: 'number', default: 0.01, describe: 'a bot lets the turn limit run out this often' })
      .option('out', { alias: 'o', type: 'string', describe: 'write DIR/game-K.json per game (resumes) instead of NDJSON on stdout' })
      .option('quiet', { alias: 'q', type: 'boolean', default: false, describe: 'no summary on stderr' })
      .check((a) => {
        const args = a as unknown as SelfplayArgs;
        if (!Number.isInteger(args.games) || args.games < 0 || args.games > 10_000_000) return '--games must be a whole number 0..10000000';
        if (args.bots.length !== 2) return '--bots names two bots: player 1\'s and player 2\'s';
        const seed = seedProblem(args.seed);
        if (seed) return seed;
        for (const [name, p] of [['--error-rate', args.errorRate], ['--timeout-rate', args.timeoutRate]] as const) if (!(p >= 0 && p <= 1)) return `${name} must be between 0 and 1`;
        for (const v of args.variant) {
          const problem = dealOptionsProblem(v, args);
          if (problem !== true) return `${v}: ${problem}`;
        }
        return true;
      })
      .example('$0 selfplay numbridge --games 100 --seed load --variant bridge blitz domains --out games/', 'a hundred records for a server\'s load test')
      .example('$0 selfplay numbridge --games 1 --seed 7 --bots logic logic | $0 replay numbridge -', 'play one game and replay it') as unknown as Argv<SelfplayArgs>,
  handler: async (args) => {
    const seed = args.seed ?? randomBytes(6).toString('hex');
    if (args.seed === undefined && !args.quiet) warn(`puzzlemill: seed ${seed}`);
    const run: SelfplayRun = {
      variants: args.variant,
      bots: [args.bots[0]!, args.bots[1]!],
      errorRate: args.errorRate,
      timeoutRate: args.timeoutRate,
      deal: dealOptionsOf(args),
    };
    if (args.out) ensureDir(args.out);
    const started = performance.now();
    const tally = { games: 0, skipped: 0, plies: 0, mistakes: 0, unfinished: 0, wins: [0, 0, 0] };
    for (let k = 1; k <= args.games; k++) {
      const path = args.out ? join(args.out, `game-${k}.json`) : null;
      if (path && existsSync(path)) {
        tally.skipped++;
        continue;
      }
      const { record, final } = selfplayGame(run, seed, k);
      assertOwnOutput(NumbridgeRecordFile, record, 'a game record');
      const text = JSON.stringify(record);
      if (path) writeFileAtomic(path, text + '\n', false);
      else writeLine(text);
      tally.games++;
      tally.plies += final.ply;
      tally.mistakes += final.mistakes[0] + final.mistakes[1];
      if (final.result) tally.wins[final.result.winner ?? 0]!++;
      else tally.unfinished++;
    }
    await drainOutput();
    if (args.out) syncDir(args.out);
    if (!args.quiet) {
      const seconds = (performance.now() - started) / 1000;
      const per = (x: number) => (tally.games ? (x / tally.games).toFixed(1) : '0');
      warn(
        `puzzlemill: selfplay numbridge: ${tally.games} game${tally.games === 1 ? '' : 's'} (${args.variant.join(', ')}) in ${seconds.toFixed(1)} s` +
          `${tally.games && seconds > 0 ? ` (${(tally.games / seconds).toFixed(1)} games/s)` : ''}` +
          `; player 1 (${args.bots[0]}) won ${tally.wins[1]}, player 2 (${args.bots[1]}) won ${tally.wins[2]}` +
          `${tally.unfinished ? `, ${tally.unfinished} unfinished` : ''}; ${per(tally.plies)} moves and ${per(tally.mistakes)} mistakes a game` +
          `${tally.skipped ? `; ${tally.skipped} already in ${args.out}` : ''}`,
      );
    }
  },
};
