/**
 * Forged tier-5 claims that verify must refuse (found by a review): a step's own fields naming
 * one thing twice, a proof using a rung its file says was excluded, a legacy grade that cannot be
 * legacy. And the other side: a good player form of a --no-uniqueness board still verifies.
 *
 * Fixtures (test/numbridge-board/fixtures), made again with the ladder calibrated in issue 27 (and
 * again for grade scale 4: only `scale` and the newer `technique` changed):
 * extreme-with-rectangle.json is the third board of `generate numbridge --size 9 --blocks regular
 * --givens 30 --grade 5 --seed rev1` (its proof uses a unique rectangle, tier 3, before its tier-5
 * steps); no-uniqueness-player-form.json the third of the same with `--no-uniqueness --player`,
 * a board whose grade differs between the two ladders (score 4219 without the uniqueness rungs,
 * 4213 with them).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { verifyBoard } from '../../src/numbridge-board/verify.ts';
import { checkProof } from '../../src/sudoku/logic/check-proof.ts';
import { gradeBoard, prove, type ProofStep } from '../../src/sudoku/logic/index.ts';
import { parseLine } from '../../src/sudoku/line-format.ts';
import type { Board } from '../../src/sudoku/types.ts';
import { dataLines } from '../helpers/data.ts';

const fixture = (name: string) => JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8'));
const boardOf = (f: { public: { size: number; regions: number[][]; givens: number[][] } }): Board => ({
  size: f.public.size,
  regions: Uint8Array.from(f.public.regions.flat()),
  givens: Uint8Array.from(f.public.givens.flat()),
});

describe('forged tier-5 proofs', () => {
  const file = fixture('extreme-with-rectangle.json');
  const board = boardOf(file);
  const solution: number[] = file.secret.solution.flat();
  const steps: ProofStep[] = file.secret.proof.steps;

  it('the fixture verifies as made', () => {
    expect(verifyBoard(file).problems).toEqual([]);
  });

  it('a cell forcing chain that assumes the same digit in several branches is no cover of the cell', () => {
    const at = steps.findIndex((s) => s.tier === 5);
    const [r, c] = [0, 7];
    const truth = solution[r * 9 + c]!;
    for (let copies = 2; copies <= 9; copies++) {
      const forged: ProofStep = {
        technique: 'cell-forcing-chain',
        tier: 5,
        cells: [[r, c]],
        digits: [truth],
        eliminations: steps[at]!.eliminations,
        placements: [],
        text: { en: 'forged', de: 'gefälscht' },
        branches: Array.from({ length: copies }, () => ({ assume: [r, c, truth] as [number, number, number], implies: steps[at]!.eliminations.map(([a, b, d]) => [a, b, d, 0] as [number, number, number, number]) })),
      };
      const proof = [...steps.slice(0, at), forged, ...steps.slice(at + 1)];
      expect(checkProof(board, proof, { solutions: 1 }).failure?.reason, `${copies} copies`).toBe('the branches are not every candidate of one cell');
      const forgedFile = structuredClone(file);
      forgedFile.secret.proof.steps = proof;
      expect(verifyBoard(forgedFile).ok).toBe(false);
    }
  });

  it('a unique rectangle type 3 naming a subset cell twice is refused', () => {
    const top = parseLine(dataLines('classic/top1465.txt')[206]!);
    const proof = prove(top, { uniqueness: true }).steps;
    const at = proof.findIndex((s) => s.technique === 'unique-rectangle-3');
    expect(at).toBeGreaterThan(0);
    expect(checkProof(top, proof, { solutions: 1 }).failure).toBeNull();
    const step = proof[at]!;
    expect(step.cells.length).toBeGreaterThan(4);
    const twice = { ...step, cells: [...step.cells, step.cells[4]!] };
    expect(checkProof(top, [...proof.slice(0, at), twice, ...proof.slice(at + 1)], { solutions: 1 }).failure?.reason).toBe('names a subset cell twice');
  });

  it('a file made without the uniqueness rungs may not carry one in its proof', () => {
    const excluded = structuredClone(file);
    excluded.secret.request.uniqueness = false;
    excluded.public.grade = gradeBoard(board, { uniqueness: false })!.grade;
    expect(steps.some((s) => s.assumesUniqueness)).toBe(true);
    expect(verifyBoard(excluded).problems.join('\n')).toMatch(/proof step \d+ \(unique-rectangle-\d\) assumes one solution, but the board was graded without those techniques/);
  });

  it('a grade without scale cannot be of level 5 (such files predate tier 5)', () => {
    const legacy = structuredClone(file);
    delete legacy.public.grade.scale;
    legacy.public.grade.score = prove(board, { collectSteps: false, uniqueness: true }).work;
    expect(verifyBoard(legacy).problems.join('\n')).toContain('a grade of level 5 without scale');
  });

  it('the player form of a --no-uniqueness board verifies, its grade being the grade under that ladder', () => {
    const player = fixture('no-uniqueness-player-form.json');
    const b = boardOf(player);
    expect(gradeBoard(b, { uniqueness: true })!.grade.score).not.toBe(player.public.grade.score);
    expect(gradeBoard(b, { uniqueness: false })!.grade.score).toBe(player.public.grade.score);
    expect(verifyBoard(player).problems).toEqual([]);
    // a score under neither ladder is still refused
    const wrong = structuredClone(player);
    wrong.public.grade.score += 1;
    expect(verifyBoard(wrong).ok).toBe(false);
  });
});
