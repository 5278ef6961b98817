/**
 * Murder case scores order cases (issue 15 §2, the level spans of the Sudoku grade): within one size
 * every case of level g+1 scores above every case of level g, and inside a level the score is
 * monotone in the work of the proof (the sum of its rule costs, on the canonical order of the case). 720 generated cases: 40 per size
 * 4..9 and level; verify holds a case to its score.
 */
import { describe, expect, it } from 'vitest';
import { LEVEL_SPAN, levelOfScore } from '../../src/core/level-score.ts';
import { generateCase } from '../../src/murder/generate.ts';
import { canonicalModel, modelFromPublic } from '../../src/murder/model.ts';
import { caseScore, LEVEL_NAMES, proveCase, RULES, scoreCase } from '../../src/murder/prover/prove.ts';
import type { MurderCaseFile } from '../../src/murder/schema.ts';
import { verifyCase } from '../../src/murder/verify.ts';

const LEVELS = ['easy', 'medium', 'hard'] as const;
const PER_CELL = 40;

interface Scored {
  id: string;
  level: number;
  score: number;
  work: number;
}

const bySize = new Map<number, Scored[]>();
const files: MurderCaseFile[] = [];
for (let size = 4; size <= 9; size++) {
  const scored: Scored[] = [];
  for (const level of LEVELS) {
    for (let k = 0; k < PER_CELL; k++) {
      const file = generateCase({ size, level, robust: false }, `score-${size}-${level}-${k}`);
      if (k === 0) files.push(file);
      const proof = proveCase(canonicalModel(modelFromPublic(file.public, { source: file.id })));
      scored.push({ id: file.id, level: file.public.level.level, score: file.public.level.score!, work: proof.work });
    }
  }
  bySize.set(size, scored);
}

describe('Murder case scores', () => {
  it('every case carries the score of its proof, in its level\'s span', () => {
    for (const [size, cases] of bySize) {
      for (const c of cases) {
        expect(c.score, c.id).toBe(caseScore(c.level, c.work, size));
        expect(levelOfScore(c.score), c.id).toBe(c.level);
      }
    }
  });

  it('the plain work overlaps between levels on these cases (what the level spans repair)', () => {
    let overlaps = 0;
    for (const cases of bySize.values()) {
      for (const g of [1, 2]) {
        const below = Math.max(...cases.filter((c) => c.level === g).map((c) => c.work));
        const above = Math.min(...cases.filter((c) => c.level === g + 1).map((c) => c.work));
        if (below > above) overlaps++;
      }
    }
    expect(overlaps).toBeGreaterThan(0);
  });

  it('within one size, every case of level g+1 scores above every case of level g', () => {
    for (const [size, cases] of bySize) {
      for (const g of [1, 2]) {
        const highest = Math.max(...cases.filter((c) => c.level === g).map((c) => c.score));
        const lowest = Math.min(...cases.filter((c) => c.level === g + 1).map((c) => c.score));
        expect(highest, `${size}×${size}: ${LEVEL_NAMES[g]} vs ${LEVEL_NAMES[g + 1]}`).toBeLessThan(lowest);
      }
    }
  });

  it('inside a level the score is monotone in the work', () => {
    for (const [size, cases] of bySize) {
      for (const g of [1, 2, 3]) {
        const sorted = cases.filter((c) => c.level === g).sort((a, b) => a.work - b.work);
        for (let i = 1; i < sorted.length; i++) expect(sorted[i]!.score, `${size}×${size} level ${g}`).toBeGreaterThanOrEqual(sorted[i - 1]!.score);
        expect(sorted.at(-1)!.score).toBeLessThan(g * LEVEL_SPAN);
      }
    }
  });

  it('every rule has a cost, higher tiers cost more than lower ones', () => {
    for (const r of RULES) expect(r.cost, r.id).toBeGreaterThan(0);
    for (const a of RULES) for (const b of RULES) if (a.tier < b.tier) expect(a.cost, `${a.id} < ${b.id}`).toBeLessThan(b.cost);
  });

  it('is label-free: people, clues and rooms in another order give the same score', () => {
    for (const file of files) {
      const moved: MurderCaseFile = JSON.parse(JSON.stringify(file));
      moved.public.people.reverse();
      for (const person of moved.public.people) person.clues.reverse();
      moved.public.rooms.reverse();
      const model = modelFromPublic(moved.public, { source: moved.id });
      expect(scoreCase(model), file.id).toBe(file.public.level.score);
    }
  });

  it('verify fails a wrong score and passes a case without one (written before scores)', () => {
    const file = files[3]!;
    expect(verifyCase(file).ok).toBe(true);
    const wrong: MurderCaseFile = JSON.parse(JSON.stringify(file));
    wrong.public.level.score! += 1;
    expect(verifyCase(wrong).problems).toContain(`level score is ${file.public.level.score}, the case says ${file.public.level.score! + 1}`);
    const before: MurderCaseFile = JSON.parse(JSON.stringify(file));
    delete before.public.level.score;
    expect(verifyCase(before).problems).toEqual([]);
  });
});
