/**
 * The words for what a count of solutions found, once for every consumer: the board check
 * (logic/verdict.ts judgeBoard: verify, grade, import, the generator's re-check) and `solve`.
 * A module of its own so that `solve` words its answers without loading the prover.
 */
export const NO_SOLUTION = 'has no solution';
export const SEVERAL_SOLUTIONS = 'has more than one solution';
