/**
 * Solve time by level (`puzzlemill stats --format svg`): one box per level of each kind and size —
 * quartiles, the median as a bar, Tukey's whiskers — on a logarithmic time axis, since a hard
 * puzzle's times spread over minutes where an easy one's spread over seconds. The figures come
 * from src/server/stats (the CLI hands them over); here they are only drawn.
 */
import type { Lang } from '../core/lang.ts';
import { levelName } from './labels.ts';
import { LEVEL_COLOURS } from './daily-overview.ts';
import { GRID_LINE, INK, MUTED } from './palette.ts';
import { line, rect, svgDocument, text, type Picture } from './svg.ts';
import { textWidth } from './text.ts';

/** One box: a level of a kind and size, and its solve times (seconds), or null when nobody solved. */
export interface TimeBox {
  kind: string;
  size: number | null;
  /** The level's English word (easy … extreme), or null. */
  levelName: string | null;
  level: number | null;
  solved: number;
  seconds: { q1: number; median: number; q3: number; low: number; high: number } | null;
}

const WORDS: Readonly<Record<Lang, { title: string; axis: string; solves: string; none: string }>> = {
  en: { title: 'Solve time by level', axis: 'time to solve (log scale)', solves: 'solves', none: 'no play recorded' },
  de: { title: 'Lösungszeit nach Stufe', axis: 'Zeit bis zur Lösung (log. Skala)', solves: 'Lösungen', none: 'kein Spiel erfasst' },
};

/** Axis ticks, seconds: from 10 s to a day. */
const TICKS = [10, 30, 60, 120, 300, 600, 1200, 1800, 3600, 7200, 14_400, 28_800, 86_400];

function tickLabel(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  if (seconds < 3600) return `${seconds / 60} min`;
  return `${seconds / 3600} h`;
}

function boxLabel(b: TimeBox, lang: Lang): string {
  const size = b.size !== null ? ` ${b.size}×${b.size}` : '';
  const level = b.levelName !== null ? levelName(b.levelName, lang) : b.level !== null ? String(b.level) : '';
  return `${b.kind}${size} ${level}`.trim();
}

export function solveTimePlot(boxes: readonly TimeBox[], lang: Lang): Picture {
  const words = WORDS[lang];
  const pad = 16;
  const plotH = 320;
  const boxW = 34;
  const slot = Math.max(64, ...boxes.map((b) => textWidth(boxLabel(b, lang), 11) * 0.72 + 8));
  const axisW = 64;
  const top = pad + 48;
  const timed = boxes.flatMap((b) => (b.seconds ? [b.seconds.low, b.seconds.high] : []));
  // the axis spans the ticks around every whisker (at least one decade)
  const lo = Math.max(1, Math.min(...timed, 60));
  const hi = Math.max(...timed, lo * 10);
  const ticks = TICKS.filter((t, i) => t >= (TICKS.findLast((x) => x <= lo) ?? TICKS[0]!) && (TICKS[i - 1] ?? 0) < hi);
  const logLo = Math.log(ticks[0]!);
  const logHi = Math.log(Math.max(ticks.at(-1)!, hi));
  const y = (seconds: number) => top + plotH - ((Math.log(Math.max(seconds, ticks[0]!)) - logLo) / (logHi - logLo)) * plotH;
  const left = pad + axisW;
  const width = left + Math.max(1, boxes.length) * slot + pad;
  const parts: string[] = [text(pad, pad + 16, words.title, { 'font-size': 16, 'font-weight': 'bold', fill: INK })];
  parts.push(text(pad, top - 14, words.axis, { 'font-size': 11, fill: MUTED }));
  for (const t of ticks) {
    parts.push(line(left, y(t), width - pad, y(t), { stroke: GRID_LINE, 'stroke-width': 1 }));
    parts.push(text(left - 6, y(t) + 4, tickLabel(t), { 'font-size': 11, fill: MUTED, 'text-anchor': 'end' }));
  }
  if (boxes.length === 0) parts.push(text(left + 8, top + plotH / 2, words.none, { 'font-size': 12, fill: MUTED }));
  boxes.forEach((b, i) => {
    const cx = left + i * slot + slot / 2;
    const fill = (b.levelName !== null ? LEVEL_COLOURS[b.levelName] : undefined) ?? '#e9ecef';
    if (b.seconds) {
      const s = b.seconds;
      parts.push(line(cx, y(s.low), cx, y(s.q1), { stroke: INK, 'stroke-width': 1 }));
      parts.push(line(cx, y(s.q3), cx, y(s.high), { stroke: INK, 'stroke-width': 1 }));
      for (const end of [s.low, s.high]) parts.push(line(cx - boxW / 4, y(end), cx + boxW / 4, y(end), { stroke: INK, 'stroke-width': 1 }));
      parts.push(rect(cx - boxW / 2, y(s.q3), boxW, Math.max(1, y(s.q1) - y(s.q3)), { fill, stroke: INK, 'stroke-width': 1 }));
      parts.push(line(cx - boxW / 2, y(s.median), cx + boxW / 2, y(s.median), { stroke: INK, 'stroke-width': 2.5 }));
    }
    const below = top + plotH + 14;
    // labels turned, so long kind names fit under narrow boxes
    parts.push(text(cx, below, boxLabel(b, lang), { 'font-size': 11, fill: INK, 'text-anchor': 'end', transform: `rotate(-40 ${cx} ${below})` }));
    parts.push(text(cx, top + plotH + 2 - 4, `${b.solved}`, { 'font-size': 9, fill: MUTED, 'text-anchor': 'middle' }));
  });
  const labelDrop = Math.max(40, ...boxes.map((b) => textWidth(boxLabel(b, lang), 11) * 0.65 + 10));
  const legendY = top + plotH + labelDrop + 14;
  parts.push(text(pad, legendY, `${lang === 'de' ? 'Zahl über der Achse' : 'number above the axis'}: ${words.solves}; ${lang === 'de' ? 'Kasten: Quartile, Strich: Median, Antennen: 1,5 IQR' : 'box: quartiles, bar: median, whiskers: 1.5 IQR'}`, { 'font-size': 11, fill: MUTED }));
  return svgDocument(Math.max(width, pad * 2 + textWidth(words.title, 16) + 40), legendY + pad, words.title, parts);
}
