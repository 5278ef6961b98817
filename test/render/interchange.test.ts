import lzString from 'lz-string';
import { describe, expect, test } from 'vitest';
import { InputError } from '../../src/core/errors.ts';
import { playerForm } from '../../src/numbridge-board/board-file.ts';
import type { NumbridgeBoardFile } from '../../src/numbridge-board/schema.ts';
import { boardFileOf, NotABoard } from '../../src/render/interchange/board.ts';
import { fromFpuzzles, toFpuzzles } from '../../src/render/interchange/fpuzzles.ts';
import { exportBoard, importItem, targetExtension, TARGETS, type ImportItem, type Target } from '../../src/render/interchange/index.ts';
import { barsOf, fromIpuz, IPUZ_REGIONS, toIpuz } from '../../src/render/interchange/ipuz.ts';
import { fromLine, toLine } from '../../src/render/interchange/line.ts';
import { verifyBoard } from '../../src/numbridge-board/verify.ts';
import { boardBlitz6, boardIrregular5, boardIrregular6, boardIrregular9, boardRegular9 } from './samples.ts';

const where = { source: 'test' };
const boards: Array<[string, () => NumbridgeBoardFile]> = [
  ['regular 9×9', boardRegular9],
  ['irregular 9×9', boardIrregular9],
  ['Blitz 6×6', boardBlitz6],
  ['irregular 6×6', boardIrregular6],
  ['irregular 5×5', boardIrregular5],
];

/** What makes a board: everything public except the optional symmetry claim. */
function essence(file: NumbridgeBoardFile) {
  const { symmetry: _s, ...pub } = file.public;
  return { id: file.id, public: pub, solution: file.secret?.solution };
}

/** The exported text as the import command sees it: a line, or a JSON value. */
function asItem(text: string): ImportItem {
  return text.startsWith('{') ? { kind: 'json', value: JSON.parse(text), where } : { kind: 'line', text, where };
}

/** The blocks as sorted cell lists, whatever their numbers. */
function partition(regions: number[]): string[] {
  const blocks = new Map<number, number[]>();
  regions.forEach((g, i) => blocks.set(g, [...(blocks.get(g) ?? []), i]));
  return [...blocks.values()].map((cells) => cells.join(',')).sort();
}

function decodeUrl(url: string): Record<string, unknown> {
  const packed = url.replace(/^https:\/\/(f-puzzles\.com\/\?load=|sudokupad\.app\/\?puzzleid=fpuzzles)/, '');
  return JSON.parse(lzString.decompressFromBase64(decodeURIComponent(packed))!) as Record<string, unknown>;
}

describe.each(boards)('round trips of a %s board', (_name, make) => {
  const file = make();
  const cases: Array<[Target, boolean]> = [...TARGETS.map((t): [Target, boolean] => [t, false]), ['fpuzzles', true]];
  test.each(cases)('export --to %s (url %s) → import gives the same board', (target, url) => {
    for (const solution of [false, true]) {
      const text = exportBoard(file, target, { solution, url });
      const back = boardFileOf(importItem(asItem(text), 'auto'), where);
      expect(essence(back)).toEqual(essence(file));
      expect(verifyBoard(back).problems).toEqual([]);
    }
  });

  test('the solution leaves only with --solution', () => {
    const secret = file.secret!.solution.flat().join('');
    expect(toLine(file, { solution: false })).not.toContain(secret);
    expect(toLine(file, { solution: true })).toContain(`:1:${secret}`);
    expect(toIpuz(file, { solution: false })).not.toHaveProperty('solution');
    expect((toIpuz(file, { solution: true }).solution as number[][]).flat().join('')).toBe(secret);
    expect(toFpuzzles(file, { solution: false })).not.toHaveProperty('solution');
    expect(decodeUrl(exportBoard(file, 'sudokupad', { solution: false }))).not.toHaveProperty('solution');
    expect((decodeUrl(exportBoard(file, 'sudokupad', { solution: true })).solution as number[]).join('')).toBe(secret);
    // a player form cannot leak what it does not have
    expect(toLine(playerForm(file), { solution: true })).not.toContain(secret);
  });
});

test('export --out names: every target and form apart, so one folder can hold them all', () => {
  const names = [
    ...TARGETS.map((t) => targetExtension(t, { solution: false, url: false })),
    targetExtension('fpuzzles', { solution: false, url: true }),
  ];
  expect(names.sort()).toEqual(['fpuzzles.json', 'fpuzzles.url', 'ipuz', 'sudokupad.url', 'txt']);
});

describe('the line format with a block map', () => {
  const irregular = boardIrregular9();
  const line = toLine(irregular, { solution: false });
  const [givens, blocks] = line.split(':') as [string, string];

  test('regular boards stay plain FORMATS.md lines; irregular ones add A..I labels', () => {
    expect(toLine(boardRegular9(), { solution: false })).toMatch(/^[1-9.]{81}$/);
    expect(line).toMatch(/^[1-9.]{81}:[A-I]{81}$/);
  });

  test.each([
    ['a..i', (s: string) => s.toLowerCase()],
    ['1..9', (s: string) => s.replace(/[A-I]/g, (ch) => String(ch.charCodeAt(0) - 64))],
    ['0..8', (s: string) => s.replace(/[A-I]/g, (ch) => String(ch.charCodeAt(0) - 65))],
    ['any N symbols', (s: string) => s.replace(/[A-I]/g, (ch) => '#$%&*+=?@'[ch.charCodeAt(0) - 65]!)],
  ])('labels %s read as the same blocks', (_label, relabel) => {
    const back = boardFileOf(fromLine(`${givens}:${relabel(blocks)}`, where), where);
    expect(partition(back.public.regions.flat())).toEqual(partition(irregular.public.regions.flat()));
    if (_label !== 'any N symbols') expect(back.public.regions).toEqual(irregular.public.regions);
  });

  test("tdoku's puzzle:count:solution still reads, and a wrong solution is refused", () => {
    const regular = boardRegular9();
    const solution = regular.secret!.solution.flat().join('');
    const plain = toLine(regular, { solution: false });
    expect(boardFileOf(fromLine(`${plain}:1:${solution}`, where), where).id).toBe(regular.id);
    const wrong = solution.slice(0, 80) + (solution[80] === '1' ? '2' : '1');
    expect(() => boardFileOf(fromLine(`${plain}:1:${wrong}`, where), where)).toThrow(NotABoard);
  });

  test('bad lines name the column', () => {
    const at = (text: string) => {
      try {
        fromLine(text, where);
      } catch (e) {
        return e as InputError;
      }
      throw new Error('no error');
    };
    expect(at('12345').position.column).toBe(1);
    expect(at('x' + givens.slice(1)).position.column).toBe(1);
    expect(at('1' + '.'.repeat(24)).reason).toMatch(/5×5 has no regular blocks/);
    expect(at(`${givens}:${blocks.slice(0, 80)}Z`).reason).toMatch(/10 different blocks/);
    expect(at(`${givens}:${blocks}:x`).position.column).toBe(165);
  });

  test('blocks whose cells touch only corner to corner at (r+1, c+1) are refused (not hex neighbours)', () => {
    // block A runs down the main diagonal: (0,0), (1,1), (2,2), (3,3)
    const diag = 'ABBB' + 'CABB' + 'CCAD' + 'CDDA';
    expect(() => fromLine(`1...${'.'.repeat(12)}:${diag}`, where)).toThrow(/not connected.*hex/);
  });

  test('puzzles that are not Numbridge boards: several solutions, needs guessing', () => {
    expect(() => boardFileOf(fromLine('.'.repeat(81), where), where)).toThrow(/more than one solution/);
    expect(() => boardFileOf(fromLine('11' + '.'.repeat(79), where), where)).toThrow(/clash/);
  });
});

describe('ipuz', () => {
  test('writes the ipuz Sudoku fields; the block map only for boards that are not standard 9×9', () => {
    const regular = toIpuz(boardRegular9(), { solution: false });
    expect(regular).toMatchObject({ version: 'http://ipuz.org/v2', kind: ['http://ipuz.org/sudoku#1'], charset: '123456789', boxes: true, dimensions: { width: 9, height: 9 } });
    expect(regular).not.toHaveProperty(IPUZ_REGIONS);
    expect(regular).not.toHaveProperty('saved');
    const irregular = toIpuz(boardIrregular9(), { solution: false });
    expect(irregular.boxes).toBe(false);
    expect(irregular[IPUZ_REGIONS]).toEqual(boardIrregular9().public.regions);
    expect(JSON.stringify(irregular.puzzle)).toContain('"barred"');
    expect(toIpuz(boardBlitz6(), { solution: false }).charset).toBe('123456');
  });

  test('reads blocks from bars when the block map is missing (square-connected blocks)', () => {
    const doc = toIpuz(boardBlitz6(), { solution: false });
    delete doc[IPUZ_REGIONS];
    expect(boardFileOf(fromIpuz(doc, where), where).id).toBe(boardBlitz6().id);
    const bars = barsOf([[{ style: { barred: 'R' } }, 0], [{ style: { barred: 'R' } }, 0]], 2)!;
    expect(bars[0]).toBe(bars[2]);
    expect(bars[1]).toBe(bars[3]);
    expect(bars[0]).not.toBe(bars[1]);
  });

  test('reads charset characters, "given" objects and the empty value; ignores saved', () => {
    const file = boardRegular9();
    const letters = 'ABCDEFGHI';
    const doc = {
      version: 'http://ipuz.org/v2',
      kind: ['http://ipuz.org/sudoku#1'],
      charset: letters,
      empty: '-',
      puzzle: file.public.givens.map((row) => row.map((d, c) => (d === 0 ? '-' : c % 2 ? { given: letters[d - 1] } : letters[d - 1]))),
      saved: [[1]],
    };
    expect(boardFileOf(fromIpuz(doc, where), where).id).toBe(file.id);
  });

  test('refusals name the pointer', () => {
    expect(() => fromIpuz({ kind: ['http://ipuz.org/crossword#1'] }, where)).toThrow(/\/kind/);
    expect(() => fromIpuz({ kind: ['http://ipuz.org/sudoku#1'], puzzle: [[0, 0], [0, 0]] }, where)).toThrow(/4×4 to 9×9/);
    const doc = toIpuz(boardRegular9(), { solution: false });
    (doc.puzzle as unknown[][])[2]![3] = 'x';
    expect(() => fromIpuz(doc, where)).toThrow(/\/puzzle\/2\/3/);
    const latin = { ...toIpuz(boardRegular9(), { solution: false }), boxes: false };
    expect(() => fromIpuz(latin, where)).toThrow(/blocks are unknown/);
    // a jigsaw from another tool with only ipuz zones is refused, not read as the standard boxes
    const jigsaw = { ...toIpuz(boardRegular9(), { solution: false }), zones: [{ cells: [[1, 1]] }] };
    expect(() => fromIpuz(jigsaw, where)).toThrow(/\/zones: irregular blocks as ipuz zones are not read/);
  });
});

describe('f-puzzles and SudokuPad', () => {
  test('regular boards use f-puzzles\' default regions; irregular ones number every cell', () => {
    const regular = toFpuzzles(boardBlitz6(), { solution: false }) as { grid: Array<Array<Record<string, unknown>>> };
    expect(regular.grid.flat().some((c) => 'region' in c)).toBe(false);
    const irregular = toFpuzzles(boardIrregular9(), { solution: false }) as { grid: Array<Array<Record<string, unknown>>> };
    expect(irregular.grid.flat().map((c) => c.region)).toEqual(boardIrregular9().public.regions.flat());
  });

  test('variant constraints are refused rather than dropped', () => {
    const data = { ...toFpuzzles(boardRegular9(), { solution: false }), killercage: [{ cells: ['R1C1', 'R1C2'], value: '3' }] };
    expect(() => fromFpuzzles(data, where)).toThrow(/killercage/);
  });

  test('URLs and bare compressed strings are recognised', () => {
    const file = boardIrregular6();
    const url = exportBoard(file, 'sudokupad', { solution: false });
    expect(url.startsWith('https://sudokupad.app/?puzzleid=fpuzzles')).toBe(true);
    const bare = 'fpuzzles' + decodeURIComponent(url.slice('https://sudokupad.app/?puzzleid=fpuzzles'.length));
    // the path form SudokuPad also serves reads too
    expect(boardFileOf(importItem({ kind: 'line', text: url.replace('/?puzzleid=fpuzzles', '/fpuzzles'), where }, 'auto'), where).id).toBe(file.id);
    expect(boardFileOf(importItem({ kind: 'line', text: bare, where }, 'auto'), where).id).toBe(file.id);
    expect(() => importItem({ kind: 'line', text: 'https://sudokupad.app/fpuzzlesXXXX', where }, 'auto')).toThrow(InputError);
  });
});
