/**
 * ipuz (the open puzzle format, kind `http://ipuz.org/sudoku`) for Numbridge boards.
 *
 * Written:
 *   version "http://ipuz.org/v2", kind ["http://ipuz.org/sudoku#1"], title, author, uniqueid,
 *   difficulty (the grade's name), intro (the rules), dimensions, charset ("123456789", or
 *   "123456" for 6×6), displaycharset, boxes, puzzle (0 = empty), solution (with --solution only),
 *   no `saved` (a fresh puzzle has no player progress).
 *   ipuz's field for irregular blocks, `zones` (GroupSpec cell lists; the reference validator
 *   python-ipuz lists it for Sudoku), is neither written nor read: its cell coordinates could not
 *   be checked against a tool here, and a transposed or shifted map would be a different puzzle.
 *   So a board whose blocks are not the standard
 *   9×9 boxes gets `boxes: false` (except regular 4/6/8 boards: `boxes: true` plus the map), its
 *   block borders as `barred` cell styles (R and B sides, so any ipuz viewer draws them), and the
 *   exact block map in the extension field `http://puzzlemill.dev/ipuz/regions` (N×N block
 *   numbers, as our `public.regions`).
 *
 * Read: the same, from any tool: values as numbers or charset characters (or `{ "given": … }`),
 * `0`, `null`, `""`, `"."` or the file's `empty` value for an empty cell; the blocks from our
 * extension field, else from `barred` styles (the cells a bar does not separate form a block),
 * else the standard boxes when `boxes` is not false and there are no `zones` (refused, see
 * above). `solution` is checked when present; `saved`
 * (a player's progress) is ignored.
 */
import { inside, InputError, type InputPosition } from '../../core/errors.ts';
import type { NumbridgeBoardInput } from '../../numbridge-board/schema.ts';
import { isRegularRegions, regularBlockShape, regularRegions } from '../../sudoku/regions.ts';
import type { Grid } from '../../sudoku/types.ts';
import { boardOfFile, normaliseRegions, type ImportedPuzzle } from './board.ts';

const IPUZ_KIND = 'http://ipuz.org/sudoku#1';
export const IPUZ_REGIONS = 'http://puzzlemill.dev/ipuz/regions';
const CHARSET = '123456789';

export function rulesText(size: number): string {
  return `Place the digits 1 to ${size} so that every row, every column and every outlined block holds each digit once. (A Numbridge board from puzzlemill: on the original board the cells are hexagons and row r is shifted r half-cells to the right; the rows, columns and blocks are the same.)`;
}

export function toIpuz(file: NumbridgeBoardInput, options: { solution: boolean }): Record<string, unknown> {
  const { board, solution } = boardOfFile(file);
  const n = board.size;
  const standard = n === 9 && isRegularRegions(n, board.regions);
  const regular = isRegularRegions(n, board.regions);
  const at = (r: number, c: number) => board.regions[r * n + c]!;
  const puzzle = Array.from({ length: n }, (_, r) =>
    Array.from({ length: n }, (_, c) => {
      const given = board.givens[r * n + c]!;
      if (standard) return given;
      let bars = '';
      if (c + 1 < n && at(r, c + 1) !== at(r, c)) bars += 'R';
      if (r + 1 < n && at(r + 1, c) !== at(r, c)) bars += 'B';
      if (bars === '') return given;
      return given === 0 ? { style: { barred: bars } } : { given, style: { barred: bars } };
    }),
  );
  const out: Record<string, unknown> = {
    version: 'http://ipuz.org/v2',
    kind: [IPUZ_KIND],
    title: `Numbridge ${n}×${n} ${file.id}`,
    author: 'puzzlemill',
    uniqueid: file.id,
    difficulty: file.public.grade.name,
    intro: rulesText(n),
    dimensions: { width: n, height: n },
    charset: CHARSET.slice(0, n),
    displaycharset: true,
    boxes: regular,
    puzzle,
  };
  if (options.solution && solution) out.solution = Array.from({ length: n }, (_, r) => Array.from(solution.subarray(r * n, r * n + n)));
  if (!standard) out[IPUZ_REGIONS] = Array.from({ length: n }, (_, r) => Array.from(board.regions.subarray(r * n, r * n + n)));
  return out;
}

/** True for an object that declares an ipuz Sudoku kind. */
export function isIpuzSudoku(value: unknown): boolean {
  const kind = (value as { kind?: unknown } | null)?.kind;
  return Array.isArray(kind) && kind.some((k) => typeof k === 'string' && k.startsWith('http://ipuz.org/sudoku'));
}

export function fromIpuz(value: unknown, where: InputPosition): ImportedPuzzle {
  const at = (pointer: string, reason: string) => new InputError(inside(where, pointer), reason);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw at('', 'expected an ipuz object');
  const doc = value as Record<string, unknown>;
  if (!isIpuzSudoku(doc)) throw at('/kind', 'not an ipuz Sudoku (kind must list http://ipuz.org/sudoku)');
  const grid = doc.puzzle;
  if (!Array.isArray(grid) || !grid.every(Array.isArray)) throw at('/puzzle', 'expected an array of rows');
  const n = grid.length;
  if (n < 4 || n > 9) throw at('/puzzle', `has ${n} rows; Numbridge boards are 4×4 to 9×9`);
  grid.forEach((row: unknown[], r) => {
    if (row.length !== n) throw at(`/puzzle/${r}`, `has ${row.length} cells, expected ${n}`);
  });
  const dims = doc.dimensions as { width?: unknown; height?: unknown } | undefined;
  if (dims && (dims.width !== n || dims.height !== n)) throw at('/dimensions', `says ${String(dims.width)}×${String(dims.height)}, the puzzle is ${n}×${n}`);
  const charset = typeof doc.charset === 'string' ? doc.charset : CHARSET;
  if ([...charset].length < n) throw at('/charset', `has ${[...charset].length} characters, a ${n}×${n} board needs ${n}`);
  const empty = doc.empty;

  const digitOf = (cell: unknown, cellPointer: string): number => {
    // a cell may be a { given } or { value } object: unwrapped in a loop, not by recursion (a crafted file may nest it deeply)
    let v = cell;
    let pointer = cellPointer;
    while (v !== null && typeof v === 'object' && !Array.isArray(v)) {
      const o = v as Record<string, unknown>;
      if ('given' in o) [v, pointer] = [o.given, pointer + '/given'];
      else if ('value' in o) [v, pointer] = [o.value, pointer + '/value'];
      else return 0;
    }
    if (Array.isArray(v)) throw at(pointer, `an array (${v.length} items) is not a digit of this ${n}×${n} board`);
    if (v === null || v === undefined || v === 0 || v === '' || v === '0' || v === '.' || (empty !== undefined && v === empty)) return 0;
    if (typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= n) return v;
    if (typeof v === 'string') {
      const i = [...charset].indexOf(v);
      if (i >= 0 && i < n) return i + 1;
    }
    throw at(pointer, `${JSON.stringify(v)} is not a digit of this ${n}×${n} board (charset ${JSON.stringify(charset.slice(0, n))})`);
  };
  const givens: Grid = new Uint8Array(n * n);
  grid.forEach((row: unknown[], r) => row.forEach((v, c) => (givens[r * n + c] = digitOf(v, `/puzzle/${r}/${c}`))));

  let solution: Grid | null = null;
  if (doc.solution !== undefined && doc.solution !== null) {
    const s = doc.solution;
    if (!Array.isArray(s) || s.length !== n || !s.every((row) => Array.isArray(row) && row.length === n)) throw at('/solution', `expected ${n} rows of ${n} values`);
    solution = new Uint8Array(n * n);
    (s as unknown[][]).forEach((row, r) => row.forEach((v, c) => (solution![r * n + c] = digitOf(v, `/solution/${r}/${c}`))));
    if (solution.includes(0)) solution = null; // a partial solution says nothing we can check
  }

  const regions = regionsOf(doc, grid as unknown[][], n, where, at);
  return { board: { size: n, regions, givens }, solution, origin: 'ipuz' };
}

function regionsOf(doc: Record<string, unknown>, grid: unknown[][], n: number, where: InputPosition, at: (p: string, r: string) => InputError): Uint8Array {
  const map = doc[IPUZ_REGIONS];
  if (map !== undefined) {
    if (!Array.isArray(map) || map.length !== n || !map.every((row) => Array.isArray(row) && row.length === n && row.every((v) => Number.isInteger(v)))) {
      throw at(`/${IPUZ_REGIONS.replace(/~/g, '~0').replace(/\//g, '~1')}`, `expected ${n} rows of ${n} block numbers`);
    }
    return normaliseRegions(n, (map as number[][]).flat(), inside(where, '/' + IPUZ_REGIONS.replace(/~/g, '~0').replace(/\//g, '~1')));
  }
  const bars = barsOf(grid, n);
  if (bars) {
    const areas = new Set(bars).size;
    if (areas !== n) {
      throw at('/puzzle', `the bars enclose ${areas} areas, expected ${n} blocks (a Numbridge block joined only through a hex diagonal cannot be drawn with bars: the file needs the block map ${IPUZ_REGIONS})`);
    }
    return normaliseRegions(n, bars, inside(where, '/puzzle'));
  }
  // ipuz's own field for irregular blocks (a list of GroupSpecs): refused rather than read as
  // the standard boxes, which would make a different puzzle
  if (doc.zones !== undefined) throw at('/zones', `irregular blocks as ipuz zones are not read: mark the block borders with barred styles, give the map in ${IPUZ_REGIONS}, or use the line format with a block map`);
  if (doc.boxes === false) throw at('/boxes', 'boxes is false and the file has neither bars nor a block map: the blocks are unknown');
  if (!regularBlockShape(n)) throw at('/puzzle', `${n}×${n} has no standard boxes: the file needs bars or a block map`);
  return regularRegions(n);
}

/** Blocks from `barred` styles: cells joined when no bar separates them; null when there are no bars. */
export function barsOf(grid: unknown[][], n: number): number[] | null {
  const barred = (r: number, c: number): string => {
    const v = grid[r]![c];
    const style = v !== null && typeof v === 'object' ? (v as { style?: { barred?: unknown } }).style : undefined;
    return typeof style?.barred === 'string' ? style.barred.toUpperCase() : '';
  };
  let any = false;
  const parent = Array.from({ length: n * n }, (_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i]!)));
  const join = (a: number, b: number) => (parent[find(a)] = find(b));
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      const here = barred(r, c);
      if (here !== '') any = true;
      if (c + 1 < n && !here.includes('R') && !barred(r, c + 1).includes('L')) join(r * n + c, r * n + c + 1);
      if (r + 1 < n && !here.includes('B') && !barred(r + 1, c).includes('T')) join(r * n + c, (r + 1) * n + c);
    }
  }
  if (!any) return null;
  return parent.map((_, i) => find(i) + n * n); // labels outside 0..N−1: numbered by first appearance
}
