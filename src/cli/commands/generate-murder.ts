/**
 * `puzzlemill generate murder --size N --level easy|medium|hard [--setting …] [--robust] [--budget]`
 * plus the batch options every kind shares (count, seed, workers, shard, out, player,
 * max-seconds: src/cli/batch.ts): Sudoku Murder cases, NDJSON on stdout in order k = 0..C−1 or
 * one file each. Case k's seed comes from (run seed, 'murder', the request, k) only (`caseSeed`),
 * so the same command writes the same bytes whatever the workers, and any single case can be made
 * again.
 */
import { murderKind } from '../../kinds/murder.ts';
import { kindCommand } from '../batch.ts';

export const generateMurderCommand = kindCommand(murderKind, [
  ['$0 generate murder --size 6 --level medium --count 10 --seed club', 'ten 6×6 medium cases'],
  ['$0 generate murder --size 9 --level hard --robust --player --seed 2027-01-01', 'one robust 9×9 hard case, player form'],
  ['$0 generate murder --size 8 --level hard --count 1000 --out cases/ --seed c1', 'a corpus on every core, resumable'],
]);
