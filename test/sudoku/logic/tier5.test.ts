/**
 * Tier 5 (t5a): unique rectangles, BUG+1 and almost locked sets on hand-built positions of an
 * irregular 6×6 and an irregular 9×9 layout, with exact eliminations; the uniqueness gate of
 * `prove` and `judgeBoard`. (HoDoKu's cases for 9×9 are in oracles.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { checkStepIn } from '../../../src/sudoku/logic/check-proof.ts';
import { findInstances, LADDER, prove, type PencilMarks, type ProofStep } from '../../../src/sudoku/logic/index.ts';
import { judgeBoard } from '../../../src/sudoku/logic/verdict.ts';
import { parseLine } from '../../../src/sudoku/line-format.ts';

/** Every candidate in every cell except the cells of `only` ("r,c:digits", 1-based), which hold just those. */
function position(rows: string[], only: string[]): PencilMarks {
  const size = rows.length;
  const regions = Uint8Array.from(rows.join(''), (ch) => ch.charCodeAt(0) - 65);
  const candidates = new Uint16Array(size * size).fill((1 << size) - 1);
  for (const entry of only) {
    const [at, digits] = entry.split(':') as [string, string];
    const [r, c] = at.split(',').map(Number) as [number, number];
    candidates[(r - 1) * size + c - 1] = [...digits].reduce((m, d) => m | (1 << (Number(d) - 1)), 0);
  }
  return { size, regions, grid: new Uint8Array(size * size), candidates };
}

/** "r2c4<>1" keys (1-based, as players write them), sorted. */
const removed = (step: ProofStep) => step.eliminations.map(([r, c, d]) => `r${r + 1}c${c + 1}<>${d}`).sort();
const setsOf = (step: ProofStep) => step.als!.map((set) => set.map(([r, c]) => `r${r + 1}c${c + 1}`).join(' '));

// Block A meets rows 1–3, C rows 2 and 3.
const SIX = ['AAABBB', 'ACCBBB', 'AACCCC', 'DDDEEE', 'DDDEEE', 'FFFFFF'];
// Regular 3×3 blocks with r3c3 moved to block D and r4c1 to block A.
const NINE = ['AAABBBCCC', 'AAABBBCCC', 'AADBBBCCC', 'ADDEEEFFF', 'DDDEEEFFF', 'DDDEEEFFF', 'GGGHHHIII', 'GGGHHHIII', 'GGGHHHIII'];

describe('unique rectangles on irregular layouts', () => {
  const cases: Array<{ name: string; rows: string[]; only: string[]; id: string; removes: string[] }> = [
    { name: '6×6 type 1', rows: SIX, only: ['1,1:12', '1,4:12', '2,1:12', '2,4:1234'], id: 'unique-rectangle-1', removes: ['r2c4<>1', 'r2c4<>2'] },
    {
      name: '6×6 type 2: the extra 5 leaves column 4 and block B',
      rows: SIX,
      only: ['1,1:12', '2,1:12', '1,4:125', '2,4:125'],
      id: 'unique-rectangle-2',
      removes: ['r1c5<>5', 'r1c6<>5', 'r2c5<>5', 'r2c6<>5', 'r3c4<>5', 'r4c4<>5', 'r5c4<>5', 'r6c4<>5'],
    },
    {
      name: '6×6 type 4: 1 is locked to the roof in column 4',
      rows: SIX,
      only: ['1,1:12', '2,1:12', '1,4:123', '2,4:124', '3,4:23456', '4,4:23456', '5,4:23456', '6,4:23456'],
      id: 'unique-rectangle-4',
      removes: ['r1c4<>2', 'r2c4<>2'],
    },
    {
      name: '9×9 type 1 across the moved block border (blocks A and D)',
      rows: NINE,
      only: ['3,1:12', '3,3:12', '4,1:12', '4,3:1289'],
      id: 'unique-rectangle-1',
      removes: ['r4c3<>1', 'r4c3<>2'],
    },
    {
      name: '9×9 type 3: the roof {3,4} and r2c8 {3,4} are a naked pair in row 2',
      rows: NINE,
      only: ['1,1:12', '1,5:12', '2,1:123', '2,5:124', '2,8:34'],
      id: 'unique-rectangle-3',
      removes: ['r2c2', 'r2c3', 'r2c4', 'r2c6', 'r2c7', 'r2c9'].flatMap((c) => [`${c}<>3`, `${c}<>4`]).sort(),
    },
  ];
  for (const { name, rows, only, id, removes } of cases) {
    it(name, () => {
      const marks = position(rows, only);
      const steps = findInstances(marks, id);
      expect(steps.map(removed)).toEqual([removes]);
      expect(steps[0]!.assumesUniqueness).toBe(true);
      expect(checkStepIn(marks, steps[0]!, { solutions: 1 })).toBeNull();
    });
  }

  it('finds no rectangle over three regions (9×9: r2c3 in A, r3c3 in D, r2c4/r3c4 in B)', () => {
    const marks = position(NINE, ['2,3:12', '2,4:12', '3,4:12', '3,3:1289']);
    expect(findInstances(marks, 'unique-rectangle-1')).toEqual([]);
  });

  it('writes that the step assumes one solution', () => {
    const [step] = findInstances(position(SIX, ['1,1:12', '1,4:12', '2,1:12', '2,4:1234']), 'unique-rectangle-1');
    expect(step!.text.en).toBe(
      'Unique rectangle type 1 (this assumes the puzzle has exactly one solution): if r1c1, r1c4, r2c1 and r2c4 held only 1 and 2, the puzzle would have two solutions (a deadly pattern); only r2c4 has other candidates, so 1 and 2 can be removed from r2c4.',
    );
    expect(step!.text.de).toBe(
      'Eindeutiges Rechteck Typ 1 (das setzt voraus, dass das Rätsel genau eine Lösung hat): Stünden in r1c1, r1c4, r2c1 und r2c4 nur die 1 und 2, hätte das Rätsel zwei Lösungen (tödliches Muster); nur r2c4 hat weitere Kandidaten, also können die 1 und die 2 aus r2c4 gestrichen werden.',
    );
  });
});

describe('almost locked sets on irregular layouts', () => {
  it('6×6 ALS-XZ: {r1c1} and {r4c1 r4c2} share the restricted 1; 2 leaves r1c2, r3c2 (block A) and r5c1 (block D)', () => {
    const marks = position(SIX, ['1,1:12', '4,1:13', '4,2:23']);
    const step = findInstances(marks, 'als-xz').find((s) => setsOf(s).join(' | ') === 'r1c1 | r4c1 r4c2')!;
    expect(removed(step)).toEqual(['r1c2<>2', 'r3c2<>2', 'r5c1<>2']);
    expect(checkStepIn(marks, step)).toBeNull();
  });

  it('6×6 ALS-XY-Wing: pivot {r1c1}, wings {r1c4} and {r4c1}: 3 leaves r4c4', () => {
    const marks = position(SIX, ['1,1:12', '1,4:13', '4,1:23']);
    const step = findInstances(marks, 'als-xy-wing').find((s) => setsOf(s).join(' | ') === 'r1c4 | r4c1 | r1c1')!;
    expect(removed(step)).toEqual(['r4c4<>3']);
    expect(checkStepIn(marks, step)).toBeNull();
  });

  it('9×9 ALS chain from r1c1 {1,2} to r9c7 {1,5}: 1 leaves r1c7 and r9c1', () => {
    // r1c1 {1,2} – r1c5 {2,3} – r5c5 {3,4} – r5c7 {4,5} – r9c7 {5,1}; two neighbouring cells of one
    // house are an ALS themselves, so the shortest chains have four sets.
    const marks = position(NINE, ['1,1:12', '1,5:23', '5,5:34', '5,7:45', '9,7:15']);
    const chains = findInstances(marks, 'als-chain').filter((s) => setsOf(s)[0] === 'r1c1' && setsOf(s).at(-1) === 'r9c7');
    expect(chains.map(removed)).toContainEqual(['r1c7<>1', 'r9c1<>1']);
    expect(chains.every((s) => s.als!.length >= 4)).toBe(true);
    for (const step of chains) expect(checkStepIn(marks, step)).toBeNull();
  });
});

describe('the uniqueness gate', () => {
  // top1465 line 207 (0-based 206): up to the ALS rungs the ladder finishes it only with a unique
  // rectangle (type 3); the forcing chains further up finish it without one.
  const BELOW_CHAINS = { techniques: LADDER.filter((t) => t.tier < 5 || /unique|bug|als/.test(t.id)).map((t) => t.id) };
  const line = '53..2.9...24.3..5...9..........1.827...7.........981.............64....91.2.5.43.';
  const board = parseLine(line);

  it('prove uses the uniqueness rungs only when told the board is unique', () => {
    const uses = (steps: ProofStep[]) => steps.some((s) => s.assumesUniqueness);
    expect(uses(prove(board).steps)).toBe(false);
    expect(Object.keys(prove(board, { collectSteps: false }).techniqueCounts).some((id) => /unique-rectangle|bug/.test(id))).toBe(false);
    expect(prove(board, BELOW_CHAINS).solved).toBe(false);
    const allowed = prove(board, { ...BELOW_CHAINS, uniqueness: true });
    expect(allowed.solved).toBe(true);
    expect(allowed.steps.filter((s) => s.assumesUniqueness).map((s) => s.technique)).toContain('unique-rectangle-3');
    // the whole ladder finishes it either way; the rectangle (tier 3) comes before the chains
    expect(prove(board).solved).toBe(true);
    expect(prove(board, { uniqueness: true }).steps.some((s) => s.technique === 'unique-rectangle-3')).toBe(true);
  });

  it('judgeBoard allows them after its count, unless told not to', () => {
    // with the rectangles (tier 3) the chains of tier 4 finish it; without them it needs tier 5
    const judged = judgeBoard(board, { steps: true });
    expect(judged).toMatchObject({ verdict: 'guess-free', solutions: 1, grade: { level: 4, name: 'fiendish' } });
    expect(judged.proof.steps.some((s) => s.assumesUniqueness)).toBe(true);
    const excluded = judgeBoard(board, { steps: true, uniqueness: false });
    expect(excluded).toMatchObject({ verdict: 'guess-free', grade: { level: 5 } });
    expect(excluded.proof.steps.some((s) => s.assumesUniqueness)).toBe(false);
    // Without its first given the board has two solutions: the count comes first, so no uniqueness rung runs.
    const two = judgeBoard(parseLine('.' + line.slice(1)), { steps: true });
    expect(two.verdict).toBe('several-solutions');
    expect(two.proof.steps.some((s) => s.assumesUniqueness)).toBe(false);
  });
});
