/**
 * Text measurement with the shipped font, so labels and clue texts can be fitted and wrapped
 * before the picture is drawn (an SVG has no layout engine; resvg draws exactly what we place).
 *
 * The widths are the font files' own (`cmap` + `hmtx`, read by font-files.ts), embedded in
 * font-metrics.ts, so measuring reads no file: a browser draws the same bytes as Node. Kerning
 * is ignored (a few per cent at most); callers leave a small margin.
 *
 * The embedded form, per weight: runs of consecutive code points, `|` between runs, each
 * `START:A,A,A*N,…` — START in hex, each advance in base 36, `*N` for N equal advances in a row.
 */
import { getOrMake } from '../core/memo.ts';
import { FONT_METRICS } from './font-metrics.ts';

export type Weight = keyof typeof FONT_METRICS;

export interface Metrics {
  unitsPerEm: number;
  /** Advance in font units per BMP code point (0 = not in the font). */
  advance: Uint16Array;
  /** Advance of glyph 0 (.notdef): what a missing character occupies. */
  missing: number;
}

const loaded = new Map<Weight, Metrics>();

function metrics(weight: Weight): Metrics {
  return getOrMake(loaded, weight, decodeMetrics);
}

function decodeMetrics(weight: Weight): Metrics {
  const embedded = FONT_METRICS[weight];
  return { unitsPerEm: embedded.unitsPerEm, missing: embedded.missing, advance: decodeAdvances(embedded.advances) };
}

/** The embedded form of a per-code-point advance table (see the header). */
export function encodeAdvances(advance: Uint16Array): string {
  const runs: string[] = [];
  let code = 0;
  while (code < advance.length) {
    if (advance[code] === 0) {
      code++;
      continue;
    }
    const values: string[] = [];
    const start = code;
    while (code < advance.length && advance[code] !== 0) {
      const value = advance[code]!;
      let repeat = 1;
      while (advance[code + repeat] === value) repeat++;
      values.push(value.toString(36) + (repeat > 1 ? `*${repeat}` : ''));
      code += repeat;
    }
    runs.push(`${start.toString(16)}:${values.join(',')}`);
  }
  return runs.join('|');
}

/** The advance table back from its embedded form. */
export function decodeAdvances(encoded: string): Uint16Array {
  const advance = new Uint16Array(0x10000);
  for (const run of encoded.split('|')) {
    const [start, values] = run.split(':') as [string, string];
    let code = parseInt(start, 16);
    for (const item of values.split(',')) {
      const [value, repeat] = item.split('*');
      advance.fill(parseInt(value!, 36), code, code + (repeat === undefined ? 1 : Number(repeat)));
      code += repeat === undefined ? 1 : Number(repeat);
    }
  }
  return advance;
}

/** Width of `content` set in the shipped font at `size` px. */
export function textWidth(content: string, size: number, weight: Weight = 'regular'): number {
  const m = metrics(weight);
  let units = 0;
  for (const ch of content) {
    const code = ch.codePointAt(0)!;
    const a = code < 0x10000 ? m.advance[code]! : 0;
    units += a === 0 ? m.missing : a;
  }
  return (units * size) / m.unitsPerEm;
}

/** True when every character of `content` has a glyph in the shipped font. */
export function fontCovers(content: string, weight: Weight = 'regular'): boolean {
  const m = metrics(weight);
  for (const ch of content) {
    const code = ch.codePointAt(0)!;
    if (/\s/.test(ch)) continue;
    if (code >= 0x10000 || m.advance[code] === 0) return false;
  }
  return true;
}

/**
 * Break `content` into lines no wider than `maxWidth` at spaces; a single word wider than the
 * line is split between characters (names and clue texts are short, so this is rare).
 */
export function wrapText(content: string, maxWidth: number, size: number, weight: Weight = 'regular'): string[] {
  const words = content.split(/\s+/).filter((w) => w !== '');
  const lines: string[] = [];
  let current = '';
  for (const word of words) {
    const candidate = current === '' ? word : `${current} ${word}`;
    if (textWidth(candidate, size, weight) <= maxWidth) {
      current = candidate;
      continue;
    }
    if (current !== '') lines.push(current);
    current = '';
    let rest = word;
    while (textWidth(rest, size, weight) > maxWidth) {
      let cut = rest.length - 1;
      while (cut > 1 && textWidth(rest.slice(0, cut), size, weight) > maxWidth) cut--;
      lines.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    current = rest;
  }
  if (current !== '') lines.push(current);
  return lines.length > 0 ? lines : [''];
}

/** The largest size from `max` down to `min` (steps of 0.5) at which `content` fits `maxWidth`, or null. */
export function fitSize(content: string, maxWidth: number, max: number, min: number, weight: Weight = 'regular'): number | null {
  for (let size = max; size >= min; size -= 0.5) {
    if (textWidth(content, size, weight) <= maxWidth) return size;
  }
  return null;
}
