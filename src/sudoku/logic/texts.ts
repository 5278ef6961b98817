/**
 * Building blocks for the proof sentences, in English and German. Cells are written r3c5 in both
 * languages (rows and columns 1-based, as players write them); houses are "row 3" / "Zeile 3",
 * "column 5" / "Spalte 5", "block 2" / "Block 2"; a digit in German takes the article "die"
 * (die Sieben).
 */
import { cellName } from '../check.ts';
import { digitsOf } from '../digits.ts';
import type { Geometry } from '../geometry.ts';
import { codeCell, codeDigit, type Finding } from './finding.ts';
import type { Lang } from '../../core/lang.ts';
import type { Text } from './step-schema.ts';


/** Build a Text by calling `f` once per language. */
export function both(f: (lang: Lang) => string): Text {
  return { en: f('en'), de: f('de') };
}

/** "r3c5": the one cell name (sudoku/check.ts), beside the other words of a step. */
export { cellName };

/** "a, b and c" / "a, b und c". */
export function joinList(items: readonly string[], lang: Lang): string {
  if (items.length <= 1) return items[0] ?? '';
  const and = lang === 'en' ? ' and ' : ' und ';
  return items.slice(0, -1).join(', ') + and + items[items.length - 1];
}

export function cellList(n: number, cells: ArrayLike<number>, lang: Lang): string {
  return joinList(Array.from(cells, (c) => cellName(n, c)), lang);
}

const KIND_WORDS = {
  en: { row: ['row', 'rows'], column: ['column', 'columns'], region: ['block', 'blocks'] },
  de: { row: ['Zeile', 'Zeilen'], column: ['Spalte', 'Spalten'], region: ['Block', 'Blöcke'] },
} as const;

/** "row 3" / "Zeile 3". */
export function houseName(g: Geometry, h: number, lang: Lang): string {
  return `${KIND_WORDS[lang][g.houseKind(h)][0]} ${g.houseIndex(h) + 1}`;
}

/** "rows 2 and 7" / "Zeilen 2 und 7" for houses of one kind, else a list of house names. */
export function housesName(g: Geometry, houses: ArrayLike<number>, lang: Lang): string {
  const hs = Array.from(houses);
  if (hs.length === 1) return houseName(g, hs[0]!, lang);
  const kind = g.houseKind(hs[0]!);
  if (hs.every((h) => g.houseKind(h) === kind)) {
    return `${KIND_WORDS[lang][kind][1]} ${joinList(hs.map((h) => String(g.houseIndex(h) + 1)), lang)}`;
  }
  return joinList(hs.map((h) => houseName(g, h, lang)), lang);
}

/** "3 and 7" / "3 und 7". */
export function digitList(set: number, lang: Lang): string {
  return joinList(digitsOf(set).map(String), lang);
}

/** "die 3 und die 7" (German digits with their article). */
export function digitsWithArticle(digits: readonly number[], lang: Lang): string {
  return joinList(digits.map((d) => (lang === 'de' ? `die ${d}` : String(d))), lang);
}

/**
 * The closing clause of a step: "so 7 can be removed from r1c1 and r2c3, and 4 from r5c5" /
 * "also können die 7 aus r1c1 und r2c3 sowie die 4 aus r5c5 gestrichen werden". Eliminations are
 * grouped by digit, or by cell when that gives fewer groups.
 */
export function removalClause(g: Geometry, f: Finding, lang: Lang): string {
  const n = g.size;
  const codes = Array.from(f.elims.subarray(0, f.elimCount)).sort((a, b) => codeDigit(a) - codeDigit(b) || a - b);
  const byDigit = new Map<number, number[]>();
  const byCell = new Map<number, number[]>();
  for (const code of codes) {
    const d = codeDigit(code);
    const c = codeCell(code);
    if (!byDigit.has(d)) byDigit.set(d, []);
    byDigit.get(d)!.push(c);
    if (!byCell.has(c)) byCell.set(c, []);
    byCell.get(c)!.push(d);
  }
  const groups: Array<{ digits: number[]; cells: number[] }> =
    byCell.size < byDigit.size
      ? [...byCell.entries()].sort((a, b) => a[0] - b[0]).map(([c, ds]) => ({ digits: ds, cells: [c] }))
      : [...byDigit.entries()].map(([d, cs]) => ({ digits: [d], cells: cs }));
  const parts = groups.map((grp) => `${digitsWithArticle(grp.digits, lang)} ${lang === 'en' ? 'from' : 'aus'} ${cellList(n, grp.cells, lang)}`);
  const plural = groups.length > 1 || groups[0]!.digits.length > 1;
  if (lang === 'en') {
    const all = [parts[0]!.replace(/ from /, ' can be removed from '), ...parts.slice(1)];
    return 'so ' + (all.length === 1 ? all[0]! : all.slice(0, -1).join(', ') + ', and ' + all[all.length - 1]);
  }
  const list = parts.length === 1 ? parts[0]! : parts.slice(0, -1).join(', ') + ' sowie ' + parts[parts.length - 1];
  return `also ${plural ? 'können' : 'kann'} ${list} gestrichen werden`;
}

/** "Name: body, removal." in both languages. */
export function eliminationText(g: Geometry, f: Finding, name: Text, body: (lang: Lang) => string): Text {
  return both((lang) => `${name[lang]}: ${body(lang)}, ${removalClause(g, f, lang)}.`);
}
