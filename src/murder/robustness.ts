/**
 * Robustness to misreadings (issue item 6): for each way players misread a clue (truth.ts
 * MISREADINGS), does the case still have exactly one solution, the same one? Judged by the
 * exhaustive counter under that reading. A misreading of a word the case never uses changes
 * nothing, so it needs no search.
 */
import { countSolutions } from './counter.ts';
import type { CaseModel } from './model.ts';
import type { ClueKind, Robustness } from './schema.ts';
import { clueHolds, MISREADINGS, type MisreadingKey } from './truth.ts';

/**
 * Per misreading, the kinds it only ever narrows: read that way such a clue allows a subset of what
 * it allows strictly ("above" read as "directly above" adds "same column"; "not beside" counting
 * diagonals or walls rules out more cells; "not at the edge" read as "not beside a wall"). When
 * every clue a misreading touches is of such a kind and still true of the solution, the misread
 * case has exactly that one solution — it is among the strict solutions and keeps its clues — so
 * no search is needed. The counter would find the same; this only saves the time.
 */
const NARROWS: Readonly<Partial<Record<MisreadingKey, ReadonlySet<ClueKind>>>> = {
  besideDiagonal: new Set<ClueKind>(['notBesideObject', 'notAdjacentObject']),
  besideThroughWall: new Set<ClueKind>(['notBesideObject']),
  relationDirect: new Set<ClueKind>(['above', 'below', 'leftOf', 'rightOf', 'aboveObject', 'belowObject', 'leftOfObject', 'rightOfObject']),
  wallsConfused: new Set<ClueKind>(['notBesideEdge']),
};

/** `cells`: the case's only solution (the shortcut of NARROWS rests on the case being unique). */
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
    const narrows = NARROWS[key];
    if (narrows && onlyNarrowed(model, cells, affected, narrows, reading)) {
      result[key] = true; // the case is unique strictly (checked before this is asked)
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

/** Every clue of an affected kind is one the reading narrows, and true of the solution when so read. */
function onlyNarrowed(model: CaseModel, cells: ArrayLike<number>, affected: readonly ClueKind[], narrows: ReadonlySet<ClueKind>, reading: (typeof MISREADINGS)[number]['reading']): boolean {
  return model.people.every((person, p) => person.clues.every((fact) => !affected.includes(fact.kind) || (narrows.has(fact.kind) && clueHolds(model, cells, p, fact, reading))));
}
