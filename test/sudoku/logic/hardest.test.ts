/**
 * The hardest technique of a run and the practice caps (issue 27 §3), against LADDER itself: no
 * tier or cost of a particular technique is written here (they are being re-calibrated).
 */
import { describe, expect, test } from 'vitest';
import { hardestTechnique, LADDER, ladderUpTo, practiceProblem } from '../../../src/sudoku/logic/index.ts';

describe('hardestTechnique', () => {
  test('the used technique with the highest (tier, cost); the later rung on a tie; null for no step', () => {
    expect(hardestTechnique({})).toBeNull();
    expect(hardestTechnique({ 'x-wing': 0 })).toBeNull();
    for (let i = 0; i < LADDER.length; i++) {
      for (let j = 0; j < LADDER.length; j++) {
        const [a, b] = [LADDER[i]!, LADDER[j]!];
        const later = a.tier > b.tier || (a.tier === b.tier && (a.cost > b.cost || (a.cost === b.cost && i >= j))) ? a : b;
        expect(hardestTechnique({ [a.id]: 1, [b.id]: 3, 'not-a-technique': 9 })).toBe(later.id);
      }
    }
  });

  test('ladderUpTo: every rung up to the technique, in ladder order', () => {
    expect(ladderUpTo(LADDER[0]!.id)).toEqual([LADDER[0]!.id]);
    const x = LADDER.findIndex((t) => t.id === 'x-wing');
    expect(ladderUpTo('x-wing')).toEqual(LADDER.slice(0, x + 1).map((t) => t.id));
    expect(() => ladderUpTo('x-wnig')).toThrow(RangeError);
  });
});

describe('practiceProblem', () => {
  const at = (size: number, irregular: boolean, uniqueness = true) => LADDER.filter((t) => practiceProblem(t.id, { size, irregular, uniqueness }) !== null).map((t) => t.id);

  test('the nested rung never; Law of Leftovers on irregular layouts only; the uniqueness rungs only when allowed', () => {
    expect(at(9, true)).toEqual(['nested-forcing-chain']);
    expect(at(9, false)).toEqual(['law-of-leftovers', 'nested-forcing-chain']);
    expect(at(9, true, false)).toEqual(LADDER.filter((t) => t.assumesUniqueness || t.onRequest).map((t) => t.id));
  });

  test('a subset or fish whose every complement on the board comes earlier in the ladder is refused, by the ladder order', () => {
    const rank = (id: string) => LADDER.findIndex((t) => t.id === id);
    // on 6×6 a jellyfish's complement is a fish of at most 2 lines, a naked quad's a hidden subset of at most 2 cells
    expect(at(6, true).includes('jellyfish')).toBe(rank('x-wing') < rank('jellyfish'));
    expect(at(6, true).includes('naked-quad')).toBe(rank('hidden-pair') < rank('naked-quad'));
    expect(at(6, true).includes('hidden-triple')).toBe(rank('naked-pair') < rank('hidden-triple') && rank('naked-triple') < rank('hidden-triple'));
    // a complement of 5 has no rung, so on 9×9 no subset or fish is refused
    expect(at(9, true)).not.toContain('naked-quad');
    expect(practiceProblem('jellyfish', { size: 6, irregular: false, uniqueness: true })).toMatch(/^jellyfish can't be the hardest step on 6×6 regular boards: /);
  });
});
