import { fc, test as fcTest } from '@fast-check/vitest';
import { describe, expect, test } from 'vitest';
import { cellOf, fieldPlaceOf } from '../../src/games/domino/dominoes.ts';
import { formatEntry, formatTotals, parseEntries, parseEntry, SourceText, type Entry } from '../../src/games/domino/notation.ts';
import { houseName, type HouseName } from '../../src/games/sudoku-board.ts';

const place = (first: number, second: number, f1: number, p1: number, f2: number, p2: number, extra: Partial<Extract<Entry, { kind: 'place' }>> = {}): Entry => ({
  kind: 'place',
  first,
  second,
  cells: [cellOf(f1, p1), cellOf(f2, p2)],
  lateError: false,
  completions: [],
  plusMark: false,
  ...extra,
});

describe('Feld and Platz: telephone-keypad numbering', () => {
  test.each([
    [1, 1, 0, 0],
    [1, 9, 2, 2],
    [3, 4, 1, 6], // the sheet: "(3,4) meint also: Feld 3, Platz 4"
    [5, 1, 3, 3],
    [5, 4, 4, 3],
    [9, 9, 8, 8],
    [7, 3, 6, 2],
  ])('(%i,%i) is row %i column %i (0-based)', (f, p, r, c) => {
    expect(cellOf(f, p)).toBe(r * 9 + c);
    expect(fieldPlaceOf(r * 9 + c)).toEqual([f, p]);
  });
});

describe('reading the sheet\'s notation', () => {
  test.each<[string, Entry]>([
    ['[4/2] (5,1/5,4)', place(4, 2, 5, 1, 5, 4)], // the sheet's own example
    ['[4/8] (9,1/8,3 )', place(4, 8, 9, 1, 8, 3)], // stray space, as in the example game
    ['[ 4 / 9 ]  ( 4 , 6 / 4 , 9 )', place(4, 9, 4, 6, 4, 9)],
    ['[7/9] (8,7/8,8) **)', place(7, 9, 8, 7, 8, 8, { lateError: true })],
    ['[1/9] (1,9/1,8) ! S3 ! *)', place(1, 9, 1, 9, 1, 8, { completions: ['S3'], plusMark: true })],
    ['[1/9] (1,9/1,8) !s3, f1 + R2! *) **)', place(1, 9, 1, 9, 1, 8, { completions: ['S3', 'F1', 'R2'], plusMark: true, lateError: true })],
    ['[3/5] ( 0 )', { kind: 'unplaceable', first: 3, second: 5 }],
    ['[3/5](0)', { kind: 'unplaceable', first: 3, second: 5 }],
    ['[ 0 ]', { kind: 'pass' }],
    ['[0]', { kind: 'pass' }],
  ])('%s', (text, entry) => {
    expect(parseEntry(text)).toEqual(entry);
  });

  test('a column of moves, separated by spaces, newlines or ";", closed by a sum with typographic minus signs', () => {
    const src = new SourceText('[4/9] (4,6/4,9);[ 0 ]\n[3/5] ( 0 )  −8 –0 -1 = −9', 'col');
    const { entries, totals } = parseEntries(src);
    expect(entries.map((e) => e.entry.kind)).toEqual(['place', 'pass', 'unplaceable']);
    expect(entries.map((e) => src.at(e.offset))).toEqual([{ line: 1, column: 1 }, { line: 1, column: 17 }, { line: 2, column: 1 }]);
    expect(totals).toMatchObject({ terms: [-8, 0, -1], total: -9 });
    expect(parseEntries(new SourceText('+10 -12 -15 -7 = -24', 's')).totals).toMatchObject({ terms: [10, -12, -15, -7], total: -24 });
    expect(parseEntries(new SourceText('= 5', 's')).totals).toMatchObject({ terms: [], total: 5 });
  });

  test.each([
    ['[4/4] (5,1/5,2)', 2, 'is not a domino'],
    ['[4/9] (4,6/4,)', 14, 'expected a Platz number (1..9), found ")"'],
    ['[4/9] (0,6/4,9)', 9, 'expected ")" after "( 0"'],
    ['[4/9]', 6, 'expected "(" and the position, found the end'],
    ['[4/9] (4,6 4,9)', 12, 'expected "/" between the two positions'],
    ['[4-9] (4,6/4,9)', 3, 'expected "/" between the two numbers'],
    ['[ 0 ] **)', 7, 'a pass takes no annotation'],
    ['[3/5] ( 0 ) ! S3 !', 13, 'takes no annotation'],
    ['[1/9] (1,9/1,8) ! X3 !', 19, 'expected a completed house'],
    ['[1/9] (1,9/1,8) ! S0 !', 20, 'expected the number after S (1..9)'],
    ['** [1/2] (1,1/1,2)', 1, 'an annotation must follow a move'],
    ['hello', 1, 'expected a move'],
    ['-8 = -8 [1/2] (1,1/1,2)', 9, 'after the total'],
    ['-8 = -8 = -8', 9, 'a second "="'],
  ])('%s → column %i: %s', (text, column, reason) => {
    expect(() => parseEntries(new SourceText(text, 'moves.txt'))).toThrow(`moves.txt:1:${column}: `);
    expect(() => parseEntries(new SourceText(text, 'moves.txt'))).toThrow(reason);
  });

  test('errors on later lines name that line', () => {
    expect(() => parseEntries(new SourceText('[4/9] (4,6/4,9)\n[3/6] (4,5/4;2)', 'g.txt'))).toThrow('g.txt:2:13: expected "," between Feld and Platz, found ";"');
  });
});

describe('writing the notation canonically', () => {
  test.each<[Entry, string]>([
    [place(4, 8, 9, 1, 8, 3), '[4/8] (9,1/8,3)'],
    [place(7, 9, 8, 7, 8, 8, { lateError: true }), '[7/9] (8,7/8,8) **)'],
    [place(1, 9, 1, 9, 1, 8, { completions: ['S3'], plusMark: true }), '[1/9] (1,9/1,8) ! S3 ! *)'],
    [{ kind: 'unplaceable', first: 3, second: 5 }, '[3/5] ( 0 )'],
    [{ kind: 'pass' }, '[ 0 ]'],
  ])('%j → %s', (entry, text) => {
    expect(formatEntry(entry)).toBe(text);
  });

  test('sums', () => {
    expect(formatTotals({ terms: [10, -12, -15, -7], total: -24 })).toBe('+10 -12 -15 -7 = -24');
    expect(formatTotals({ terms: [-8, -8], total: -16 })).toBe('-8 -8 = -16');
  });
});

const digitPair = fc.tuple(fc.integer({ min: 1, max: 9 }), fc.integer({ min: 1, max: 8 })).map(([a, k]) => [a, ((a - 1 + k) % 9) + 1] as const);
const house = fc.integer({ min: 0, max: 26 }).map((h) => houseName(h));
export const anyEntry: fc.Arbitrary<Entry> = fc.oneof(
  fc.record({
    kind: fc.constant('place' as const),
    digits: digitPair,
    cells: fc.tuple(fc.integer({ min: 0, max: 80 }), fc.integer({ min: 0, max: 80 })),
    lateError: fc.boolean(),
    completions: fc.uniqueArray(house, { maxLength: 3 }),
    plusMark: fc.boolean(),
  }).map(({ digits, cells, completions, ...rest }) => ({ ...rest, first: digits[0], second: digits[1], cells, completions: completions as HouseName[] })),
  digitPair.map(([first, second]) => ({ kind: 'unplaceable' as const, first, second })),
  fc.constant({ kind: 'pass' as const }),
);

describe('round trips', () => {
  fcTest.prop([anyEntry], { numRuns: 500 })('print → parse is the identity', (entry) => {
    expect(parseEntry(formatEntry(entry))).toEqual(entry);
  });

  fcTest.prop([fc.array(fc.integer({ min: -99, max: 99 }), { maxLength: 6 }), fc.option(fc.integer({ min: -999, max: 999 }), { nil: null })], { numRuns: 200 })(
    'sums: print → parse is the identity',
    (terms, total) => {
      fc.pre(terms.length > 0 || total !== null);
      const parsed = parseEntries(new SourceText(formatTotals({ terms, total }), 's')).totals!;
      expect({ terms: parsed.terms, total: parsed.total }).toEqual({ terms, total });
    },
  );
});
