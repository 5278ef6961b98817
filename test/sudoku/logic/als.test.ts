/**
 * ALS-XZ and ALS-XY-Wing against a plain reading of their definitions: on positions where the
 * ladder below tier 5 stalls (top1465, irregular boards of the score corpus), findInstances lists
 * exactly the instances a slow reference finds, in the same order. The order is part of the
 * contract: the prover commits the first instance, so proofs, scores and generated files follow
 * it. Sets are met house by house, each house's subsets depth first (a subset before its
 * extensions), a set met again keeping its first place; ALS-XZ takes the pairs (A, B > A) in set
 * order; ALS-XY-Wing the pivots C in set order and their wings A before B in set order.
 */
import { describe, expect, it } from 'vitest';
import { popcount } from '../../../src/core/bits.ts';
import { geometryFor, type Geometry } from '../../../src/sudoku/geometry.ts';
import { findInstances, pencilMarksOf, prove, type PencilMarks, type ProofStep } from '../../../src/sudoku/logic/index.ts';
import { MAX_ALS_CELLS } from '../../../src/sudoku/logic/techniques/als.ts';
import { parseLine } from '../../../src/sudoku/line-format.ts';
import type { Board } from '../../../src/sudoku/types.ts';
import { dataLines } from '../../helpers/data.ts';

/** The candidates where the ladder capped at `maxTier` stalls: its steps replayed from the givens. */
function stalledPosition(board: Board, maxTier: number): PencilMarks | null {
  const result = prove(board, { maxTier });
  if (result.solved || result.contradiction) return null;
  const marks = pencilMarksOf(board);
  const g = geometryFor(board.size, board.regions);
  const n = board.size;
  for (const step of result.steps) {
    for (const [r, c, d] of step.eliminations) marks.candidates[r * n + c]! &= ~(1 << (d - 1));
    for (const [r, c, d] of step.placements) {
      const cell = r * n + c;
      marks.grid[cell] = d;
      marks.candidates[cell] = 0;
      for (const p of g.peersOf(cell)) marks.candidates[p]! &= ~(1 << (d - 1));
    }
  }
  return marks;
}

interface Als {
  cells: number[];
  digits: number;
}

/** Every ALS (k open cells of one house, k + 1 candidates, k ≤ MAX_ALS_CELLS) in the order the finders promise. */
function referenceSets(g: Geometry, cand: Uint16Array): Als[] {
  const n = g.size;
  const sets: Als[] = [];
  const seen = new Set<string>();
  for (let h = 0; h < g.houseCount; h++) {
    const open = Array.from(g.houseCells.subarray(h * n, h * n + n)).filter((c) => cand[c] !== 0);
    const visit = (from: number, chosen: number[]) => {
      if (chosen.length > 0) {
        const digits = chosen.reduce((m, c) => m | cand[c]!, 0);
        const cells = [...chosen].sort((a, b) => a - b);
        if (popcount(digits) === chosen.length + 1 && !seen.has(cells.join())) {
          seen.add(cells.join());
          sets.push({ cells, digits });
        }
      }
      if (chosen.length === MAX_ALS_CELLS) return;
      for (let i = from; i < open.length; i++) visit(i + 1, [...chosen, open[i]!]);
    };
    visit(0, []);
  }
  return sets;
}

function reference(g: Geometry, cand: Uint16Array) {
  const sees = (a: number, b: number) => a !== b && [0, 1, 2].some((k) => g.cellHouses[a * 3 + k] === g.cellHouses[b * 3 + k]);
  const sets = referenceSets(g, cand);
  const holding = (set: Als, d: number) => set.cells.filter((c) => cand[c]! & (1 << (d - 1)));
  const digitsOf = (mask: number) => Array.from({ length: g.size }, (_, i) => i + 1).filter((d) => mask & (1 << (d - 1)));
  /** RCC digits of two sets: in both, every place in one sees every place in the other (so none is shared). */
  const rccOf = (a: Als, b: Als) =>
    digitsOf(a.digits & b.digits)
      .filter((d) => holding(a, d).every((x) => holding(b, d).every((y) => sees(x, y))))
      .reduce((m, d) => m | (1 << (d - 1)), 0);
  /** "r1c2<>3" for each candidate d outside `own` that sees every cell of `places`. */
  const seers = (d: number, places: number[], own: Als[]) => {
    const out: string[] = [];
    for (let e = 0; e < g.cellCount; e++) {
      if (!(cand[e]! & (1 << (d - 1))) || own.some((set) => set.cells.includes(e))) continue;
      if (places.every((p) => sees(e, p))) out.push(`r${Math.floor(e / g.size) + 1}c${(e % g.size) + 1}<>${d}`);
    }
    return out;
  };
  const instance = (own: Als[], removed: string[]) => ({ sets: own.map(setName), removes: [...new Set(removed)].sort() });
  const setName = (set: Als) => set.cells.map((c) => `r${Math.floor(c / g.size) + 1}c${(c % g.size) + 1}`).join(' ');
  const rcc = sets.map((a) => sets.map((b) => (a === b ? 0 : rccOf(a, b))));

  const xz = [];
  for (let i = 0; i < sets.length; i++) {
    for (let j = i + 1; j < sets.length; j++) {
      const [a, b] = [sets[i]!, sets[j]!];
      const links = rcc[i]![j]!;
      if (links === 0 || popcount(links) > 2) continue;
      const removed: string[] = [];
      for (const z of digitsOf(a.digits & b.digits)) {
        if (popcount(links) === 1 && links === 1 << (z - 1)) continue;
        removed.push(...seers(z, [...holding(a, z), ...holding(b, z)], [a, b]));
      }
      if (popcount(links) === 2) {
        // doubly linked: both sets locked, each on its digits other than the RCCs
        for (const d of digitsOf(a.digits & ~links)) removed.push(...seers(d, holding(a, d), [a, b]));
        for (const d of digitsOf(b.digits & ~links)) removed.push(...seers(d, holding(b, d), [a, b]));
      }
      if (removed.length > 0) xz.push(instance([a, b], removed));
    }
  }

  const wing = [];
  for (let c = 0; c < sets.length; c++) {
    const wings = sets.map((_, k) => k).filter((k) => rcc[c]![k]! !== 0);
    for (let x = 0; x < wings.length; x++) {
      for (let y = x + 1; y < wings.length; y++) {
        const [a, b] = [sets[wings[x]!]!, sets[wings[y]!]!];
        const ra = rcc[c]![wings[x]!]!;
        const rb = rcc[c]![wings[y]!]!;
        const removed: string[] = [];
        for (const z of digitsOf(a.digits & b.digits)) {
          // an RCC x of A–C and a different RCC y of B–C, both other than z
          const zb = 1 << (z - 1);
          if (!digitsOf(ra & ~zb).some((p) => digitsOf(rb & ~zb).some((q) => p !== q))) continue;
          removed.push(...seers(z, [...holding(a, z), ...holding(b, z)], [a, b, sets[c]!]));
        }
        if (removed.length > 0) wing.push(instance([a, b, sets[c]!], removed));
      }
    }
  }
  return { xz, wing };
}

const found = (steps: ProofStep[]) =>
  steps.map((step) => ({
    sets: step.als!.map((set) => set.map(([r, c]) => `r${r + 1}c${c + 1}`).join(' ')),
    removes: step.eliminations.map(([r, c, d]) => `r${r + 1}c${c + 1}<>${d}`).sort(),
  }));

describe('almost locked sets: every instance, in the order of their definitions', () => {
  const positions: Array<{ name: string; marks: PencilMarks }> = [];
  const top = dataLines('classic/top1465.txt');
  for (let i = 0; i < top.length && positions.length < 6; i += 97) {
    const marks = stalledPosition(parseLine(top[i]!), 4);
    if (marks) positions.push({ name: `top1465 line ${i + 1}, stalled at tier 4`, marks });
  }
  const irregular = dataLines('generated/score-boards.txt').filter((line) => line.includes(':'));
  for (let i = 0; i < irregular.length && positions.length < 10; i += 41) {
    const marks = stalledPosition(parseLine(irregular[i]!), 2);
    if (marks) positions.push({ name: `irregular score-corpus board ${i + 1}, stalled at tier 2`, marks });
  }

  it('has positions of both kinds to look at', () => {
    expect(positions.filter((p) => p.name.startsWith('top')).length).toBeGreaterThanOrEqual(4);
    expect(positions.filter((p) => p.name.startsWith('irregular')).length).toBeGreaterThanOrEqual(2);
  });

  const counted = { xz: 0, wing: 0 };
  it.each(positions.map((p) => [p.name, p.marks] as const))('%s', (_, marks) => {
    const g = geometryFor(marks.size, marks.regions);
    const cand = Uint16Array.from(marks.candidates, (m, c) => (marks.grid[c] ? 0 : m));
    const want = reference(g, cand);
    const xz = found(findInstances(marks, 'als-xz'));
    const wing = found(findInstances(marks, 'als-xy-wing'));
    expect(xz).toEqual(want.xz);
    expect(wing).toEqual(want.wing);
    counted.xz += xz.length;
    counted.wing += wing.length;
  });

  it('and those positions hold instances of both', () => {
    expect(counted.xz).toBeGreaterThanOrEqual(50);
    expect(counted.wing).toBeGreaterThanOrEqual(50);
  });
});
