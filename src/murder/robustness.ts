/**
 * Robustness to misreadings (issue item 6): for each way players misread a clue (truth.ts
 * MISREADINGS), does the case still have exactly one solution, the same one? Judged by the
 * exhaustive counter under that reading. A misreading of a word the case never uses changes
 * nothing, so it needs no search.
 */
import { countSolutions } from './counter.ts';
import type { CaseModel } from './model.ts';
import type { Robustness } from './schema.ts';
import { MISREADINGS } from './truth.ts';

export function robustnessOf(model: CaseModel, cells: ArrayLike<number>): Robustness {
  return checkRobustness(model, cells, Infinity).robustness;
}

/**
 * The same within a node budget per counted reading (verify, on cases from elsewhere): `decided`
 * is false when some reading's count ran out of it, and `robustness` then means nothing.
 */
export function checkRobustness(model: CaseModel, cells: ArrayLike<number>, maxNodes: number): { robustness: Robustness; decided: boolean } {
  const result = {} as Robustness;
  let robust = true;
  let decided = true;
  const kinds = new Set(model.people.flatMap((p) => p.clues.map((c) => c.kind)));
  for (const { key, reading, kinds: affected, extended } of MISREADINGS) {
    if (!affected.some((kind) => kinds.has(kind))) {
      if (!extended) result[key] = true;
      continue;
    }
    const counted = countSolutions(model, { limit: 2, reading, maxNodes });
    decided &&= counted.complete;
    const same = counted.count === 1 && counted.solutions[0]!.every((cell, p) => cell === cells[p]);
    result[key] = same;
    robust &&= same;
  }
  result.robust = robust;
  return { robustness: result, decided };
}
