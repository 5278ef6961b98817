/**
 * Tier 5, nested forcing chains (the last rung, on request): forum-hardest boards that every other
 * rung leaves (beyond the ladder without it) are finished, every step is sound against the
 * solution, the proofs pass the independent checker, and tampered nested facts are refused.
 * A handful of boards only (each takes 0.3–0.7 s).
 */
import { describe, expect, it } from 'vitest';
import { checkProof, checkStepIn } from '../../../src/sudoku/logic/check-proof.ts';
import { findInstances, prove, type PencilMarks, type ProofStep } from '../../../src/sudoku/logic/index.ts';
import { regularRegions } from '../../../src/sudoku/regions.ts';
import { judgeBoard } from '../../../src/sudoku/logic/verdict.ts';
import { parseLine } from '../../../src/sudoku/line-format.ts';
import { solve } from '../../../src/sudoku/solver.ts';
import type { Board } from '../../../src/sudoku/types.ts';
import { dataLines } from '../../helpers/data.ts';

const hardest = dataLines('classic/forum-hardest-1106.txt');
const copy = <T>(x: T): T => JSON.parse(JSON.stringify(x));

/** Every elimination removes a digit the solution does not have there; every placement is the solution's. */
function unsound(board: Board, steps: readonly ProofStep[]): string[] {
  const solution = solve(board, { limit: 2 }).solution!;
  const n = board.size;
  const bad: string[] = [];
  steps.forEach((s, k) => {
    for (const [r, c, d] of s.eliminations) if (solution[r * n + c] === d) bad.push(`step ${k + 1} ${s.technique} removes the solution's ${d} from r${r + 1}c${c + 1}`);
    for (const [r, c, d] of s.placements) if (solution[r * n + c] !== d) bad.push(`step ${k + 1} ${s.technique} places ${d} in r${r + 1}c${c + 1}`);
  });
  return bad;
}

describe('nested forcing chains on forum-hardest boards', () => {
  // Line 276 of the set: tiers 1–5 without nesting stall after a forcing chain.
  const board = parseLine(hardest[275]!);
  const r = prove(board, { uniqueness: true, nested: true });
  const k = r.steps.findIndex((s) => s.technique === 'nested-forcing-chain');
  const step = r.steps[k]!;

  it('finishes a board the ladder without the rung leaves, and only when asked', () => {
    const without = prove(board, { uniqueness: true });
    expect(without.solved).toBe(false);
    expect(without.techniqueCounts['nested-forcing-chain']).toBeUndefined();
    expect(r.solved).toBe(true);
    expect(r.tier).toBe(5);
    expect(r.techniqueCounts['nested-forcing-chain']).toBe(3);
    expect(Array.from(r.grid)).toEqual(Array.from(solve(board, { limit: 2 }).solution!));
    // Fast mode takes the same path.
    const fast = prove(board, { uniqueness: true, nested: true, collectSteps: false });
    expect([fast.work, fast.techniqueCounts]).toEqual([r.work, r.techniqueCounts]);
  });

  it('its first nested step: 3 leaves r1c8, by one branch with five inner contradictions', () => {
    expect(step.eliminations).toEqual([[0, 7, 3]]);
    expect(step.placements).toEqual([]);
    expect(step.branches!.map((b) => b.assume)).toEqual([[0, 7, 3]]);
    expect(step.branches![0]!.nested!.map((b) => b.assume)).toEqual([
      [1, 0, 3],
      [1, 1, 2],
      [1, 1, 3],
      [2, 3, 5],
      [2, 5, 2],
    ]);
    // Each inner branch's candidate is a false fact of the branch, listed after what it rests on.
    for (const inner of step.branches![0]!.nested!) expect(step.branches![0]!.implies).toContainEqual([...inner.assume, 0]);
    expect(step.text.en).toMatch(/^Nested forcing chain: r1c8=3 ⇒ .* \[r2c1=3 ⇒ .* ⊥\] ⇒ .*: the assumption leads to a contradiction, so 3 can be removed from r1c8\.$/);
    expect(step.text.de).toMatch(/^Verschachtelte Forcing-Kette: r1c8=3 ⇒ .*Die Annahme führt zu einem Widerspruch, also kann die 3 aus r1c8 gestrichen werden\.$/);
  });

  it('the proof is sound and the checker accepts it step by step', () => {
    expect(unsound(board, r.steps)).toEqual([]);
    expect(checkProof(board, r.steps, { solutions: 1 }).failure).toBeNull();
    for (let j = 1; j <= r.steps.length; j++) expect(checkProof(board, r.steps.slice(0, j), { solutions: 1 }).failure).toBeNull();
  });

  it('refuses tampered nested facts', () => {
    const refused = (edit: (s: ProofStep) => void) => {
      const steps = copy(r.steps);
      edit(steps[k]!);
      return checkProof(board, steps, { solutions: 1 }).failure;
    };
    // An inner branch dropped: its fact no longer follows.
    expect(refused((s) => s.branches![0]!.nested!.shift())).toMatchObject({ step: k + 1, technique: 'nested-forcing-chain', reason: expect.stringMatching(/r2c1≠3 does not follow/) });
    // An inner branch cut before its contradiction.
    expect(refused((s) => s.branches![0]!.nested![0]!.implies.pop())?.reason).toMatch(/r2c1≠3: its inner branch reaches no contradiction/);
    // An inner fact that does not follow inside the inner branch.
    expect(refused((s) => s.branches![0]!.nested![0]!.implies.shift())?.reason).toMatch(/r2c1≠3, inner branch: .* does not follow/);
    // An inner branch for a candidate the branch never claims false.
    expect(refused((s) => s.branches![0]!.nested!.push({ assume: [8, 8, 9], implies: [] }))?.reason).toMatch(/shows no fact of the branch/);
    // The same step under a plain forcing chain's name: no inner branches there.
    expect(refused((s) => (s.technique = 'forcing-chain-contradiction'))?.reason).toMatch(/a plain forcing chain has no inner branches/);
  });

  it('two more boards: sound, accepted, and graded extreme by judgeBoard (the whole ladder by default)', () => {
    for (const line of [hardest[300]!, hardest[350]!]) {
      const b = parseLine(line);
      const judged = judgeBoard(b, { steps: true, nested: true });
      expect(judged.verdict).toBe('guess-free');
      expect(judged.grade).toMatchObject({ level: 5, name: 'extreme' });
      expect(judged.techniqueCounts['nested-forcing-chain']).toBeGreaterThan(0);
      expect(unsound(b, judged.proof.steps)).toEqual([]);
      expect(checkProof(b, judged.proof.steps, { solutions: 1 }).failure).toBeNull();
      expect(judgeBoard(b, { nested: false }).verdict).toBe('beyond-ladder');
    }
  });

  it('a branch budget stops the run unfinished, at the same count in fast and collect mode; judgeBoard says "undecided"', () => {
    const full = prove(board, { uniqueness: true, nested: true, collectSteps: false });
    expect(full.exhausted).toBe(false);
    const limit = Math.floor(full.branches / 2);
    const fast = prove(board, { uniqueness: true, nested: true, collectSteps: false, maxBranches: limit });
    const slow = prove(board, { uniqueness: true, nested: true, maxBranches: limit });
    expect(fast).toMatchObject({ solved: false, exhausted: true });
    // a count, not a clock: the same place every time and in both modes
    expect([slow.exhausted, slow.branches, slow.work, Array.from(slow.grid)]).toEqual([true, fast.branches, fast.work, Array.from(fast.grid)]);
    expect(fast.branches).toBeGreaterThanOrEqual(limit);
    expect(unsound(board, slow.steps)).toEqual([]);
    const judged = judgeBoard(board, { maxBranches: limit });
    expect(judged).toMatchObject({ verdict: 'undecided', solutions: 1, grade: null });
    expect(judged.reason).toBe(`undecided: the logic prover did not finish within ${limit} forcing-chain branches (raise --max-branches)`);
    expect(judgeBoard(board, { maxBranches: 0 }).verdict).toBe('guess-free'); // 0: no limit
  });
});

describe('the checker reads a nested step\'s shape from its branches', () => {
  // forcing-chains.test.ts's hand-built positions: every digit everywhere but a few cells.
  const position = (designed: Record<string, number[]>): PencilMarks => {
    const candidates = new Uint16Array(81).fill(511);
    for (const [name, ds] of Object.entries(designed)) {
      const [r, c] = /^r(\d)c(\d)$/.exec(name)!.slice(1).map(Number) as [number, number];
      candidates[(r - 1) * 9 + c - 1] = ds.reduce((m, d) => m | (1 << (d - 1)), 0);
    }
    return { size: 9, regions: regularRegions(9), grid: new Uint8Array(81), candidates };
  };
  const renamed = (step: ProofStep): ProofStep => ({ ...copy(step), technique: 'nested-forcing-chain' });

  it('cell and house shapes (branches without inner ones are plain branches) and their coverage', () => {
    const cellPm = position({ r1c1: [1, 2], r1c5: [1, 3], r5c1: [2, 3] });
    const cell = renamed(findInstances(cellPm, 'cell-forcing-chain')[0]!);
    expect(checkStepIn(cellPm, cell)).toBeNull();
    // One branch left reads as a contradiction chain, whose conclusion this is not.
    cell.branches!.pop();
    expect(checkStepIn(cellPm, cell)).toMatch(/a contradiction chain removes exactly its assumptions/);
    const housePm = position({ r5c1: [2, 4], r5c9: [2, 4], r5c5: [2, 8] });
    const house = renamed(findInstances(housePm, 'house-forcing-chain')[0]!);
    expect(checkStepIn(housePm, house)).toBeNull();
    expect(house.branches!.length).toBeGreaterThan(2);
    house.branches!.pop();
    expect(checkStepIn(housePm, house)).toMatch(/not every place of one digit in a house/);
  });
});
