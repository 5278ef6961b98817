/**
 * Techniques on hand-built positions: irregular regions that meet three rows, the Law of
 * Leftovers, the tier cap and technique choice of `prove`, and the exact sentences of a few steps.
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../../src/core/rng.ts';
import { parseLine } from '../../../src/sudoku/line-format.ts';
import { findInstances, prove, techniqueById, type PencilMarks } from '../../../src/sudoku/logic/index.ts';
import { irregularSolution, minimalPuzzle } from './boards.ts';
import { parseReglibLine } from './hodoku.ts';

/** A position with every candidate in every cell, then `remove` applied: "r,c:digits". */
function marks(size: number, rows: string[], remove: string[]): PencilMarks {
  const regions = Uint8Array.from(rows.join('').split(''), (ch) => ch.charCodeAt(0) - 65);
  const candidates = new Uint16Array(size * size).fill((1 << size) - 1);
  for (const entry of remove) {
    const [at, digits] = entry.split(':') as [string, string];
    const [r, c] = at.split(',').map(Number) as [number, number];
    for (const d of digits) candidates[r * size + c]! &= ~(1 << (Number(d) - 1));
  }
  return { size, regions, grid: new Uint8Array(size * size), candidates };
}

const cellsOf = (refs: number[][]) => refs.map((x) => x.join(',')).sort();

// Region A meets rows 1, 2 and 3; C meets rows 2 and 3.
const IRREGULAR_6 = ['AAABBB', 'ACCBBB', 'AACCCC', 'DDDEEE', 'DDDEEE', 'FFFFFF'];

describe('locked candidates on irregular regions', () => {
  it('points from a region that meets three rows', () => {
    // In block A, 5 is left only in r3c1 and r3c2.
    const pm = marks(6, IRREGULAR_6, ['0,0:5', '0,1:5', '0,2:5', '1,0:5']);
    const steps = findInstances(pm, 'locked-candidates-pointing');
    expect(steps).toHaveLength(1);
    expect(cellsOf(steps[0]!.eliminations)).toEqual(['2,2,5', '2,3,5', '2,4,5', '2,5,5']);
    expect(steps[0]!.text.en).toBe(
      'Locked candidates (pointing): in block 1, digit 5 can only go in cells that also belong to row 3 (r3c1 and r3c2), so 5 can be removed from r3c3, r3c4, r3c5 and r3c6.',
    );
    expect(steps[0]!.text.de).toBe(
      'Gesperrte Kandidaten (Pointing): In Block 1 kann die 5 nur in Feldern stehen, die auch zu Zeile 3 gehören (r3c1 und r3c2), also kann die 5 aus r3c3, r3c4, r3c5 und r3c6 gestrichen werden.',
    );
  });

  it('claims for a region from a row', () => {
    // In row 1, 2 is left only in block A's cells r1c1..r1c3.
    const pm = marks(6, IRREGULAR_6, ['0,3:2', '0,4:2', '0,5:2']);
    const steps = findInstances(pm, 'locked-candidates-claiming');
    expect(steps.map((s) => cellsOf(s.eliminations))).toEqual([['1,0,2', '2,0,2', '2,1,2']]);
  });
});

describe('Law of Leftovers', () => {
  // Row 1 and block A share three cells: r1c4 (outside A) and r2c1 (A outside row 1) are equal.
  const LAYOUT = ['AAAB', 'ABBB', 'CCDD', 'CCDD'];

  it('makes the two leftover cells agree', () => {
    const pm = marks(4, LAYOUT, ['0,3:34', '1,0:14']);
    const steps = findInstances(pm, 'law-of-leftovers');
    const step = steps.find((s) => s.cells.some(([r, c]) => r === 0 && c === 3))!;
    expect(cellsOf(step.eliminations)).toEqual(['0,3,1', '1,0,3']);
    expect(step.text.en).toBe(
      'Law of leftovers: row 1 and block 1 each hold every digit once, hence r1c4 (outside the block) holds the same digit as r2c1 (outside the row), so 1 can be removed from r1c4, and 3 from r2c1.',
    );
    expect(step.text.de).toBe(
      'Gesetz der Reste: Zeile 1 und Block 1 enthalten jede Ziffer je einmal, daher enthält r1c4 (außerhalb des Blocks) dieselbe Ziffer wie r2c1 (außerhalb der Zeile), also können die 1 aus r1c4 sowie die 3 aus r2c1 gestrichen werden.',
    );
  });

  it('is not used on regular layouts, and is used (soundly) on irregular ones', () => {
    expect(prove(parseLine('.'.repeat(17) + '1' + '.'.repeat(63))).techniqueCounts['law-of-leftovers']).toBeUndefined();
    let used = 0;
    for (let seed = 0; seed < 30 && used === 0; seed++) {
      const rng = new Rng('leftovers', seed);
      const { regions, solution } = irregularSolution(6, rng);
      const r = prove(minimalPuzzle(6, regions, solution, rng));
      used += r.techniqueCounts['law-of-leftovers'] ?? 0;
      for (const s of r.steps) for (const [row, col, d] of s.eliminations) expect(solution[row * 6 + col]).not.toBe(d);
    }
    expect(used).toBeGreaterThan(0);
  });
});

describe('prove options', () => {
  const xWingPuzzle = parseLine('9..............7.37...962486...2.47.........5....4...642...86..5.71.......1.....2'); // HoDoKu exemplar: s bf2(9) s

  it('caps the ladder at maxTier and grades by the highest tier used', () => {
    expect(prove(xWingPuzzle, { maxTier: 2 }).solved).toBe(false);
    const r = prove(xWingPuzzle, { maxTier: 3 });
    expect(r).toMatchObject({ solved: true, tier: 3 });
    expect(r.techniqueCounts['x-wing']).toBeGreaterThanOrEqual(1);
    expect(r.work).toBe(r.steps.reduce((sum, s) => sum + techniqueById(s.technique)!.cost, 0));
    expect(Math.max(...r.steps.map((s) => s.tier))).toBe(3);
  });

  it('can be restricted to chosen techniques', () => {
    expect(prove(xWingPuzzle, { techniques: ['x-wing'] }).solved).toBe(true);
    expect(prove(xWingPuzzle, { techniques: ['naked-pair', 'hidden-pair'] }).solved).toBe(false);
    expect(() => prove(xWingPuzzle, { techniques: ['guessing'] })).toThrow('unknown technique "guessing"');
  });
});

describe('proof sentences', () => {
  it('describes an X-Wing in both languages', () => {
    const c = parseReglibLine(':0300:3:9.....+5+6+1..+6.+1.7+937+1..962486...2+147+9........5....4...642..+586+1+75.71.+2..+4..1....+52::313 314 343 344 353 354 363 364 394::', 1);
    const [step] = findInstances(c.marks, 'x-wing').filter((s) => s.digits[0] === 3);
    expect(step!.text.en).toMatch(/^X-Wing: in (rows|columns) \d and \d, digit 3 can only go in (rows|columns) \d and \d, so 3 can be removed from r\dc\d(, r\dc\d)* and r\dc\d\.$/);
    expect(step!.text.de).toMatch(/^X-Wing: In den (Zeilen|Spalten) \d und \d kann die 3 nur in den (Zeilen|Spalten) \d und \d stehen, also kann die 3 aus r\dc\d(, r\dc\d)* und r\dc\d gestrichen werden\.$/);
  });

  it('hidden pair: German digits take their article', () => {
    const c = parseReglibLine(':0210:29:.6...1..4.48....9+1....+4...+2+4..2.87+5+658+2967+143..65.4+9+2+8+6.....+4+1.+85+4+1.+326.1..4.+6+38.:913 315 325 932 933:311 515 711 715 815::', 1);
    const [step] = findInstances(c.marks, 'hidden-pair').filter((s) => s.digits.join() === '2,9');
    expect(step!.text.de).toMatch(/^Verstecktes Paar: In (Zeile|Spalte|Block) \d können die 2 und die 9 nur in r\dc\d und r\dc\d stehen, für andere Ziffern bleibt dort kein Platz, also /);
    expect(step!.text.en).toMatch(/^Hidden pair: in (row|column|block) \d, 2 and 9 can only go in r\dc\d and r\dc\d, which leaves no room there for other digits, so /);
  });

  it('empty rectangle: names the cell that sees the digit either way', () => {
    const c = parseReglibLine(':0402:9:7+2+4+956+1381+6842+3+5+9+7+9+3+5+7+1+8+6+2+45..3..+8+1..4..8+17+5..+81.+7.24..+13....+7+2...1...+85.5...7.6+1::986::', 1);
    const steps = findInstances(c.marks, 'empty-rectangle').filter((s) => s.digits[0] === 9);
    expect(steps.length).toBeGreaterThan(0);
    for (const step of steps) {
      const [[r, col]] = step.eliminations as [[number, number, number]];
      const cell = `r${r + 1}c${col + 1}`;
      expect(step.text.en).toContain(`: either way ${cell} sees a 9, so 9 can be removed from ${cell}.`);
      expect(step.text.de).toContain(`: so oder so sieht ${cell} eine 9, also kann die 9 aus ${cell} gestrichen werden.`);
    }
  });
});
