/**
 * The independent proof checker (src/sudoku/logic/check-proof.ts): every real proof passes, every
 * HoDoKu reference instance of every technique passes, forged steps fail with the step named,
 * and through verify a forged Numbridge proof is refused.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { Rng } from '../../../src/core/rng.ts';
import { generateBoard } from '../../../src/numbridge-board/generate.ts';
import type { NumbridgeBoardFile } from '../../../src/numbridge-board/schema.ts';
import { verifyBoard } from '../../../src/numbridge-board/verify.ts';
import { CHECKED_TECHNIQUES, checkProof, checkStepIn } from '../../../src/sudoku/logic/check-proof.ts';
import { findInstances, LADDER, prove, type ProofStep } from '../../../src/sudoku/logic/index.ts';
import { isSkippableLine, parseLine } from '../../../src/sudoku/line-format.ts';
import { regularBlockShape, regularRegions } from '../../../src/sudoku/regions.ts';
import { solve } from '../../../src/sudoku/solver.ts';
import type { Board } from '../../../src/sudoku/types.ts';
import { TEST_DATA } from '../../helpers/data.ts';
import { irregularSolution, minimalPuzzle, randomSolution } from './boards.ts';
import { parseReglibLine, REGLIB_CODES } from './hodoku.ts';

const copy = <T>(x: T): T => JSON.parse(JSON.stringify(x));

/** Boards of every size, regular and irregular, and the first classic 9×9s (bounded). */
function boards(): Board[] {
  const out: Board[] = [];
  const lines = readFileSync(TEST_DATA + 'classic/top1465.txt', 'utf8').split('\n').filter((l) => !isSkippableLine(l));
  for (const line of lines.slice(0, 120)) out.push(parseLine(line));
  const rng = new Rng('check-proof-test');
  for (let k = 0; k < 36; k++) {
    const size = 4 + (k % 6);
    const { regions, solution } = irregularSolution(size, rng);
    out.push(minimalPuzzle(size, regions, solution, rng));
    if (regularBlockShape(size)) {
      const rg = regularRegions(size);
      const sol = randomSolution(size, rg, rng);
      if (sol) out.push(minimalPuzzle(size, rg, sol, rng));
    }
  }
  return out;
}

const proved = boards().map((board) => ({ board, result: prove(board) }));

describe('checkProof on real proofs', () => {
  test('knows exactly the ladder\'s techniques, at their tiers', () => {
    expect(Object.keys(CHECKED_TECHNIQUES).sort()).toEqual(LADDER.map((t) => t.id).sort());
    for (const t of LADDER) expect(CHECKED_TECHNIQUES[t.id]!.tier, t.id).toBe(t.tier);
  });

  test('every step of every proof holds and the replay ends where the prover ends', () => {
    const used = new Set<string>();
    for (const { board, result } of proved) {
      const replay = checkProof(board, result.steps);
      expect(replay.failure).toBeNull();
      expect(Array.from(replay.grid)).toEqual(Array.from(result.grid));
      for (const s of result.steps) used.add(s.technique);
    }
    // The corpus reaches well beyond the singles (chains, leftovers, wings, fish).
    for (const id of ['aic', 'xy-chain', 'law-of-leftovers', 'w-wing', 'empty-rectangle', 'locked-pair']) expect(used).toContain(id);
  });

  test('every HoDoKu reference instance of every technique holds in its position', () => {
    const lines = readFileSync(TEST_DATA + 'oracles/hodoku-reglib-1.3.txt', 'utf8').split('\n');
    const seen = new Set<string>();
    const failures: string[] = [];
    lines.forEach((text, i) => {
      if (!text.startsWith(':')) return;
      const c = parseReglibLine(text, i + 1);
      const id = REGLIB_CODES[c.code + (c.variant ? '-' + c.variant : '')] ?? REGLIB_CODES[c.code];
      if (!id) return;
      for (const step of findInstances(c.marks, id)) {
        seen.add(id);
        const reason = checkStepIn(c.marks, step);
        if (reason) failures.push(`line ${i + 1} ${id}: ${reason}`);
      }
    });
    expect(failures).toEqual([]);
    // All but Law of Leftovers (irregular only, not in HoDoKu; covered by the proofs above) and
    // the forcing chains (checked on hand-built positions in forcing-chains.test.ts; nested ones on
    // forum-hardest boards in nested-forcing.test.ts).
    const elsewhere = ['law-of-leftovers', 'forcing-chain-contradiction', 'cell-forcing-chain', 'house-forcing-chain', 'nested-forcing-chain'];
    expect([...seen].sort()).toEqual(LADDER.map((t) => t.id).filter((id) => !elsewhere.includes(id)).sort());
  });
});

describe('checkProof on forged proofs', () => {
  const withSteps = proved.filter(({ result }) => result.solved && result.steps.some((s) => s.eliminations.length > 0));

  test('an elimination of a solution digit added to any step fails at that step', () => {
    let tried = 0;
    for (const { board, result } of withSteps.slice(0, 40)) {
      const solution = solve(board, { limit: 2 }).solution!;
      const n = board.size;
      result.steps.forEach((step, i) => {
        if (i % 7 !== 0) return;
        // A cell still open at this step (one placed later) keeps its solution digit as a candidate.
        const later = result.steps.slice(i).flatMap((s) => s.placements);
        const target = later.find(([r, c]) => !step.placements.some(([pr, pc]) => pr === r && pc === c));
        if (!target) return;
        const forged = copy(result.steps);
        forged[i]!.eliminations.push([target[0], target[1], solution[target[0] * n + target[1]]!]);
        const replay = checkProof(board, forged);
        expect(replay.failure?.step, `${step.technique} step ${i + 1}`).toBe(i + 1);
        tried++;
      });
    }
    expect(tried).toBeGreaterThan(100);
  });

  test('a step relabelled as another technique fails (unless the other pattern also holds)', () => {
    const { board, result } = withSteps.find(({ result }) => result.steps.some((s) => s.technique === 'aic'))!;
    const i = result.steps.findIndex((s) => s.technique === 'aic');
    for (const other of ['naked-single', 'hidden-pair', 'x-wing', 'xy-wing']) {
      const forged = copy(result.steps);
      forged[i]!.technique = other;
      forged[i]!.tier = CHECKED_TECHNIQUES[other]!.tier;
      expect(checkProof(board, forged).failure).toMatchObject({ step: i + 1, technique: other });
    }
  });

  test('an unknown technique fails closed', () => {
    const { board, result } = proved[0]!;
    const forged = copy(result.steps);
    forged[0]!.technique = 'nishio';
    expect(checkProof(board, forged).failure).toEqual({ step: 1, technique: 'nishio', reason: 'unknown technique: the step cannot be checked' });
  });

  test('a chain step without its chain is checked from its sentence, and fails without either', () => {
    const { board, result } = withSteps.find(({ result }) => result.steps.some((s) => s.chain))!;
    const i = result.steps.findIndex((s) => s.chain);
    const old = copy(result.steps);
    delete old[i]!.chain;
    expect(checkProof(board, old).failure).toBeNull();
    old[i]!.text = { en: 'trust me', de: 'glaub mir' };
    expect(checkProof(board, old).failure).toMatchObject({ step: i + 1, reason: 'does not name its chain' });
  });
});

describe('verify refuses forged Numbridge proofs', () => {
  const file = generateBoard({ size: 9, blocks: 'regular', givens: 30, grade: 2 }, 'check-proof-test');
  const steps = (f: NumbridgeBoardFile): ProofStep[] => f.secret!.proof.steps;

  test('the real proof passes', () => {
    expect(verifyBoard(file)).toEqual({ ok: true, problems: [] });
  });

  test('one "naked-single" step placing every empty cell fails at step 1', () => {
    const f = copy(file);
    const placements: Array<[number, number, number]> = [];
    f.secret!.solution.forEach((row, r) => row.forEach((d, c) => { if (f.public.givens[r]![c] === 0) placements.push([r, c, d]); }));
    f.secret!.proof.steps = [{ technique: 'naked-single', tier: 1, cells: [], digits: [], eliminations: [], placements, text: { en: '', de: '' } }];
    expect(verifyBoard(f).problems).toEqual(['proof step 1 (naked-single): a single places exactly one digit and eliminates nothing']);
  });

  test('the real proof reversed fails, naming the step', () => {
    const f = copy(file);
    steps(f).reverse();
    expect(verifyBoard(f).problems[0]).toMatch(/^proof step \d+ \(.+\): /);
  });

  test('the first and last hidden singles swapped fail at the first', () => {
    const f = copy(file);
    const i = steps(f).findIndex((s) => s.technique === 'hidden-single');
    const j = steps(f).findLastIndex((s) => s.technique === 'hidden-single');
    [steps(f)[i]!.placements, steps(f)[j]!.placements] = [steps(f)[j]!.placements, steps(f)[i]!.placements];
    expect(verifyBoard(f).problems[0]).toMatch(new RegExp(`^proof step ${i + 1} \\(hidden-single\\): `));
  });
});

// uniqueness (tier 3) and ALS (tier 5), t5a
describe('checkProof on proofs with uniqueness and ALS steps', () => {
  const TIER5 = ['unique-rectangle-1', 'unique-rectangle-2', 'unique-rectangle-3', 'unique-rectangle-4', 'als-xz', 'als-xy-wing', 'als-chain'];
  const tier5 = readFileSync(TEST_DATA + 'classic/top1465.txt', 'utf8')
    .split('\n')
    .filter((l) => !isSkippableLine(l))
    .slice(0, 160)
    .map((line) => ({ board: parseLine(line), result: prove(parseLine(line), { uniqueness: true }) }))
    .filter(({ result }) => result.steps.some((s) => TIER5.includes(s.technique)));
  const withUr = tier5.find(({ result }) => result.steps.some((s) => s.technique === 'unique-rectangle-1'))!;
  const urAt = withUr.result.steps.findIndex((s) => s.technique === 'unique-rectangle-1');

  test('every step holds, whether the checker counts the board or is told it is unique', () => {
    const used = new Set<string>();
    for (const { board, result } of tier5) {
      expect(checkProof(board, result.steps).failure).toBeNull();
      expect(checkProof(board, result.steps, { solutions: 1 }).failure).toBeNull();
      for (const s of result.steps) used.add(s.technique);
    }
    for (const id of TIER5) expect(used).toContain(id);
  });

  test('a uniqueness step is refused when the board is not unique or the step is not marked', () => {
    expect(checkProof(withUr.board, withUr.result.steps, { solutions: 2 }).failure).toEqual({
      step: urAt + 1,
      technique: 'unique-rectangle-1',
      reason: 'assumes the puzzle has exactly one solution, but it has more than one',
    });
    const unmarked = copy(withUr.result.steps);
    delete unmarked[urAt]!.assumesUniqueness;
    expect(checkProof(withUr.board, unmarked).failure?.reason).toBe('assumes the puzzle has exactly one solution but is not marked assumesUniqueness');
  });

  test('a uniqueness step in a position of a board with two solutions is refused when counted', () => {
    // HoDoKu's first UR type 1 case; placed digits are taken out (kept as the cells' only
    // candidate) until the givens have two solutions: the pencil marks, and the pattern, stay.
    const line = readFileSync(TEST_DATA + 'oracles/hodoku-reglib-1.3.txt', 'utf8').split('\n').find((l) => l.startsWith(':0600-1:'))!;
    const marks = parseReglibLine(line, 0).marks;
    const step = findInstances(marks, 'unique-rectangle-1')[0]!;
    expect(checkStepIn(marks, step)).toBeNull();
    const grid = marks.grid.slice();
    const candidates = marks.candidates.slice();
    for (let c = 0; c < 81 && solve({ size: 9, regions: marks.regions, givens: grid }, { limit: 2 }).count < 2; c++) {
      if (!grid[c]) continue;
      candidates[c] = 1 << (grid[c]! - 1);
      grid[c] = 0;
    }
    const twoSolutions = { ...marks, grid, candidates };
    expect(checkStepIn(twoSolutions, step)).toBe('assumes the puzzle has exactly one solution, but it has more than one');
    expect(checkStepIn(twoSolutions, step, { solutions: 1 })).toBeNull();
  });

  test('a wrong elimination, a rectangle over three regions and a broken ALS are refused', () => {
    const forged = copy(withUr.result.steps);
    const ur = forged[urAt]!;
    const [r, c] = ur.cells.find(([r0, c0]) => !ur.eliminations.some(([er, ec]) => er === r0 && ec === c0))!;
    ur.eliminations.push([r, c, ur.digits[0]!]);
    expect(checkProof(withUr.board, forged).failure).toMatchObject({ step: urAt + 1, technique: 'unique-rectangle-1' });

    // 6×6, r1c2 and r1c4 in blocks A and B, r2c2 in C: three regions, no deadly pattern.
    const regions = Uint8Array.from(['AAABBB', 'ACCBBB', 'AACCCC', 'DDDEEE', 'DDDEEE', 'FFFFFF'].join(''), (ch) => ch.charCodeAt(0) - 65);
    const candidates = new Uint16Array(36).fill(0b111111);
    for (const cell of [1, 3, 7]) candidates[cell] = 0b11;
    const marks = { size: 6, regions, grid: new Uint8Array(36), candidates };
    const three: ProofStep = {
      technique: 'unique-rectangle-1', tier: 3, cells: [[0, 1], [0, 3], [1, 1], [1, 3]], digits: [1, 2],
      eliminations: [[1, 3, 1], [1, 3, 2]], placements: [], text: { en: '', de: '' }, assumesUniqueness: true,
    };
    expect(checkStepIn(marks, three, { solutions: 1 })).toBe('the rectangle spans 3 regions; a deadly pattern needs exactly two');
    expect(findInstances(marks, 'unique-rectangle-1').filter((s) => s.cells.some(([sr, sc]) => sr === 1 && sc === 1))).toEqual([]);

    const withAls = tier5.find(({ result }) => result.steps.some((s) => s.technique === 'als-xz'))!;
    const at = withAls.result.steps.findIndex((s) => s.technique === 'als-xz');
    const broken = copy(withAls.result.steps);
    broken[at]!.als![0]!.pop();
    expect(checkProof(withAls.board, broken).failure).toMatchObject({ step: at + 1, technique: 'als-xz' });
  });
});

describe('independence', () => {
  test('the checker (check-proof.ts and checks/) imports neither the finders nor the prover state', () => {
    const dir = new URL('../../../src/sudoku/logic/', import.meta.url);
    const files = ['check-proof.ts', ...readdirSync(new URL('checks/', dir)).map((f) => `checks/${f}`)];
    expect(files.length).toBeGreaterThan(10);
    for (const f of files) {
      const imports = [...readFileSync(new URL(f, dir), 'utf8').matchAll(/from '([^']+)'/g)].map((m) => m[1]!);
      for (const i of imports) expect(i, `${f} imports ${i}`).not.toMatch(/techniques\/|state\.ts|finding\.ts|ladder\.ts|\/index\.ts/);
    }
  });
});
