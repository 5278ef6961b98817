/**
 * Issue 17, defect 14 for Murder: verify's counter searches (uniqueness, and one per misreading
 * for secret.robustness) stay within the shared node budget (core/budget.ts) instead of a fixed
 * 5 M cap, and a case they cannot decide is "undecided", never "more than one solution".
 */
import { describe, expect, test } from 'vitest';
import { undecidedReason } from '../../src/core/budget.ts';
import { countSolutions } from '../../src/murder/counter.ts';
import { generateCase } from '../../src/murder/generate.ts';
import { readCaseFile } from '../../src/murder/model.ts';
import { robustnessOf } from '../../src/murder/robustness.ts';
import { verifyCase } from '../../src/murder/verify.ts';
import { MISREADINGS } from '../../src/murder/truth.ts';

const file = generateCase({ size: 6, level: 'easy', robust: false }, 'b-1');
const { model } = readCaseFile(file, { source: 'case' });

describe('murder verify within --max-nodes', () => {
  test('the default and 0 (no limit) verify the case', () => {
    expect(verifyCase(file).problems).toEqual([]);
    expect(verifyCase(file, undefined, { maxNodes: 0 }).problems).toEqual([]);
  });

  test('a budget too small for the uniqueness count: "undecided", not a count', () => {
    const problems = verifyCase(file, undefined, { maxNodes: 1 }).problems;
    expect(problems).toContain(undecidedReason({ maxNodes: 1 }));
    expect(problems.join('; ')).not.toMatch(/more than one solution|no solution|robustness\./);
  });

  test('enough for the uniqueness count but not for a misreading: the robustness claim is undecided, not false', () => {
    const main = countSolutions(model, { limit: 2 }).nodes;
    const kinds = new Set(model.people.flatMap((p) => p.clues.map((c) => c.kind)));
    const counted = MISREADINGS.filter((m) => m.kinds.some((k) => kinds.has(k)));
    // the case is chosen so that some misreading this case can suffer needs more nodes than the count itself
    expect(Math.max(...counted.map((m) => countSolutions(model, { limit: 2, reading: m.reading }).nodes))).toBeGreaterThan(main);
    const problems = verifyCase(file, undefined, { maxNodes: main }).problems;
    expect(problems).toEqual([`${undecidedReason({ maxNodes: main })} (checking secret.robustness)`]);
    // the generator's robustness (no budget) is unchanged
    expect(robustnessOf(model, countSolutions(model).solutions[0]!)).toEqual(file.secret!.robustness);
  });
});
