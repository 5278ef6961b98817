/**
 * Tier 5 forcing chains on hand-built positions (9×9 regular, an irregular 9×9, 6×6): every
 * candidate everywhere except a few designed cells, so the only chains are the designed ones and
 * the exact conclusions can be worked out by hand (written next to each case). Every instance
 * passes the independent checker; tampered steps (a broken link, a branch that does not reach the
 * conclusion, a missing branch) are refused. Grouped chains: a tampered link is refused too.
 */
import { describe, expect, it } from 'vitest';
import { checkProof, checkStepIn } from '../../../src/sudoku/logic/check-proof.ts';
import { findInstances, prove, type PencilMarks, type ProofStep } from '../../../src/sudoku/logic/index.ts';
import { parseLine } from '../../../src/sudoku/line-format.ts';
import { regularRegions } from '../../../src/sudoku/regions.ts';
import { dataLines } from '../../helpers/data.ts';

/** Every digit in every cell, except the named cells ("r1c5": digits). */
function position(size: number, regions: Uint8Array, designed: Record<string, number[]>): PencilMarks {
  const bits = (ds: number[]) => ds.reduce((m, d) => m | (1 << (d - 1)), 0);
  const candidates = new Uint16Array(size * size).fill((1 << size) - 1);
  for (const [name, ds] of Object.entries(designed)) {
    const [r, c] = /^r(\d)c(\d)$/.exec(name)!.slice(1).map(Number) as [number, number];
    candidates[(r - 1) * size + c - 1] = bits(ds);
  }
  return { size, regions, grid: new Uint8Array(size * size), candidates };
}

/** An irregular 9×9 layout (block k = digit k of the map), hex-connected regions. */
const IRREGULAR_9 = Uint8Array.from(
  ['000000000', '111111111', '222222222', '333333336', '444444436', '445555566', '557575766', '777777666', '888888888'].join(''),
  (ch) => ch.charCodeAt(0) - 48,
);

const name = ([r, c, d]: readonly number[]) => `${d}@r${r! + 1}c${c! + 1}`;
const conclusions = (s: ProofStep) => [...s.eliminations.map((x) => '-' + name(x)), ...s.placements.map((x) => '+' + name(x))].sort();
const anchor = (s: ProofStep) => s.cells.map(([r, c]) => `r${r + 1}c${c + 1}`).join(' ');

function instances(pm: PencilMarks, id: string): ProofStep[] {
  const steps = findInstances(pm, id);
  for (const s of steps) expect(checkStepIn(pm, s), `${id} ${s.text.en}`).toBeNull();
  return steps;
}

describe('cell forcing chains', () => {
  it('9×9 regular: both candidates of r1c1 remove 3 from r5c5', () => {
    // r1c1 {1,2}, r1c5 {1,3}, r5c1 {2,3}. r1c1=1 ⇒ r1c5=3; r1c1=2 ⇒ r5c1=3; r5c5 sees both.
    // The same from r1c5 and r5c1; r5c5=3 empties r1c1 (its own branches are not all sound).
    const pm = position(9, regularRegions(9), { r1c1: [1, 2], r1c5: [1, 3], r5c1: [2, 3] });
    const steps = instances(pm, 'cell-forcing-chain');
    expect(steps.map((s) => [anchor(s), conclusions(s)])).toEqual([
      ['r1c1', ['-3@r5c5']],
      ['r1c5', ['-3@r5c5']],
      ['r5c1', ['-3@r5c5']],
    ]);
    const first = steps[0]!;
    expect(first.branches).toEqual([
      { assume: [0, 0, 1], implies: [[0, 4, 1, 0], [0, 4, 3, 1], [4, 4, 3, 0]] },
      { assume: [0, 0, 2], implies: [[4, 0, 2, 0], [4, 0, 3, 1], [4, 4, 3, 0]] },
    ]);
    expect(first.text.en).toBe(
      'Cell forcing chain: every candidate of r1c1 leads to the same result: r1c1=1 ⇒ r1c5≠1 ⇒ r1c5=3 ⇒ r5c5≠3; r1c1=2 ⇒ r5c1≠2 ⇒ r5c1=3 ⇒ r5c5≠3, so 3 can be removed from r5c5.',
    );
    expect(first.text.de).toBe(
      'Zellen-Forcing-Kette: Jeder Kandidat von r1c1 führt zum selben Ergebnis: r1c1=1 ⇒ r1c5≠1 ⇒ r1c5=3 ⇒ r5c5≠3; r1c1=2 ⇒ r5c1≠2 ⇒ r5c1=3 ⇒ r5c5≠3, also kann die 3 aus r5c5 gestrichen werden.',
    );
    // Every place of a designed digit in a house that reaches r5c5 ends the same way.
    for (const s of instances(pm, 'house-forcing-chain')) expect(conclusions(s)).toEqual(['-3@r5c5']);
  });

  it('irregular 9×9: a link inside block 5 (r6c1, r5c7) removes 3 from r5c1 and r9c7', () => {
    // Block 5 holds r5c1..r5c7, r6c1, r6c2. r6c1 {1,2}, r5c7 {1,3} (same block), r9c1 {2,3}.
    // r6c1=1 ⇒ r5c7=3; r6c1=2 ⇒ r9c1=3; the cells seeing both r5c7 and r9c1 are r5c1 (row 5,
    // column 1) and r9c7 (column 7, row 9).
    const pm = position(9, IRREGULAR_9, { r6c1: [1, 2], r5c7: [1, 3], r9c1: [2, 3] });
    const steps = instances(pm, 'cell-forcing-chain');
    expect(steps.map((s) => [anchor(s), conclusions(s)])).toEqual([
      ['r5c7', ['-3@r5c1', '-3@r9c7']],
      ['r6c1', ['-3@r5c1', '-3@r9c7']],
      ['r9c1', ['-3@r5c1', '-3@r9c7']],
    ]);
    // Each target, assumed 3, leaves r9c1 (or r5c7's partner chain) without a digit.
    expect(instances(pm, 'forcing-chain-contradiction').map(conclusions)).toEqual([['-3@r5c1'], ['-3@r9c7']]);
  });

  it('6×6: a link inside block 1 (r1c1, r2c3) removes 3 from r2c1, r3c3 and r4c3', () => {
    // r1c1 {1,2}, r2c3 {1,3} (block 1), r4c1 {2,3}. Cells seeing r2c3 and r4c1: r2c1 (row 2,
    // column 1), r4c3 (column 3, row 4), r3c3 (column 3, block 3).
    const pm = position(6, regularRegions(6), { r1c1: [1, 2], r2c3: [1, 3], r4c1: [2, 3] });
    const steps = instances(pm, 'cell-forcing-chain');
    expect(steps.map((s) => [anchor(s), conclusions(s)])).toEqual([
      ['r1c1', ['-3@r2c1', '-3@r3c3', '-3@r4c3']],
      ['r2c3', ['-3@r2c1', '-3@r3c3', '-3@r4c3']],
      ['r4c1', ['-3@r2c1', '-3@r3c3', '-3@r4c3']],
    ]);
  });
});

describe('house forcing chains', () => {
  // r5c1 {2,4}, r5c9 {2,4}, r5c5 {2,8}: whichever of r5c1/r5c9 takes 2, r5c5 is 8; whichever
  // takes 4, 4 leaves the rest of row 5 (from r4 and r6 only r5c4, r5c6 are reached in block 5).
  const pm = position(9, regularRegions(9), { r5c1: [2, 4], r5c9: [2, 4], r5c5: [2, 8] });
  const houseOf = (s: ProofStep) => {
    const rows = new Set(s.cells.map(([r]) => r));
    const cols = new Set(s.cells.map(([, c]) => c));
    return `${rows.size === 1 ? `row ${[...rows][0]! + 1}` : cols.size === 1 ? `column ${[...cols][0]! + 1}` : 'block'} digit ${s.branches![0]!.assume[2]}`;
  };

  it('9×9 regular: every place of a digit in a house leads to the same fact', () => {
    const steps = instances(pm, 'house-forcing-chain');
    expect(Object.fromEntries(steps.map((s) => [houseOf(s), conclusions(s)]))).toEqual({
      'column 1 digit 2': ['+8@r5c5'],
      'column 9 digit 2': ['+8@r5c5'],
      'row 4 digit 2': ['+8@r5c5'],
      'row 4 digit 4': ['-4@r5c4', '-4@r5c6'],
      'row 6 digit 2': ['+8@r5c5'],
      'row 6 digit 4': ['-4@r5c6', '-4@r5c4'].sort(),
      'column 1 digit 4': ['+8@r5c5'],
      'column 9 digit 4': ['+8@r5c5'],
    });
    const row4 = steps.find((s) => houseOf(s) === 'row 4 digit 4')!;
    expect(row4.branches!.map((b) => b.assume)).toEqual(Array.from({ length: 9 }, (_, c) => [3, c, 4]));
    expect(row4.text.en).toMatch(/^House forcing chain: every place of 4 in row 4 leads to the same result: r4c1=4 ⇒ r5c1≠4 ⇒ r5c1=2 ⇒ r5c9≠2 ⇒ r5c9=4 ⇒ r5c4≠4 ⇒ r5c6≠4; /);
    expect(row4.text.de).toMatch(/^Haus-Forcing-Kette: Jeder Platz der 4 in Zeile 4 führt zum selben Ergebnis: /);
    // The cells' own forcing chains place 8 in r5c5 too.
    expect(instances(pm, 'cell-forcing-chain').map((s) => [anchor(s), conclusions(s)])).toEqual([
      ['r5c1', ['+8@r5c5']],
      ['r5c9', ['+8@r5c5']],
    ]);
  });
});

describe('contradiction chains', () => {
  // r1c1 {3,4}, r1c5 {2,3}, r1c9 {2,3}: 2 and 3 are locked in r1c5/r1c9. Anything forcing both
  // of them to one digit breaks row 1: 3 in r1c1, 2, 3 or 4 elsewhere in row 1 (4 by forcing
  // r1c1 to 3), and 4 anywhere in column 1 or block 1.
  const pm = position(9, regularRegions(9), { r1c1: [3, 4], r1c5: [2, 3], r1c9: [2, 3] });

  it('9×9 regular: exactly the candidates that break the pair are removed', () => {
    const steps = instances(pm, 'forcing-chain-contradiction');
    const expected = ['3@r1c1'];
    for (const c of [2, 3, 4, 6, 7, 8]) for (const d of [2, 3, 4]) expected.push(`${d}@r1c${c}`);
    for (let r = 2; r <= 9; r++) expected.push(`4@r${r}c1`);
    for (const cell of ['r2c2', 'r2c3', 'r3c2', 'r3c3']) expected.push(`4@${cell}`);
    expect(steps.map((s) => s.eliminations.map(name)).flat().sort()).toEqual(expected.sort());
    const r1c1 = steps.find((s) => name(s.eliminations[0]!) === '3@r1c1')!;
    expect(r1c1.branches).toEqual([{ assume: [0, 0, 3], implies: [[0, 4, 3, 0], [0, 8, 3, 0], [0, 4, 2, 1], [0, 8, 2, 1], [0, 8, 2, 0]] }]);
    expect(r1c1.text.en).toBe(
      'Forcing chain (contradiction): r1c1=3 ⇒ r1c5≠3 ⇒ r1c9≠3 ⇒ r1c5=2 ⇒ r1c9=2 ⇒ r1c9≠2 (a candidate would be both true and false): the assumption leads to a contradiction, so 3 can be removed from r1c1.',
    );
  });

  it('the prover removes them all in one step, and the proof checks', () => {
    const r = prove(parseLine(dataLines('classic/top1465.txt')[0]!));
    expect(r.solved).toBe(true);
    const step = r.steps.find((s) => s.technique === 'forcing-chain-contradiction');
    if (step) expect(step.branches!.length).toBe(step.eliminations.length);
  });
});

describe('the checker refuses tampered forcing chains', () => {
  const cellPm = position(9, regularRegions(9), { r1c1: [1, 2], r1c5: [1, 3], r5c1: [2, 3] });
  const cell = findInstances(cellPm, 'cell-forcing-chain')[0]!;
  const copy = <T>(x: T): T => JSON.parse(JSON.stringify(x));

  it('a broken link: a fact that does not follow', () => {
    const t = copy(cell);
    t.branches![0]!.implies.splice(0, 1); // r1c5≠1 dropped: r1c5=3 no longer follows
    expect(checkStepIn(cellPm, t)).toMatch(/branch 1: r1c5=3 does not follow/);
  });

  it('a branch that does not reach the conclusion', () => {
    const t = copy(cell);
    t.branches![1]!.implies.pop();
    expect(checkStepIn(cellPm, t)).toMatch(/branch 2 does not show 3 leaving r5c5/);
    const more = copy(cell);
    more.eliminations.push([4, 5, 3]);
    expect(checkStepIn(cellPm, more)).toMatch(/does not show 3 leaving r5c6/);
  });

  it('a missing branch: the cell\'s other candidate is not covered', () => {
    const t = copy(cell);
    t.branches!.pop();
    expect(checkStepIn(cellPm, t)).toMatch(/not every candidate of one cell/);
  });

  it('a contradiction branch cut before its contradiction', () => {
    const pm = position(9, regularRegions(9), { r1c1: [3, 4], r1c5: [2, 3], r1c9: [2, 3] });
    const step = copy(findInstances(pm, 'forcing-chain-contradiction')[0]!);
    expect(checkStepIn(pm, step)).toBeNull();
    step.branches![0]!.implies.pop();
    expect(checkStepIn(pm, step)).toMatch(/reaches no contradiction/);
  });

  it('a grouped chain with a broken link', () => {
    // The first grouped nice loop of a top1465 proof, with one node moved to another cell.
    const proofs = dataLines('classic/top1465.txt').slice(0, 30).map((line) => ({ board: parseLine(line), r: prove(parseLine(line)) }));
    const { board, r } = proofs.find(({ r }) => r.steps.some((s) => s.groupedChain))!;
    const k = r.steps.findIndex((s) => s.groupedChain);
    expect(k).toBeGreaterThanOrEqual(0);
    expect(checkProof(board, r.steps).failure).toBeNull();
    const steps = copy(r.steps);
    const node = steps[k]!.groupedChain![1]!;
    node[0] = [node[0]![0], (node[0]![1] + 4) % 9, node[0]![2]];
    const failure = checkProof(board, steps).failure;
    expect(failure?.step).toBe(k + 1);
    expect(failure?.reason).toMatch(/no candidate|no strong link|no weak link|mixes|not inside/);
  });
});
