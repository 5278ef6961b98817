/**
 * The words for a unique board the ladder cannot finish. It is "beyond the ladder", not "needs
 * guessing": the hardest forum puzzles are solved by people with chains and patterns this ladder
 * does not have. The reason says how far the prover got (the highest tier it used, the cells placed).
 */
import type { ProveResult } from './index.ts';
import { TIER_NAMES } from './ladder.ts';

/** `beyond the ladder: unique; the logic prover reaches tier 2 (medium) and stalls with 40 of 81 cells placed`. */
export function beyondLadderReason(result: Pick<ProveResult, 'tier' | 'grid'>, maxTier?: number): string {
  const cells = result.grid.length;
  const placed = Array.from(result.grid).reduce((k, d) => k + (d !== 0 ? 1 : 0), 0);
  const ladder = maxTier === undefined ? 'beyond the ladder' : `beyond the ladder up to tier ${maxTier}`;
  const reached = result.tier > 0 ? `reaches tier ${result.tier} (${TIER_NAMES[result.tier] ?? '?'})` : 'finds no first step';
  return `${ladder}: unique; the logic prover ${reached} and stalls with ${placed} of ${cells} cells placed`;
}
