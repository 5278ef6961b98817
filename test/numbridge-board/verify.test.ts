/**
 * verifyBoard catches every broken promise of a board file, each with its one-line reason, and
 * the player form carries no solution anywhere.
 */
import { describe, expect, test } from 'vitest';
import { boardFileText, playerForm } from '../../src/numbridge-board/board-file.ts';
import { generateBoard } from '../../src/numbridge-board/generate.ts';
import type { NumbridgeBoardFile } from '../../src/numbridge-board/schema.ts';
import { verifyBoard } from '../../src/numbridge-board/verify.ts';
import { TIERS } from '../../src/sudoku/logic/index.ts';

const base = generateBoard({ size: 9, blocks: 'regular', givens: 30, grade: 2 }, 'verify-test');
const irregular = generateBoard({ size: 7, blocks: 'irregular', givens: 20, symmetry: 'rot180' }, 'verify-test');
const copy = (f: NumbridgeBoardFile = base): NumbridgeBoardFile => JSON.parse(JSON.stringify(f));

/** A given cell and an empty cell of the base board. */
function cells(f: NumbridgeBoardFile): { given: [number, number]; empty: [number, number] } {
  const g = f.public.givens;
  const find = (pred: (d: number) => boolean): [number, number] => {
    for (let r = 0; r < g.length; r++) for (let c = 0; c < g.length; c++) if (pred(g[r]![c]!)) return [r, c];
    throw new Error('none');
  };
  return { given: find((d) => d !== 0), empty: find((d) => d === 0) };
}

describe('verifyBoard', () => {
  test('passes generated boards and their player forms', () => {
    expect(verifyBoard(base)).toEqual({ ok: true, problems: [] });
    expect(verifyBoard(irregular)).toEqual({ ok: true, problems: [] });
    expect(verifyBoard(playerForm(base))).toEqual({ ok: true, problems: [] });
  });

  const cases: Array<[string, (f: NumbridgeBoardFile) => void, RegExp]> = [
    ['a missing field', (f) => delete (f.public as Partial<NumbridgeBoardFile['public']>).grade, /missing field "grade"/],
    ['a given removed', (f) => { const { given } = cells(f); f.public.givens[given[0]]![given[1]] = 0; }, /has \d+ givens, the request asked for 30|more than one solution/],
    ['a wrong given', (f) => { const { empty } = cells(f); const row = f.public.givens[empty[0]]!; const sol = f.secret!.solution[empty[0]]![empty[1]]!; row[empty[1]] = (sol % 9) + 1; }, /givens clash|has 31 givens, the request asked for 30/],
    ['a wrong secret solution', (f) => { const s = f.secret!.solution; [s[0]![0], s[0]![1]] = [s[0]![1]!, s[0]![0]!]; }, /secret solution is not the board's solution \(first difference at r1c1\)/],
    ['a grade claimed too high', (f) => { f.public.grade = { ...f.public.grade, level: 3, name: 'hard' }; f.secret!.request!.grade = 3; }, /claims grade 3 \(hard\) but the prover grades it 2 \(medium\)/],
    ['a grade claimed too low', (f) => { f.public.grade = { ...f.public.grade, level: 1, name: 'easy' }; f.secret!.request!.grade = 1; }, /claims grade 1 \(easy\) but the prover grades it 2 \(medium\)/],
    ['a practice request its grade does not meet', (f) => { f.secret!.request!.technique = 'x-wing'; }, /its hardest technique is [a-z-]+, the request asked for x-wing/],
    ['another hardest technique claimed', (f) => { f.public.grade.technique = f.public.grade.technique === 'naked-pair' ? 'hidden-pair' : 'naked-pair'; }, /claims its hardest technique is (naked|hidden)-pair but the prover's hardest step is [a-z-]+/],
    ['a wrong score', (f) => { f.public.grade.score += 1; }, /grade score is \d+, the file says \d+/],
    ['a request that does not match', (f) => { f.secret!.request!.givens = 31; }, /has 30 givens, the request asked for 31/],
    ['a request without a givens count that is no practice request', (f) => { delete f.secret!.request!.givens; }, /its request has no givens count, which only a practice request/],
    ['a false symmetry claim', (f) => { f.public.symmetry = 'rot180'; }, /givens are not rot180-symmetric/],
    ['a false block shape', (f) => { f.public.blockShape = 'irregular'; f.secret!.request!.blocks = 'irregular'; }, /blockShape says irregular but the blocks are the regular ones/],
    ['an id that spells the solution', (f) => { f.id = f.secret!.solution.flat().join(''); }, /id reveals the solution/],
    ['a proof step placing a wrong digit', (f) => { const step = f.secret!.proof.steps.find((s) => s.placements.length > 0)!; const p = step.placements[0]!; p[2] = (p[2] % 9) + 1; }, /proof step \d+ \(.+\): (places \d in r\dc\d, which is no candidate there|r\dc\d still has the candidates|\d has another place|r\dc\d is not the last empty cell)/],
    ['a proof step removing a solution digit', (f) => { const step = f.secret!.proof.steps.find((s) => s.placements.length > 0)!; const [r, c, d] = step.placements[0]!; step.eliminations.push([r, c, d]); }, /proof step \d+ \(.+\): (a single places exactly one digit and eliminates nothing|the pattern does not remove)/],
    ['a proof that stops early', (f) => { f.secret!.proof.steps.pop(); }, /the proof ends with r\dc\d still empty/],
    ['a proof step of another tier', (f) => { f.secret!.proof.steps[0]!.tier = 3; }, /says tier 3, the technique is tier 1/],
  ];

  test.each(cases)('catches %s', (_name, tamper, reason) => {
    const f = copy();
    tamper(f);
    const verdict = verifyBoard(f);
    expect(verdict.ok).toBe(false);
    expect(verdict.problems.join('\n')).toMatch(reason);
    for (const p of verdict.problems) expect(p).not.toContain('\n');
  });

  test('a grade of scale 4 is held to the prover; one of scale 3 in all but its score, which stays in its level\'s span; one of an earlier scale (2, none) was made by the ladder of its time, but names a level of the ladder', () => {
    const grade = base.public.grade;
    expect(grade.scale).toBe(4);
    expect(Math.floor(grade.score / 1000) + 1).toBe(grade.level); // in its level's band
    const other = TIERS.find((t) => t.tier !== grade.level)!; // another level, with its own name
    const outOfSpan = (other.tier - 1) * 1000 + 500;
    const wrongScore = copy();
    wrongScore.public.grade.score = grade.score + 1;
    expect(verifyBoard(wrongScore).problems).toEqual([`grade score is ${grade.score}, the file says ${grade.score + 1}`]);
    const wrongLevel = copy();
    wrongLevel.public.grade = { ...grade, level: other.tier, name: other.name, score: outOfSpan };
    wrongLevel.secret!.request!.grade = other.tier;
    expect(verifyBoard(wrongLevel).problems.join('\n')).toMatch(/^claims grade \d \(\w+\) but the prover grades it/);
    // scale 3: today's ladder, the score placed otherwise inside levels 1–2: level held, score only to its span
    const scale3 = copy();
    scale3.public.grade = { ...grade, score: grade.score + 1, scale: 3 };
    expect(verifyBoard(scale3)).toEqual({ ok: true, problems: [] });
    scale3.public.grade = { ...grade, score: outOfSpan, scale: 3 };
    expect(verifyBoard(scale3).problems).toEqual([`grade score ${outOfSpan} is not in level ${grade.level}'s span (${(grade.level - 1) * 1000} … ${grade.level * 1000 - 1})`]);
    scale3.public.grade = { ...grade, level: other.tier, name: other.name, score: outOfSpan + 0, scale: 3 };
    scale3.secret!.request!.grade = other.tier;
    expect(verifyBoard(scale3).problems.join('\n')).toMatch(/^claims grade \d \(\w+\) but the prover grades it/);
    // written before the calibration (scale 2) or before banded scores (no scale): not re-graded by today's ladder
    for (const earlier of [{ level: grade.level, name: grade.name, score: grade.score + 1, scale: 2 as const }, { level: grade.level, name: grade.name, score: 1234 }]) {
      const legacy = copy();
      legacy.public.grade = earlier;
      expect(verifyBoard(legacy)).toEqual({ ok: true, problems: [] });
    }
    // but every grade names a level of the ladder by its name, and a banded score (scale 2 on) lies in its span
    const bogus = copy();
    bogus.public.grade = { level: 9, name: 'whatever', score: 8500, scale: 2 };
    expect(verifyBoard(bogus).problems.join('\n')).toMatch(/claims grade 9 \(whatever\), which is no level of the ladder/);
    bogus.public.grade = { ...grade, name: other.name, scale: 2 };
    expect(verifyBoard(bogus).problems.join('\n')).toMatch(/which is no level of the ladder/);
    bogus.public.grade = { ...grade, score: outOfSpan, scale: 2 };
    expect(verifyBoard(bogus).problems.join('\n')).toMatch(/is not in level \d's span/);
  });

  test('irregular blocks that are not connected are refused', () => {
    const f = copy(irregular);
    const regions = f.public.regions;
    // Swap two far-apart cells of different blocks: both blocks fall apart.
    const a = regions[0]![0]!;
    const b = regions[6]![6]!;
    regions[0]![0] = b;
    regions[6]![6] = a;
    const verdict = verifyBoard(f);
    expect(verdict.ok).toBe(false);
    expect(verdict.problems[0]).toMatch(/\/public\/regions: region \d is not connected \(hex adjacency\)/);
  });
});

describe('the player form', () => {
  test('has no secret and no trace of the solution', () => {
    for (const f of [base, irregular]) {
      const player = playerForm(f);
      expect(Object.keys(player).sort()).toEqual(['format', 'id', 'public', 'version']);
      const text = boardFileText(player);
      expect(text).not.toContain('secret');
      expect(text).not.toContain('solution');
      expect(text).not.toContain(f.secret!.seed);
      // No row of the solution appears in it, and the givens are the only digits of the board.
      const solutionRows = f.secret!.solution.map((row) => JSON.stringify(row));
      for (const row of solutionRows) expect(text).not.toContain(row);
      const shownDigits = player.public.givens.flat().filter((d) => d !== 0).length;
      expect(shownDigits).toBe(f.secret!.request!.givens);
    }
  });

  test('writing validates: a file that breaks the schema is not written', () => {
    const f = copy();
    (f.public as { size: number }).size = 12;
    expect(() => boardFileText(f)).toThrow(/\/public\/size: must be ≤ 9/);
  });
});
