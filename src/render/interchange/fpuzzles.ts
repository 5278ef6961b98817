/**
 * f-puzzles (the Sudoku setting tool) and SudokuPad (the Sudoku app, which loads f-puzzles data).
 *
 * f-puzzles JSON, as its exports and SudokuPad's f-puzzles loader read it:
 *
 *   { "size": N, "title", "author", "ruleset",
 *     "grid": N rows of N cells: { "value": d, "given": true } for a given, {} for an empty cell,
 *             "region": k (0-based block) on every cell when the blocks are not the default
 *             ones (default: √N-ish rectangles, 2×3 for 6, 2×4 for 8 — the same as ours),
 *     "solution": N² digits row by row (with --solution only) }
 *
 *   f-puzzles URL   https://f-puzzles.com/?load=<lz-string compressToBase64 of the JSON, URI-encoded>
 *   SudokuPad URL   https://sudokupad.app/?puzzleid=fpuzzles<the same, URI-encoded>
 *                   (SudokuPad's id for f-puzzles data is "fpuzzles" + the compressed string; in the
 *                   query rather than the path, so the base64 '/' never meets a server's path rules)
 *
 * Read: the JSON, either URL, or the bare compressed string (with or without "fpuzzles").
 * f-puzzles' variant constraints (killer cages, arrows, …) have no Numbridge meaning: a file that
 * uses any is refused rather than imported without them.
 */
import lzString from 'lz-string';
import { inside, InputError, type InputPosition } from '../../core/errors.ts';
import { MAX_JSON_DEPTH, nestedDeeperThan } from '../../core/json-depth.ts';
import type { NumbridgeBoardInput } from '../../numbridge-board/schema.ts';
import { isRegularRegions, regularBlockShape, regularRegions } from '../../sudoku/regions.ts';
import type { Grid } from '../../sudoku/types.ts';
import { boardOfFile, normaliseRegions, type ImportedPuzzle } from './board.ts';
import { rulesText } from './ipuz.ts';

const FPUZZLES_URL = 'https://f-puzzles.com/?load=';
export const SUDOKUPAD_URL = 'https://sudokupad.app/?puzzleid=fpuzzles';

/** Keys of an f-puzzles file that change nothing about a plain Sudoku. */
const HARMLESS = new Set(['size', 'title', 'author', 'ruleset', 'grid', 'solution', 'highlightConflicts', 'disabledlogic', 'truecandidatesoptions', 'text', 'line', 'rectangle', 'circle', 'cage']);

interface FCell {
  value?: number;
  given?: boolean;
  region?: number | null;
}

export function toFpuzzles(file: NumbridgeBoardInput, options: { solution: boolean }): Record<string, unknown> {
  const { board, solution } = boardOfFile(file);
  const n = board.size;
  const explicit = !isRegularRegions(n, board.regions);
  const grid = Array.from({ length: n }, (_, r) =>
    Array.from({ length: n }, (_, c): FCell => {
      const cell: FCell = {};
      const d = board.givens[r * n + c]!;
      if (d > 0) {
        cell.value = d;
        cell.given = true;
      }
      if (explicit) cell.region = board.regions[r * n + c]!;
      return cell;
    }),
  );
  const out: Record<string, unknown> = { size: n, title: `Numbridge ${n}×${n} ${file.id}`, author: 'puzzlemill', ruleset: rulesText(n), grid };
  if (options.solution && solution) out.solution = Array.from(solution);
  return out;
}

export function fpuzzlesUrl(data: Record<string, unknown>): string {
  return FPUZZLES_URL + encodeURIComponent(lzString.compressToBase64(JSON.stringify(data)));
}

export function sudokupadUrl(data: Record<string, unknown>): string {
  return SUDOKUPAD_URL + encodeURIComponent(lzString.compressToBase64(JSON.stringify(data)));
}

/** True for a parsed JSON value shaped like f-puzzles data. */
export function isFpuzzles(value: unknown): boolean {
  return typeof value === 'object' && value !== null && Array.isArray((value as { grid?: unknown }).grid) && typeof (value as { size?: unknown }).size === 'number';
}

/** The f-puzzles data inside an f-puzzles or SudokuPad URL (or a bare compressed string); null when `text` is neither. */
export function fpuzzlesFromUrl(text: string, where: InputPosition): { data: unknown; origin: 'fpuzzles' | 'sudokupad' } | null {
  const t = text.trim();
  let packed: string | null = null;
  let origin: 'fpuzzles' | 'sudokupad' = 'fpuzzles';
  const load = /[?&]load=([^&#\s]+)/.exec(t);
  const pad = /sudokupad\.app\/(?:\?puzzleid=)?(?:sudoku\/)?fpuzzles([^?&#\s]+)/.exec(t);
  if (pad) {
    packed = pad[1]!;
    origin = 'sudokupad';
  } else if (load && /f-puzzles/.test(t)) {
    packed = load[1]!;
  } else if (/^fpuzzles[A-Za-z0-9+/=%-]+$/.test(t)) {
    packed = t.slice('fpuzzles'.length);
    origin = 'sudokupad';
  } else if (/^N4Ig[A-Za-z0-9+/=%-]+$/.test(t)) {
    packed = t; // compressed JSON objects start with these characters
  }
  if (packed === null) return null;
  let decoded = packed;
  try {
    decoded = decodeURIComponent(packed);
  } catch {
    // not URI-encoded
  }
  const json = lzString.decompressFromBase64(decoded.replace(/ /g, '+'));
  if (!json) throw new InputError(where, `the ${origin === 'sudokupad' ? 'SudokuPad' : 'f-puzzles'} data does not decompress (lz-string base64)`);
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch {
    throw new InputError(where, 'the decompressed data is not JSON');
  }
  // a link is a line, so no reader's depth limit has seen this JSON yet
  if (nestedDeeperThan(data, MAX_JSON_DEPTH)) throw new InputError(where, `the decompressed data is JSON nested deeper than ${MAX_JSON_DEPTH} levels`);
  return { data, origin };
}

export function fromFpuzzles(value: unknown, where: InputPosition, origin: 'fpuzzles' | 'sudokupad' = 'fpuzzles'): ImportedPuzzle {
  const at = (pointer: string, reason: string) => new InputError(inside(where, pointer), reason);
  if (!isFpuzzles(value)) throw at('', 'not f-puzzles data (expected "size" and "grid")');
  const doc = value as Record<string, unknown>;
  const n = doc.size as number;
  if (!Number.isInteger(n) || n < 4 || n > 9) throw at('/size', `size ${n}: Numbridge boards are 4×4 to 9×9`);
  for (const key of Object.keys(doc)) {
    const v = doc[key];
    const used = Array.isArray(v) ? v.length > 0 : v !== false && v !== undefined && v !== null;
    if (!HARMLESS.has(key) && used) throw at(`/${key}`, `uses the f-puzzles constraint "${key}", which a Numbridge board cannot hold`);
  }
  const grid = doc.grid as unknown[];
  if (grid.length !== n || !grid.every((row) => Array.isArray(row) && row.length === n)) throw at('/grid', `expected ${n} rows of ${n} cells`);
  const givens: Grid = new Uint8Array(n * n);
  const labels: number[] = [];
  let explicit = false;
  (grid as unknown[][]).forEach((row, r) =>
    row.forEach((raw, c) => {
      const cell = (raw ?? {}) as FCell;
      const pointer = `/grid/${r}/${c}`;
      if (cell.given && cell.value !== undefined) {
        if (!(Number.isInteger(cell.value) && cell.value >= 1 && cell.value <= n)) throw at(`${pointer}/value`, `${JSON.stringify(cell.value)} is not a digit 1..${n}`);
        givens[r * n + c] = cell.value;
      }
      if (cell.region === null) throw at(`${pointer}/region`, 'a cell outside every block: not a Sudoku');
      if (cell.region !== undefined) {
        if (!Number.isInteger(cell.region)) throw at(`${pointer}/region`, `${JSON.stringify(cell.region)} is not a block number`);
        explicit = true;
      }
      labels.push(cell.region ?? -1);
    }),
  );
  let regions: Uint8Array;
  const fallback = regularBlockShape(n) ? regularRegions(n) : null;
  if (!explicit) {
    if (!fallback) throw at('/grid', `${n}×${n} has no default blocks: the cells need "region" numbers`);
    regions = fallback;
  } else {
    // cells without "region" keep their default block
    const merged = labels.map((l, i) => {
      if (l >= 0) return l;
      if (!fallback) throw at(`/grid/${Math.floor(i / n)}/${i % n}/region`, 'missing (this size has no default blocks)');
      return fallback[i]!;
    });
    regions = normaliseRegions(n, merged, inside(where, '/grid'));
  }
  let solution: Grid | null = null;
  const s = doc.solution;
  if (s !== undefined && s !== null && s !== '') {
    const digits = typeof s === 'string' ? [...s.replace(/,/g, '')].map(Number) : Array.isArray(s) ? s.map(Number) : [];
    if (digits.length !== n * n) throw at('/solution', `has ${digits.length} digits, expected ${n * n}`);
    if (!digits.every((d) => d === 0)) {
      if (!digits.every((d) => Number.isInteger(d) && d >= 1 && d <= n)) throw at('/solution', `expected digits 1..${n}`);
      solution = Uint8Array.from(digits);
    }
  }
  return { board: { size: n, regions, givens }, solution, origin };
}
