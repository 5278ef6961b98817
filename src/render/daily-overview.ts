/**
 * The daily set at a glance (`daily --overview`): days × slots, each cell the puzzle's kind and
 * size and its level, as a text table and as an SVG calendar with a colour per level. The data
 * comes from the daily corpus (src/pipeline/daily-overview.ts reads it); here it is only drawn.
 */
import type { Lang } from '../core/lang.ts';
import { capital, levelName } from './labels.ts';
import { GRID_LINE, INK, MUTED } from './palette.ts';
import { rect, svgDocument, text, type Picture } from './svg.ts';
import { textWidth } from './text.ts';

/** One puzzle of a day: its kind, size (N of N×N) and level name (English id: easy … extreme). */
export interface OverviewCell {
  kind: string;
  size?: number;
  level?: string;
  /** Not made yet: what the plan means to make (drawn in parentheses, without its level's colour). */
  planned?: boolean;
}

export interface OverviewDay {
  /** YYYY-MM-DD. */
  date: string;
  /** False when the day has not been made yet (its cells are all null). */
  made: boolean;
  /** One per slot of the overview, null where the day has no puzzle in that slot. */
  cells: ReadonlyArray<OverviewCell | null>;
}

export interface Overview {
  slots: readonly string[];
  days: readonly OverviewDay[];
}

const WEEKDAYS: Readonly<Record<Lang, readonly string[]>> = {
  en: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
  de: ['So', 'Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa'],
};

const HEAD: Readonly<Record<Lang, { date: string; day: string; title: string; notMade: string }>> = {
  en: { date: 'date', day: 'day', title: 'Daily puzzles', notMade: 'not made yet' },
  de: { date: 'Datum', day: 'Tag', title: 'Tagesrätsel', notMade: 'noch nicht gemacht' },
};

/** Level colours, light to dark as the levels climb (readable black text on each). */
export const LEVEL_COLOURS: Readonly<Record<string, string>> = {
  easy: '#d3f9d8',
  medium: '#fff3bf',
  hard: '#ffd8a8',
  fiendish: '#ffa8a8',
  extreme: '#e599f7',
};
const NO_LEVEL = '#e9ecef';
const NOT_MADE = '#ffffff';

export function weekdayName(date: string, lang: Lang): string {
  return WEEKDAYS[lang][new Date(date + 'T00:00:00Z').getUTCDay()]!;
}

/** A cell's text: "4×4 easy", "(4×4 easy)" where it is only planned, "—" where the day has no such slot. */
export function cellText(cell: OverviewCell | null, lang: Lang): string {
  if (!cell) return '—';
  const size = cell.size !== undefined ? `${cell.size}×${cell.size}` : cell.kind;
  const text = cell.level !== undefined ? `${size} ${levelName(cell.level, lang)}` : size;
  return cell.planned ? `(${text})` : text;
}

/** The overview as a text table, columns padded with spaces (one line per day, a header line first). */
export function overviewTable(o: Overview, lang: Lang): string {
  const rows = [
    [HEAD[lang].date, HEAD[lang].day, ...o.slots],
    ...o.days.map((d) => [d.date, weekdayName(d.date, lang), ...d.cells.map((c) => cellText(c, lang))]),
  ];
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => [...r[i]!].length)));
  return rows.map((r) => r.map((cell, i) => (i === r.length - 1 ? cell : cell + ' '.repeat(widths[i]! - [...cell].length))).join('  ').trimEnd()).join('\n') + '\n';
}

/** The overview as an SVG calendar: a row per day, a column per slot, each cell filled with its level's colour, a legend below. */
export function overviewSvg(o: Overview, lang: Lang): Picture {
  const pad = 12;
  const rowH = 30;
  const size = 12;
  const dateW = Math.max(...o.days.map((d) => textWidth(`${weekdayName(d.date, lang)} ${d.date}`, size)), textWidth(HEAD[lang].date, size)) + 16;
  const colW = Math.max(84, ...o.slots.map((s) => textWidth(s, 11) + 12), ...o.days.flatMap((d) => d.cells.map((c) => textWidth(cellText(c, lang), size) + 12)));
  const top = pad + 28 + rowH; // title, then the slot names
  const parts: string[] = [];
  parts.push(text(pad, pad + 16, `${HEAD[lang].title} ${o.days[0]?.date ?? ''} – ${o.days.at(-1)?.date ?? ''}`, { 'font-size': 16, 'font-weight': 'bold', fill: INK }));
  o.slots.forEach((s, j) => parts.push(text(pad + dateW + j * colW + colW / 2, top - 10, s, { 'font-size': 11, fill: MUTED, 'text-anchor': 'middle' })));
  o.days.forEach((d, i) => {
    const y = top + i * rowH;
    parts.push(text(pad, y + rowH / 2 + 4, `${weekdayName(d.date, lang)} ${d.date}`, { 'font-size': size, fill: d.made ? INK : MUTED }));
    d.cells.forEach((c, j) => {
      const x = pad + dateW + j * colW;
      const fill = !c || c.planned ? NOT_MADE : (c.level !== undefined ? LEVEL_COLOURS[c.level] : undefined) ?? NO_LEVEL;
      parts.push(rect(x, y, colW, rowH, { fill, stroke: GRID_LINE, 'stroke-width': 1 }));
      parts.push(text(x + colW / 2, y + rowH / 2 + 4, cellText(c, lang), { 'font-size': size, fill: c && !c.planned ? INK : MUTED, 'text-anchor': 'middle' }));
    });
  });
  // the legend: every level's colour and name, and the blank of a day not made
  const legendY = top + o.days.length * rowH + 16;
  let x = pad;
  for (const [level, colour] of [...Object.entries(LEVEL_COLOURS), ['', NOT_MADE] as const]) {
    const label = level ? capital(levelName(level, lang)) : `(…) ${HEAD[lang].notMade}: ${lang === 'de' ? 'der Plan' : 'the plan'}`;
    parts.push(rect(x, legendY, 14, 14, { fill: colour, stroke: GRID_LINE, 'stroke-width': 1 }));
    parts.push(text(x + 20, legendY + 11, label, { 'font-size': 11, fill: INK }));
    x += 20 + textWidth(label, 11) + 18;
  }
  const width = Math.max(pad * 2 + dateW + o.slots.length * colW, x + pad);
  return svgDocument(width, legendY + 14 + pad, `${HEAD[lang].title} ${o.days[0]?.date ?? ''} – ${o.days.at(-1)?.date ?? ''}`, parts);
}
