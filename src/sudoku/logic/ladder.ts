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
