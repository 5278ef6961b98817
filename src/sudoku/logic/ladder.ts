/**
 * The ladder: every technique with its tier and cost, tried cheapest first (by tier, then cost);
 * after any progress the prover restarts at the bottom rung (Tatham's solver shape).
 */
import { aic, xChain, xyChain } from './techniques/chains.ts';
import { cellForcingChain, contradictionChain, houseForcingChain } from './techniques/forcing.ts';
import { nestedForcingChain } from './techniques/nested-forcing.ts';
import { groupedAic, groupedNiceLoop, niceLoop } from './techniques/grouped-chains.ts';
import { simpleColorsTechnique } from './techniques/coloring.ts';
import { emptyRectangleTechnique } from './techniques/empty-rectangle.ts';
import { jellyfish, swordfish, xWing } from './techniques/fish.ts';
import { lawOfLeftovers } from './techniques/leftovers.ts';
import { skyscraper, turbotFish, twoStringKite } from './techniques/single-digit.ts';
import { wWingTechnique, xyWingTechnique, xyzWingTechnique } from './techniques/wings.ts';
import { lockedClaiming, lockedPair, lockedPointing, lockedTriple } from './techniques/intersections.ts';
import { fullHouse, hiddenSingle, nakedSingle } from './techniques/singles.ts';
import { hiddenPair, hiddenQuad, hiddenTriple, nakedPair, nakedQuad, nakedTriple } from './techniques/subsets.ts';
import type { Technique } from './technique.ts';
import { alsChainTechnique, alsXyWingTechnique, alsXzTechnique } from './techniques/als.ts';
import { bugPlusOneTechnique, uniqueRectangle1, uniqueRectangle2, uniqueRectangle3, uniqueRectangle4 } from './techniques/uniqueness.ts';

/** Names of the tiers, used as the grade name. */
export const TIER_NAMES: Readonly<Record<number, string>> = { 1: 'easy', 2: 'medium', 3: 'hard', 4: 'fiendish', 5: 'extreme' };

/** Every technique of the ladder, in ladder order. */
export const LADDER: readonly Technique[] = [
  fullHouse,
  nakedSingle,
  hiddenSingle,
  lockedPair,
  lockedPointing,
  lockedClaiming,
  lockedTriple,
  nakedPair,
  hiddenPair,
  nakedTriple,
  hiddenTriple,
  lawOfLeftovers,
  nakedQuad,
  hiddenQuad,
  xWing,
  swordfish,
  jellyfish,
  skyscraper,
  twoStringKite,
  turbotFish,
  emptyRectangleTechnique,
  wWingTechnique,
  xyWingTechnique,
  xyzWingTechnique,
  simpleColorsTechnique,
  xChain,
  xyChain,
  aic,
  // uniqueness (tier 3) and ALS (tier 5), issue t5a; their tiers: README "Tiers: where the references agree"
  uniqueRectangle1,
  uniqueRectangle2,
  uniqueRectangle3,
  uniqueRectangle4,
  bugPlusOneTechnique,
  alsXzTechnique,
  alsXyWingTechnique,
  alsChainTechnique,
  // tier 5: grouped chains and forcing chains (t5b)
  niceLoop,
  groupedNiceLoop,
  groupedAic,
  contradictionChain,
  cellForcingChain,
  houseForcingChain,
  // tier 5: nested forcing chains, the last rung
  nestedForcingChain,
].sort((a, b) => a.tier - b.tier || a.cost - b.cost);

export const TIERS: ReadonlyArray<{ tier: number; name: string; techniques: string[] }> = Object.entries(TIER_NAMES).map(([tier, name]) => ({
  tier: Number(tier),
  name,
  techniques: LADDER.filter((t) => t.tier === Number(tier)).map((t) => t.id),
}));

const byId = new Map(LADDER.map((t) => [t.id, t]));

/** The technique with this id, or undefined. */
export function techniqueById(id: string): Technique | undefined {
  return byId.get(id);
}

const rankOf = new Map(LADDER.map((t, i) => [t.id, i]));

/**
 * The hardest technique a run used: of the techniques with a count, the one with the highest
 * (tier, cost) — the latest rung in ladder order, which is sorted so (equal tier and cost: the
 * later rung, the one the prover tries only when the other stalls). Null when no step was taken
 * (the givens fill the board). The one definition: grades (`Grade.technique`), `grade --json`,
 * board files, the server's list filter and `generate numbridge --technique` all use it.
 */
export function hardestTechnique(techniqueCounts: Readonly<Record<string, number>>): string | null {
  let hardest: string | null = null;
  let rank = -1;
  for (const [id, count] of Object.entries(techniqueCounts)) {
    const r = rankOf.get(id);
    if (count > 0 && r !== undefined && r > rank) [hardest, rank] = [id, r];
  }
  return hardest;
}

/** The technique ids up to and including `id`, in ladder order: the ladder capped at one technique. */
export function ladderUpTo(id: string): string[] {
  const r = rankOf.get(id);
  if (r === undefined) throw new RangeError(`unknown technique "${id}"`);
  return LADDER.slice(0, r + 1).map((t) => t.id);
}

/** The two families whose members the prover finds in their complement too (see practiceProblem). */
const COMPLEMENTS: ReadonlyArray<{ family: readonly (string | undefined)[]; dual: readonly (string | undefined)[] }> = [
  // index k: the subset of k cells (1: the singles, found before any rung)
  { family: [undefined, 'naked-single', 'naked-pair', 'naked-triple', 'naked-quad'], dual: [undefined, 'hidden-single', 'hidden-pair', 'hidden-triple', 'hidden-quad'] },
  { family: [undefined, 'hidden-single', 'hidden-pair', 'hidden-triple', 'hidden-quad'], dual: [undefined, 'naked-single', 'naked-pair', 'naked-triple', 'naked-quad'] },
  // index k: the fish of k lines (1: a hidden single in a line)
  { family: [undefined, 'hidden-single', 'x-wing', 'swordfish', 'jellyfish'], dual: [undefined, 'hidden-single', 'x-wing', 'swordfish', 'jellyfish'] },
];

/**
 * Why technique `id` can never be the hardest step of a board the generator makes on this layout
 * (one line naming the id and the layout), or null when it can. Generators never use the nested
 * rung; Law of Leftovers runs on irregular layouts only; the uniqueness rungs need them allowed.
 * And the complements: a house with m ≤ N open cells holding a hidden k-subset holds a naked
 * (m−k)-subset with the same eliminations (and the same for fish: k base lines whose digit lies in
 * k cover lines leave the other m−k cover lines as the base of an (m−k)-fish), so when every
 * complement of size ≤ N−k comes earlier in the ladder, the prover always takes it first — on 6×6
 * e.g. the naked quad (its complement a hidden pair at most) and the jellyfish (an X-Wing at most).
 * Derived from the ladder's order, never from fixed tiers.
 */
export function practiceProblem(id: string, layout: { size: number; irregular: boolean; uniqueness: boolean }): string | null {
  const t = techniqueById(id);
  if (!t) throw new RangeError(`unknown technique "${id}"`);
  const where = `${layout.size}×${layout.size} ${layout.irregular ? 'irregular' : 'regular'} boards`;
  if (t.onRequest) return `${id} can't be the hardest step of a generated board: generators never use the last rung, nested forcing chains`;
  if (t.irregularOnly && !layout.irregular) return `${id} can't be the hardest step on ${where}: it runs on irregular layouts only (on regular ones it adds nothing to locked candidates)`;
  if (t.assumesUniqueness && !layout.uniqueness) return `${id} can't be the hardest step with --no-uniqueness: it assumes one solution`;
  for (const { family, dual } of COMPLEMENTS) {
    const k = family.indexOf(id);
    if (k < 2) continue;
    const complements = Array.from({ length: layout.size - k }, (_, j) => dual[j + 1]);
    if (complements.every((c) => c !== undefined && rankOf.get(c)! < rankOf.get(id)!)) {
      return `${id} can't be the hardest step on ${where}: with at most ${layout.size} open cells or lines its complement (${[...new Set(complements.slice(1))].join(', ') || complements[0]}) holds the same eliminations and comes earlier in the ladder`;
    }
  }
  return null;
}
