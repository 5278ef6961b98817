/**
 * `puzzlemill generate murder --size N --level easy|medium|hard [--setting …] [--robust]` plus the
 * batch options every kind shares (count, seed, workers, shard, out, player, max-seconds:
 * src/cli/batch.ts): Sudoku Murder cases, NDJSON on stdout in order k = 0..C−1 or one file each.
 * Case k's seed comes from (run seed, 'murder', the request, k) only (`caseSeed`), so the same
 * command writes the same bytes whatever the workers, and any single case can be made again.
 */
import type { Argv, CommandModule } from 'yargs';
import { murderKind } from '../../kinds/murder.ts';
import { runBatch, withBatchOptions, type BatchArgs } from '../batch.ts';

interface GenerateMurderArgs extends BatchArgs {
  size: number;
  level: string;
  setting?: string;
  robust: boolean;
  budget?: number;
}

/** The request part of the parsed arguments. */
function requestOf(args: Partial<GenerateMurderArgs>): Record<string, unknown> {
  const { size, level, setting, robust, budget } = args;
  return { size, level, setting, robust, budget };
}

export const generateMurderCommand: CommandModule<object, GenerateMurderArgs> = {
  command: 'murder',
  describe: murderKind.describe,
  builder: (y: Argv) =>
    withBatchOptions(y.options(murderKind.options as Record<string, object>))
      .check((a) => {
        const args = a as unknown as Partial<GenerateMurderArgs>;
        if (args.budget !== undefined && !(Number.isInteger(args.budget) && args.budget >= 1)) return `--budget ${args.budget}: must be a whole number ≥ 1`;
        try {
          murderKind.parseRequest(requestOf(args));
          return true;
        } catch (e) {
          if (e instanceof RangeError) return e.message;
          throw e;
        }
      })
      .example('$0 generate murder --size 6 --level medium --count 10 --seed club', 'ten 6×6 medium cases')
      .example('$0 generate murder --size 9 --level hard --robust --player --seed 2027-01-01', 'one robust 9×9 hard case, player form')
      .example('$0 generate murder --size 8 --level hard --count 1000 --out cases/ --seed c1', 'a corpus on every core, resumable') as unknown as Argv<GenerateMurderArgs>,
  handler: (args) => runBatch(murderKind, requestOf(args), args),
};
