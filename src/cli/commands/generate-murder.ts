/**
 * `puzzlemill generate murder --size N --level easy|medium|hard --count C --seed S [--setting …]
 * [--robust] [--player]`: Sudoku Murder cases, one JSON object per line on stdout, in order
 * k = 0..C−1. Case k's seed comes from (run seed, 'murder', the request, k) only (`caseSeed`), so
 * the same command writes the same bytes, and the pipeline reproduces any single case.
 */
import { randomBytes } from 'node:crypto';
import type { Argv, CommandModule } from 'yargs';
import { assertValid } from '../../core/schema.ts';
import { SETTING_IDS } from '../../murder/catalogue/settings.ts';
import { caseSeed, generateCase, LEVELS, playerForm, type CaseRequest } from '../../murder/generate.ts';
import type { LevelName } from '../../murder/prover/prove.ts';
import { MurderCaseFile } from '../../murder/schema.ts';
import { warn } from '../exit.ts';
import { flushOutput, writeLine } from '../output.ts';

interface GenerateMurderArgs {
  size: number;
  level: LevelName;
  count: number;
  seed?: string;
  setting?: string;
  robust: boolean;
  player: boolean;
  budget?: number;
}

export const generateMurderCommand: CommandModule<object, GenerateMurderArgs> = {
  command: 'murder',
  describe: 'Sudoku Murder cases: unique, guess-free, at exactly the level asked for, texts in German and English',
  builder: (y: Argv) =>
    y
      .option('size', { alias: 'n', type: 'number', demandOption: true, choices: [4, 5, 6, 7, 8, 9], describe: 'board size N (N×N, N people)' })
      .option('level', { alias: 'l', type: 'string', demandOption: true, choices: LEVELS, describe: 'easy (tier 1), medium (tier 2) or hard (tier 3)' })
      .option('count', { alias: 'c', type: 'number', default: 1, describe: 'how many cases' })
      .option('seed', { alias: 's', type: 'string', describe: 'run seed (default: a fresh one, printed on stderr)' })
      .option('setting', { type: 'string', choices: SETTING_IDS as string[], describe: 'house, garden, … (default: a random one per case)' })
      .option('robust', { type: 'boolean', default: false, describe: 'only cases with the same single solution under every misreading' })
      .option('player', { type: 'boolean', default: false, describe: 'write the player form (no secret)' })
      .option('budget', { type: 'number', describe: 'clue deals to try per case before giving up' })
      .check((a) => {
        if (!Number.isInteger(a.count) || (a.count as number) < 0) return `--count ${a.count}: must be a whole number ≥ 0`;
        if (a.budget !== undefined && !(Number.isInteger(a.budget) && (a.budget as number) >= 1)) return `--budget ${a.budget}: must be a whole number ≥ 1`;
        return true;
      })
      .example('$0 generate murder --size 6 --level medium --count 10 --seed club', 'ten 6×6 medium cases')
      .example('$0 generate murder -n 9 -l hard --robust --player --seed 2027-01-01', 'one robust 9×9 hard case, player form') as unknown as Argv<GenerateMurderArgs>,
  handler: (args) => {
    const runSeed = args.seed ?? randomBytes(8).toString('hex');
    if (args.seed === undefined) warn(`puzzlemill: generate murder: seed ${runSeed} (pass --seed to repeat)`);
    const request: CaseRequest = { size: args.size, level: args.level, robust: args.robust };
    if (args.setting) request.setting = args.setting;
    if (args.budget !== undefined) request.budget = args.budget;
    try {
      for (let k = 0; k < args.count; k++) {
        const file = generateCase(request, caseSeed(runSeed, request, k));
        const out = args.player ? playerForm(file) : file;
        assertValid(MurderCaseFile, out, { source: `<generated case ${k}>` });
        writeLine(JSON.stringify(out));
      }
    } finally {
      flushOutput();
    }
  },
};
