/**
 * `--max-nodes N`, the one search budget of every command that counts solutions of foreign input
 * (verify, grade, import, solve, replay numbridge): the same option, the same default
 * (core/budget.ts), the same "undecided" report.
 */
import type { Argv } from 'yargs';
import { DEFAULT_MAX_BRANCHES, DEFAULT_MAX_NODES } from '../core/budget.ts';

export function withMaxNodes<T>(y: Argv<T>): Argv<T & { 'max-nodes': number }> {
  return y.option('max-nodes', {
    type: 'number',
    default: DEFAULT_MAX_NODES,
    describe: 'search budget per puzzle (0 = none): a puzzle not decided within N search nodes is reported "undecided" (exit 1). '
      + 'Our boards need a few hundred nodes; 20,000,000 is about half a minute',
  });
}

/**
 * `--max-branches N`, the logic prover's budget per puzzle in the commands that grade foreign
 * input with the whole ladder (grade, verify, import): forcing-chain branches followed, a count
 * so the same input gives the same verdict on any machine (core/budget.ts).
 */
export function withMaxBranches<T>(y: Argv<T>): Argv<T & { 'max-branches': number }> {
  return y
    .option('max-branches', {
      type: 'number',
      default: DEFAULT_MAX_BRANCHES,
      describe: 'logic prover budget per puzzle (0 = none): a unique puzzle the ladder has not finished after N forcing-chain branches is reported "undecided" (exit 1). '
        + 'The hardest known puzzles need up to about 450,000; 2,000,000 is about half a minute',
    })
    .check((a) => (Number.isInteger(a['max-branches']) && (a['max-branches'] as number) >= 0) || '--max-branches must be a whole number ≥ 0');
}

/**
 * `--nested` / `--no-nested`, the last rung of the ladder in the commands that prove foreign input
 * with the whole ladder (grade, verify, import): one option, one wording.
 */
export function withNested<T>(y: Argv<T>): Argv<T & { nested: boolean }> {
  return y.option('nested', {
    type: 'boolean',
    default: true,
    describe: 'the last rung, nested forcing chains, when every other rung stalls: finishes the hardest known puzzles (forum-hardest: all 375), at up to seconds a board within --max-branches; --no-nested leaves it out',
  });
}
