/**
 * The ladder on random small cases with every clue kind and both case facts (issue 26):
 *  - soundness: no proof step removes a cell of any solution the counter finds; a case the ladder
 *    solves has exactly that one solution; a case with a solution is never called a contradiction;
 *  - the independent proof checker accepts every proof the prover writes, and refuses each step of
 *    a rule of issue 26 once it is tampered with (a solution cell added to its removals, its tier
 *    changed, its premises taken away or wrong).
 */
import { fc, test } from '@fast-check/vitest';
import { afterAll, expect } from 'vitest';
import { proofSteps } from '../../src/murder/case-file.ts';
import { countSolutions } from '../../src/murder/counter.ts';
import { checkCaseProof } from '../../src/murder/prover/check-proof.ts';
import { proveCase } from '../../src/murder/prover/prove.ts';
import type { ProofStep } from '../../src/murder/schema.ts';
import { plainNames } from './fixtures.ts';
import { randomExtendedCase } from './prover-extended-fixtures.ts';

export const NEW_RULES = ['only-on-object', 'person-order', 'same-room', 'not-same-room', 'only-with', 'object-count', 'empty-rooms', 'room-company', 'room-demand'];

const copy = <T>(x: T): T => JSON.parse(JSON.stringify(x));
const seen = { cases: 0, withSolution: 0, solved: 0, steps: 0, tampered: 0, rules: new Map<string, number>() };

afterAll(() => {
  const rules = [...seen.rules].map(([r, k]) => `${r} ${k}`).join(', ');
  console.log(`extended prover: ${seen.cases} cases (${seen.withSolution} with a solution, ${seen.solved} solved by the ladder), ${seen.steps} steps checked, ${seen.tampered} tampered steps refused; new-rule steps: ${rules}`);
});

/** Forgeries of one step (index i) of a proof, each of which must fail at that step. */
function forgeries(steps: readonly ProofStep[], i: number, solution: Record<string, [number, number]> | null): ProofStep[][] {
  const out: ProofStep[][] = [];
  const step = steps[i]!;
  const prefix = steps.slice(0, i + 1);
  // A solution cell the step does not remove, of someone who still has it: no sound argument removes it.
  if (solution) {
    const removedBefore = new Set(steps.slice(0, i).flatMap((s) => s.removed.flatMap((x) => x.cells.map(([r, c]) => `${x.person} ${r} ${c}`))));
    const target = step.removed.find((x) => {
      const at = solution[x.person]!;
      return !x.cells.some(([r, c]) => r === at[0] && c === at[1]) && !removedBefore.has(`${x.person} ${at[0]} ${at[1]}`);
    });
    if (target) {
      const forged = copy(prefix);
      forged[i]!.removed.find((x) => x.person === target.person)!.cells.push(solution[target.person]!);
      out.push(forged);
    }
  }
  const tier = copy(prefix);
  tier[i]!.tier = step.tier === 3 ? 2 : step.tier + 1;
  out.push(tier);
  const bare = copy(prefix);
  bare[i]!.premises = step.rule === 'object-count' ? { ...step.premises, clues: [{ person: step.removed[0]!.person, index: 0 }] } : {};
  out.push(bare);
  return out;
}

test.prop([fc.integer({ min: 0, max: 2 ** 31 - 1 }), fc.integer({ min: 1, max: 5 }), fc.boolean()], { numRuns: 400 })(
  'every step is sound, every proof checks, every tampered new-rule step is refused',
  (seed, clues, deal) => {
    // `deal`: true clues are added until the ladder places everyone (or a bound), so many proofs are complete.
    const drawn = randomExtendedCase(seed, { cluesPerPerson: clues, truth: 0.95, deal });
    if (!drawn) return;
    const { model } = drawn;
    seen.cases++;
    const counted = countSolutions(model, { limit: 1000 });
    expect(counted.complete).toBe(true);
    const proof = proveCase(model, { names: plainNames(model) });
    for (const step of proof.steps) {
      for (const x of step.removed) for (const sol of counted.solutions) expect(x.cells, `${step.rule}: ${step.text.en}`).not.toContain(sol[x.person]);
    }
    if (counted.count > 0) {
      seen.withSolution++;
      expect(proof.status).not.toBe('contradiction');
    }
    if (proof.status === 'solved') {
      seen.solved++;
      expect(counted.count).toBe(1);
      expect(Array.from(proof.cells!)).toEqual(Array.from(counted.solutions[0]!));
    }
    const steps = proofSteps(proof.steps, model);
    const replay = checkCaseProof(model, steps);
    expect(replay.failure).toBeNull();
    seen.steps += steps.length;
    const solution = counted.count > 0 ? Object.fromEntries(model.people.map((p, k) => [p.id, [(counted.solutions[0]![k]! / 9) | 0, counted.solutions[0]![k]! % 9] as [number, number]])) : null;
    steps.forEach((step, i) => {
      if (!NEW_RULES.includes(step.rule)) return;
      seen.rules.set(step.rule, (seen.rules.get(step.rule) ?? 0) + 1);
      for (const forged of forgeries(steps, i, solution)) {
        expect(checkCaseProof(model, forged).failure?.step, `${step.rule} forged`).toBe(i + 1);
        seen.tampered++;
      }
    });
    if (proof.status === 'solved') model.people.forEach((_, p) => expect(replay.cells[p]).toEqual([proof.cells![p]]));
  },
  120_000,
);
