/**
 * The independent Murder proof checker (src/murder/prover/check-proof.ts): every proof of many
 * generated cases holds, forged proofs fail at the step, and verify refuses them.
 */
import { describe, expect, test } from 'vitest';
import { cellAt } from '../../src/murder/cells.ts';
import { generateCase } from '../../src/murder/generate.ts';
import { readCaseFile } from '../../src/murder/model.ts';
import { CHECKED_RULES, checkCaseProof } from '../../src/murder/prover/check-proof.ts';
import { RULES } from '../../src/murder/prover/prove.ts';
import type { MurderCaseFile } from '../../src/murder/schema.ts';
import { verifyCase } from '../../src/murder/verify.ts';

const copy = <T>(x: T): T => JSON.parse(JSON.stringify(x));

/** Cases of every size and level (bounded: 4 per size and level). */
const cases: MurderCaseFile[] = [];
for (const size of [4, 5, 6, 7, 8, 9]) {
  for (const level of ['easy', 'medium', 'hard'] as const) {
    for (let k = 0; k < 4; k++) {
      try {
        cases.push(generateCase({ size, level, robust: false }, `check-proof-${size}-${level}-${k}`));
      } catch {
        // some small sizes have no case at some level; the others are enough
      }
    }
  }
}
const modelOf = (file: MurderCaseFile) => readCaseFile(file, { source: 'test' }).model;

describe('checkCaseProof on real proofs', () => {
  test('knows exactly the ladder\'s rules, at their tiers', () => {
    expect(Object.keys(CHECKED_RULES).sort()).toEqual(RULES.map((r) => r.id).sort());
    for (const r of RULES) expect(CHECKED_RULES[r.id]!.tier, r.id).toBe(r.tier);
  });

  test('every step of every generated proof holds, and the end is the solution', () => {
    expect(cases.length).toBeGreaterThan(50);
    const used = new Set<string>();
    for (const file of cases) {
      const model = modelOf(file);
      const replay = checkCaseProof(model, file.secret!.proof.steps);
      expect(replay.failure, file.id).toBeNull();
      model.people.forEach((person, p) => {
        const [r, c] = file.secret!.solution.positions[person.id]!;
        expect(replay.cells[p]).toEqual([cellAt(r, c)]);
      });
      for (const s of file.secret!.proof.steps) used.add(s.rule);
      expect(verifyCase(file).problems).toEqual([]);
    }
    for (const rule of ['clue-filter', 'naked-single', 'line-single', 'claiming', 'victim-room', 'hall-rows']) expect(used).toContain(rule);
  });
});

describe('checkCaseProof on forged proofs', () => {
  test('a step that also rules out a person\'s solution cell fails at that step', () => {
    let tried = 0;
    for (const file of cases.slice(0, 30)) {
      const model = modelOf(file);
      const steps = file.secret!.proof.steps;
      steps.forEach((step, i) => {
        if (i % 3 !== 0 || step.removed.length === 0) return;
        const forged = copy(steps);
        const target = forged[i]!.removed[0]!;
        const at = file.secret!.solution.positions[target.person]!;
        if (target.cells.some(([r, c]) => r === at[0] && c === at[1])) return;
        target.cells.push(at);
        const replay = checkCaseProof(model, forged);
        expect(replay.failure?.step, `${file.id} step ${i + 1} (${step.rule})`).toBe(i + 1);
        tried++;
      });
    }
    expect(tried).toBeGreaterThan(100);
  });

  test('an unknown rule fails closed', () => {
    const file = cases[0]!;
    const steps = copy(file.secret!.proof.steps);
    steps[0]!.rule = 'intuition';
    expect(checkCaseProof(modelOf(file), steps).failure).toEqual({ step: 1, rule: 'intuition', reason: 'unknown rule: the step cannot be checked' });
  });
});

describe('verify refuses forged Murder proofs', () => {
  const file = cases.find((f) => f.public.size === 6 && f.public.level.name === 'medium')!;
  const problems = (tamper: (f: MurderCaseFile) => void) => {
    const f = copy(file);
    tamper(f);
    return verifyCase(f).problems;
  };

  test('the real proof passes', () => expect(verifyCase(file).problems).toEqual([]));

  test('an empty proof fails', () => {
    expect(problems((f) => { f.secret!.proof.steps = []; })).toEqual(['secret.proof has no steps: it does not reach the solution']);
  });

  test('the real proof reversed fails at step 1', () => {
    expect(problems((f) => f.secret!.proof.steps.reverse())[0]).toMatch(/^proof step 1 \(.+\): /);
  });

  test('a bogus step placing everyone at once fails at step 1', () => {
    const bogus = (f: MurderCaseFile) => {
      const placed = Object.entries(f.secret!.solution.positions).map(([person, cell]) => ({ person, cell }));
      f.secret!.proof.steps = [{ rule: 'naked-single', tier: 1, premises: {}, removed: [], placed, text: { de: 'Alle.', en: 'Everyone.' } }];
    };
    expect(problems(bogus)).toEqual(['proof step 1 (naked-single): must place exactly one person']);
  });

  test('a clue filter that rules out cells its clue allows fails there', () => {
    const tamper = (f: MurderCaseFile) => {
      const steps = f.secret!.proof.steps;
      const i = steps.findIndex((s) => s.rule === 'clue-filter');
      const person = steps[i]!.removed[0]!.person;
      // Rule out a cell the clue keeps: the person's own solution cell.
      steps[i]!.removed[0]!.cells.push(f.secret!.solution.positions[person]!);
    };
    expect(problems(tamper)[0]).toMatch(/^proof step \d+ \(clue-filter\): does not rule out \[\d, \d\] for [a-z0-9-]+ \(the .+ clue of .+ allows it\)$/);
  });

  test('a proof that stops early fails: not everyone is down to one cell', () => {
    expect(problems((f) => { f.secret!.proof.steps.splice(-3); })[0]).toMatch(/^the proof ends with [a-z0-9-]+ on (\d+ cells|\[\d, \d\]), the solution has \[\d, \d\]$/);
  });

  test('a person the case lacks is named with the people it has', () => {
    const ids = file.public.people.map((x) => `"${x.id}"`).join(', ');
    expect(problems((f) => { f.secret!.proof.steps[0]!.removed[0]!.person = 'nobody'; })[0]).toBe(`proof step 1 (${file.secret!.proof.steps[0]!.rule}): names an unknown person "nobody" (the case's people: ${ids})`);
  });

  test('a cell out of range is a one-line reason', () => {
    const p = problems((f) => { f.secret!.proof.steps[0]!.removed[0]!.cells[0] = [8, 8]; });
    expect(p[0]).toMatch(/^proof step 1 \(.+\): rules out \[8, 8\], off the board|could not stand there/);
  });
});

describe('the rows-against-columns rules are checked like the others', () => {
  // hard 9×9 cases use both rules (searched with seeds until each rule has steps to forge)
  const withRules: MurderCaseFile[] = [];
  const seen = () => new Set(withRules.flatMap((f) => f.secret!.proof.steps.map((s) => s.rule)).filter((r) => r === 'one-cell-line' || r === 'row-column-sets'));
  for (let k = 0; k < 60 && seen().size < 2; k++) {
    const file = generateCase({ size: 9, level: 'hard', robust: false }, `permutation-check-${k}`);
    if (file.secret!.proof.steps.some((s) => s.rule === 'one-cell-line' || s.rule === 'row-column-sets')) withRules.push(file);
  }
  const stepsOf = (rule: string) => withRules.flatMap((file) => file.secret!.proof.steps.map((step, i) => ({ file, step, i })).filter((x) => x.step.rule === rule));

  test.each(['one-cell-line', 'row-column-sets'])('%s: real steps hold; a step naming another line fails at that step', (rule) => {
    const found = stepsOf(rule);
    expect(found.length).toBeGreaterThan(0);
    for (const { file, i } of found) {
      expect(checkCaseProof(modelOf(file), file.secret!.proof.steps).failure).toBeNull();
      const forged = copy(file);
      const premises = forged.secret!.proof.steps[i]!.premises;
      const shift = (xs: number[] | undefined) => xs?.map((x) => (x + 1) % 9);
      if (premises.rows) premises.rows = shift(premises.rows);
      else premises.columns = shift(premises.columns);
      const replay = checkCaseProof(modelOf(forged), forged.secret!.proof.steps);
      expect(replay.failure, file.id).toMatchObject({ step: i + 1, rule });
    }
  });
});
