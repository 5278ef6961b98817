/**
 * `puzzlemill generate numbridge --size --blocks --givens --grade --symmetry …`: Numbridge boards
 * through the shared batch runner (count, seed, workers, shard, out, player: src/cli/batch.ts).
 * A request that can never be met (5×5 regular, givens out of range, an odd count with rot180 on
 * an even board …) is a usage error: one line, exit 2, before any work. A request the generator
 * could not meet within its budget is reported per puzzle: exit 1.
 */
import type { Argv, CommandModule } from 'yargs';
import { numbridgeKind } from '../../kinds/numbridge.ts';
import { runBatch, withBatchOptions, type BatchArgs } from '../batch.ts';

interface NumbridgeArgs extends BatchArgs {
  size: number;
  blocks?: string;
  givens?: number;
  grade?: number;
  symmetry: string;
}

/** The request part of the parsed arguments. */
function requestOf(args: Partial<NumbridgeArgs>): Record<string, unknown> {
  const { size, blocks, givens, grade, symmetry } = args;
  return { size, blocks, givens, grade, symmetry };
}

export const generateNumbridgeCommand: CommandModule<object, NumbridgeArgs> = {
  command: 'numbridge',
  describe: numbridgeKind.describe,
  builder: (y: Argv) =>
    withBatchOptions(y.options(numbridgeKind.options as Record<string, object>))
      .check((args) => {
        try {
          numbridgeKind.parseRequest(requestOf(args as Partial<NumbridgeArgs>));
          return true;
        } catch (e) {
          if (e instanceof RangeError) return e.message;
          throw e;
        }
      })
      .example('$0 generate numbridge --count 10 --seed club', 'ten 9×9 boards, 30 givens, any grade')
      .example('$0 generate numbridge --size 6 --givens 14 --grade 1 --symmetry rot180 --seed blitz', 'a Blitz board')
      .example('$0 generate numbridge --blocks irregular --givens 28 --grade 2 --player', 'the player form only') as unknown as Argv<NumbridgeArgs>,
  handler: (args) => runBatch(numbridgeKind, requestOf(args), args),
};
