/**
 * The move notation of the Domino-SUDOKU sheet, read tolerantly and written canonically.
 *
 *   [4/2] (5,1/5,4)        the 4 on Feld 5 Platz 1, the 2 on Feld 5 Platz 4 (dominoes.ts)
 *   [3/5] ( 0 )            the domino could not be placed (listed at the end, left in hand)
 *   [ 0 ]                  a pass
 *   … **)                  a rule break noticed only after the next player moved (it stays)
 *   … ! S3 ! *)            the move completed column 3 (R row, S column, F block), *) = +10
 *   -8 -8 = -16            a player's closing sum: the terms and the total
 *
 * Reading accepts any spacing inside and between tokens (`(9,1/8,3 )`, `[ 4 / 9 ]`), `;` between
 * moves, lower-case house letters, several houses between the `!` marks, and the typographic
 * minus signs − and –. What cannot be read is an InputError naming line and column.
 * Writing produces exactly the sheet's spelling, so print → parse is the identity.
 */
import { InputError } from '../../core/errors.ts';
import type { Cell, Digit } from '../../sudoku/types.ts';
import { houseOfName, houseName, type HouseName } from '../sudoku-board.ts';
import { cellOf, dominoId, fieldPlaceOf } from './dominoes.ts';

export interface Annotation {
  /** `**)`: a rule break noticed only after the next player had moved. */
  lateError: boolean;
  /** Houses named between `!` marks, as written (R/S/F and 1..9). */
  completions: HouseName[];
  /** `*)`: the +10 footnote mark. */
  plusMark: boolean;
}

export type Entry =
  | ({ kind: 'place'; first: Digit; second: Digit; cells: readonly [Cell, Cell] } & Annotation)
  | { kind: 'unplaceable'; first: Digit; second: Digit }
  | { kind: 'pass' };

/** A closing sum such as `+10 -12 -15 -7 = -24` (terms may be empty; total may be missing). */
export interface Totals {
  terms: number[];
  total: number | null;
}

/** Where a token starts, 1-based. */
export interface At {
  line: number;
  column: number;
}

/** A text with its line starts, so offsets become line and column for error messages. */
export class SourceText {
  private readonly lineStarts: number[] = [0];
  constructor(
    readonly text: string,
    readonly source: string,
  ) {
    for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) this.lineStarts.push(i + 1);
  }

  at(offset: number): At {
    let lo = 0;
    let hi = this.lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.lineStarts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - this.lineStarts[lo]! + 1 };
  }

  error(offset: number, reason: string): InputError {
    return new InputError({ source: this.source, ...this.at(offset) }, reason);
  }
}

const MINUS = new Set(['-', '−', '–']);
const SPACE = /[ \t\r\n\u00a0]/;

/** A cursor over part of a SourceText. */
class Scanner {
  pos: number;
  constructor(
    readonly src: SourceText,
    start: number,
    readonly end: number,
  ) {
    this.pos = start;
  }

  skipSpace(): void {
    while (this.pos < this.end && SPACE.test(this.src.text[this.pos]!)) this.pos++;
  }

  peek(): string {
    return this.pos < this.end ? this.src.text[this.pos]! : '';
  }

  startsWith(s: string): boolean {
    return this.src.text.startsWith(s, this.pos) && this.pos + s.length <= this.end;
  }

  /** Skip spaces, then require `ch`. */
  expect(ch: string, what: string): void {
    this.skipSpace();
    if (this.peek() !== ch) throw this.src.error(this.pos, `expected ${what}, found ${this.describeHere()}`);
    this.pos++;
  }

  /** Skip spaces, then read one digit in lo..hi. */
  digit(lo: number, hi: number, what: string): number {
    this.skipSpace();
    const ch = this.peek();
    const d = ch.charCodeAt(0) - 48;
    if (!(ch.length === 1 && d >= lo && d <= hi)) throw this.src.error(this.pos, `expected ${what} (${lo}..${hi}), found ${this.describeHere()}`);
    this.pos++;
    return d;
  }

  describeHere(): string {
    const ch = this.peek();
    return ch === '' ? 'the end' : ch === '\n' ? 'the end of the line' : JSON.stringify(ch);
  }
}

/** One entry with the offset it starts at. */
export interface EntryAt {
  entry: Entry;
  offset: number;
}

/** Read the entries (and an optional closing sum) of text[start, end). */
export function parseEntries(src: SourceText, start = 0, end = src.text.length): { entries: EntryAt[]; totals: (Totals & { offset: number }) | null } {
  const s = new Scanner(src, start, end);
  const entries: EntryAt[] = [];
  let totals: (Totals & { offset: number }) | null = null;
  for (;;) {
    s.skipSpace();
    const ch = s.peek();
    if (ch === '') break;
    if (totals) throw src.error(s.pos, `unexpected ${s.describeHere()} after the closing sum`);
    if (ch === ';') {
      s.pos++;
      continue;
    }
    if (ch === '[') {
      const offset = s.pos;
      entries.push({ entry: readEntry(s), offset });
      continue;
    }
    if (ch === '=' || ch === '+' || MINUS.has(ch) || (ch >= '0' && ch <= '9')) {
      const offset = s.pos;
      totals = { ...readTotals(s), offset };
      continue;
    }
    if (ch === '!' || ch === '*') throw src.error(s.pos, 'an annotation must follow a move');
    throw src.error(s.pos, `expected a move "[a/b] (F,P/F,P)", "[a/b] ( 0 )" or "[ 0 ]", found ${s.describeHere()}`);
  }
  return { entries, totals };
}

function readEntry(s: Scanner): Entry {
  s.expect('[', '"["');
  s.skipSpace();
  const numberAt = s.pos;
  const first = s.digit(0, 9, 'a domino number');
  s.skipSpace();
  if (first === 0) {
    s.expect(']', '"]" after "[ 0"');
    refuseAnnotation(s, 'a pass');
    return { kind: 'pass' };
  }
  s.expect('/', '"/" between the two numbers');
  const second = s.digit(1, 9, 'a domino number');
  s.expect(']', '"]"');
  if (dominoId(first, second) < 0) throw s.src.error(numberAt, `[${first}/${second}] is not a domino: its two numbers must differ`);
  s.expect('(', '"(" and the position');
  s.skipSpace();
  const fieldAt = s.pos;
  const f1 = s.digit(0, 9, 'a Feld number');
  if (f1 === 0) {
    s.expect(')', '")" after "( 0"');
    refuseAnnotation(s, 'a domino that could not be placed');
    return { kind: 'unplaceable', first, second };
  }
  if (f1 < 1) throw s.src.error(fieldAt, 'Feld numbers run 1..9');
  s.expect(',', '"," between Feld and Platz');
  const p1 = s.digit(1, 9, 'a Platz number');
  s.expect('/', '"/" between the two positions');
  const f2 = s.digit(1, 9, 'a Feld number');
  s.expect(',', '"," between Feld and Platz');
  const p2 = s.digit(1, 9, 'a Platz number');
  s.expect(')', '")"');
  return { kind: 'place', first, second, cells: [cellOf(f1, p1), cellOf(f2, p2)], ...readAnnotations(s) };
}

function readAnnotations(s: Scanner): Annotation {
  const out: Annotation = { lateError: false, completions: [], plusMark: false };
  for (;;) {
    const save = s.pos;
    s.skipSpace();
    if (s.startsWith('**)')) {
      s.pos += 3;
      out.lateError = true;
    } else if (s.startsWith('*)')) {
      s.pos += 2;
      out.plusMark = true;
    } else if (s.peek() === '!') {
      s.pos++;
      for (;;) {
        s.skipSpace();
        const ch = s.peek();
        if (ch === '!') {
          s.pos++;
          break;
        }
        if (ch === ',' || ch === '+') {
          s.pos++;
          continue;
        }
        const at = s.pos;
        const letter = ch.toUpperCase();
        if (!'RSF'.includes(letter) || letter === '') throw s.src.error(at, `expected a completed house (R1..R9, S1..S9, F1..F9) or "!", found ${s.describeHere()}`);
        s.pos++;
        const n = s.digit(1, 9, `the number after ${letter}`);
        const name = houseName(houseOfName(letter + n));
        if (!out.completions.includes(name)) out.completions.push(name);
      }
    } else {
      s.pos = save;
      return out;
    }
  }
}

function refuseAnnotation(s: Scanner, what: string): void {
  const save = s.pos;
  s.skipSpace();
  if (s.peek() === '!' || s.startsWith('*)') || s.startsWith('**)')) throw s.src.error(s.pos, `${what} takes no annotation`);
  s.pos = save;
}

function readTotals(s: Scanner): Totals {
  const terms: number[] = [];
  let total: number | null = null;
  for (;;) {
    s.skipSpace();
    const ch = s.peek();
    if (ch === '=') {
      if (total !== null) throw s.src.error(s.pos, 'a second "=" in the closing sum');
      s.pos++;
      total = readSigned(s);
      continue;
    }
    if (ch === '' || ch === ';') return { terms, total };
    if (total !== null) throw s.src.error(s.pos, `unexpected ${s.describeHere()} after the total`);
    terms.push(readSigned(s));
  }
}

function readSigned(s: Scanner): number {
  s.skipSpace();
  let sign = 1;
  const ch = s.peek();
  if (ch === '+') s.pos++;
  else if (MINUS.has(ch)) {
    sign = -1;
    s.pos++;
  }
  s.skipSpace();
  const start = s.pos;
  while (s.peek() >= '0' && s.peek() <= '9' && s.peek() !== '') s.pos++;
  if (s.pos === start) throw s.src.error(s.pos, `expected a number, found ${s.describeHere()}`);
  if (s.pos - start > 6) throw s.src.error(start, 'number too long');
  return sign * Number(s.src.text.slice(start, s.pos)) || 0; // no −0
}

/** Read exactly one entry (a move, an unplaceable domino or a pass) from a string. */
export function parseEntry(text: string, source = '<move>'): Entry {
  const src = new SourceText(text, source);
  const { entries, totals } = parseEntries(src);
  if (entries.length !== 1 || totals) throw src.error(0, `expected exactly one move, found ${entries.length}${totals ? ' and a sum' : ''}`);
  return entries[0]!.entry;
}

/** `(F,P/F,P)` of two cells. */
export function positionText(cells: readonly [Cell, Cell]): string {
  const [f1, p1] = fieldPlaceOf(cells[0]);
  const [f2, p2] = fieldPlaceOf(cells[1]);
  return `(${f1},${p1}/${f2},${p2})`;
}

/** The canonical spelling of an entry. */
export function formatEntry(entry: Entry): string {
  switch (entry.kind) {
    case 'pass':
      return '[ 0 ]';
    case 'unplaceable':
      return `[${entry.first}/${entry.second}] ( 0 )`;
    case 'place': {
      let s = `[${entry.first}/${entry.second}] ${positionText(entry.cells)}`;
      if (entry.completions.length > 0) s += ` ! ${entry.completions.join(' ')} !`;
      if (entry.plusMark) s += ' *)';
      if (entry.lateError) s += ' **)';
      return s;
    }
  }
}

/** `+10 -12 -15 -7 = -24`. */
export function formatTotals(t: Totals): string {
  const terms = t.terms.map((v) => (v < 0 ? `-${-v}` : `+${v}`));
  if (t.total !== null) terms.push('=', t.total < 0 ? `-${-t.total}` : String(t.total));
  return terms.join(' ');
}
