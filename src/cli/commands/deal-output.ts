/** What every `deal <game>` subcommand shares: its options and the validated NDJSON output. */
import type { Argv } from 'yargs';
import { EXIT_BAD_INPUT, raiseExitCode, warn } from '../exit.ts';
import { flushOutput, writeLine } from '../output.ts';
import { DEAL_SEED_HELP, seedProblem, strongRandomSeed } from '../seed.ts';
import { assertOwnOutput } from './own-output.ts';

export interface DealArgs {
  players: number;
  seed?: string;
  count: number;
  public: boolean;
}

export function dealOptions(y: Argv, players: { min: number; max: number; default: number }): Argv<DealArgs> {
  return y
    .option('players', { alias: 'p', type: 'number', default: players.default, choices: range(players.min, players.max), describe: 'number of players' })
    .option('seed', { alias: 's', type: 'string', describe: DEAL_SEED_HELP })
    .option('count', { alias: 'n', type: 'number', default: 1, describe: 'deal this many games, seeds SEED-1 … SEED-N (one JSON object per line)' })
    .option('public', { type: 'boolean', default: false, describe: 'print the player form (without "secret")' })
    .check((a) => seedProblem(a.seed) ?? true) as unknown as Argv<DealArgs>;
}

function range(lo: number, hi: number): number[] {
  return Array.from({ length: hi - lo + 1 }, (_, i) => lo + i);
}

/** Deal, validate against the schema (a failure is a bug: exit 70), write one line per deal. */
export function writeDeals(args: DealArgs, schema: object, deal: (seed: string) => { secret?: unknown }): void {
  if (!Number.isInteger(args.count) || args.count < 1 || args.count > 1_000_000) {
    warn('puzzlemill: --count must be a whole number 1..1000000 (see --help)');
    raiseExitCode(EXIT_BAD_INPUT);
    return;
  }
  const seed = args.seed ?? strongRandomSeed();
  for (let k = 1; k <= args.count; k++) {
    const file = deal(args.count === 1 ? seed : `${seed}-${k}`);
    assertOwnOutput(schema, file, 'a deal');
    if (args.public) delete file.secret;
    writeLine(JSON.stringify(file));
  }
  flushOutput();
}
