/**
 * The node budget of every search that reads foreign input (verify, grade, import, solve, the
 * deal check of replay): a board or case from elsewhere can make a complete search run for
 * hours, so each search stops after a budget and says "undecided" instead of hanging. One
 * default for every command; `--max-nodes N` raises it, 0 removes it.
 *
 * 20,000,000 nodes of the Sudoku counter's plain search take about 32 s on the 2-core CI machine
 * (measured on a near-empty board of an irregular 9×9 layout that search cannot decide); every
 * board we make, and every near-empty one the counter's restarts handle, is decided in well under
 * 1 % of it.
 */

export const DEFAULT_MAX_NODES = 20_000_000;

/**
 * The logic prover's budget per puzzle (`--max-branches`): the assumptions its forcing-chain
 * rungs may follow, nested chains' inner assumptions included. A count, not a clock, so a verdict
 * is the same on every machine. forum-hardest-1106, the hardest known puzzles, needs at most
 * 443,850 (median 46,092: bench/ladder-hardest.ts, bench/RESULTS.md), so the default leaves 4×
 * room; a branch costs 7–14 µs of CPU on the 2-core CI machine, so a board that spends it all
 * gives up after 15–30 s, like DEFAULT_MAX_NODES's half a minute.
 */
export const DEFAULT_MAX_BRANCHES = 2_000_000;

/** How much a search may spend, as the option says it: absent = the default, 0 = no limit. */
export interface SearchBudget {
  /** The solution counter's search nodes. */
  maxNodes?: number;
  /** The logic prover's forcing-chain branches. */
  maxBranches?: number;
}

/** The `maxNodes` to give a search for this budget (Infinity for 0). */
export function nodeLimit(budget: SearchBudget = {}): number {
  const n = budget.maxNodes ?? DEFAULT_MAX_NODES;
  return n === 0 ? Infinity : n;
}

/** The `maxBranches` to give the prover for this budget (Infinity for 0). */
export function branchLimit(budget: SearchBudget = {}): number {
  const n = budget.maxBranches ?? DEFAULT_MAX_BRANCHES;
  return n === 0 ? Infinity : n;
}

/** The one problem line of a unique puzzle the prover did not finish within its branch budget. */
export function unfinishedReason(budget: SearchBudget = {}): string {
  return `undecided: the logic prover did not finish within ${budget.maxBranches ?? DEFAULT_MAX_BRANCHES} forcing-chain branches (raise --max-branches)`;
}

/** The budget as the user gave it, for messages (the default when absent). */
export function budgetNodes(budget: SearchBudget = {}): number {
  return budget.maxNodes ?? DEFAULT_MAX_NODES;
}

/** The one problem line of a puzzle that a search could not decide within its budget. */
export function undecidedReason(budget: SearchBudget = {}): string {
  return `undecided: not decided within ${budgetNodes(budget)} search nodes (raise --max-nodes)`;
}
