/**
 * `puzzlemill generate numbridge --size --blocks --givens --grade --symmetry …`: Numbridge boards
 * through the shared batch runner (count, seed, workers, shard, out, player: src/cli/batch.ts).
 * A request that can never be met (5×5 regular, givens out of range, an odd count with rot180 on
 * an even board …) is a usage error: one line, exit 2, before any work. A request the generator
 * could not meet within its budget is reported per puzzle: exit 1.
 */
import { numbridgeKind } from '../../kinds/numbridge.ts';
import { kindCommand } from '../batch.ts';

export const generateNumbridgeCommand = kindCommand(numbridgeKind, [
  ['$0 generate numbridge --count 10 --seed club', 'ten 9×9 boards, 30 givens, any grade'],
  ['$0 generate numbridge --size 6 --givens 14 --grade 1 --symmetry rot180 --seed blitz', 'a Blitz board'],
  ['$0 generate numbridge --blocks irregular --givens 28 --grade 2 --player', 'the player form only'],
]);
