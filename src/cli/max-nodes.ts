/**
 * `--max-nodes N`, the one search budget of every command that counts solutions of foreign input
 * (verify, grade, import, solve, replay numbridge): the same option, the same default
 * (core/budget.ts), the same "undecided" report.
 */
import type { Argv } from 'yargs';
import { DEFAULT_MAX_NODES } from '../core/budget.ts';

export function withMaxNodes<T>(y: Argv<T>): Argv<T & { 'max-nodes': number }> {
  return y.option('max-nodes', {
    type: 'number',
    default: DEFAULT_MAX_NODES,
    describe: 'search budget per puzzle (0 = none): a puzzle not decided within N search nodes is reported "undecided" (exit 1). '
      + 'Our boards need a few hundred nodes; 20,000,000 is about half a minute',
  });
}
