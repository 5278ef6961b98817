/**
 * Text measurement with the shipped font, so labels and clue texts can be fitted and wrapped
 * before the picture is drawn (an SVG has no layout engine; resvg draws exactly what we place).
 *
 * The widths come from the font files themselves: `cmap` (format 4, the Basic Multilingual Plane)
 * maps a character to its glyph, `hmtx` gives the glyph's advance, `head.unitsPerEm` the scale.
 * Kerning is ignored (a few per cent at most); callers leave a small margin.
 *
 *   TrueType table directory        offset 12, 16 bytes per table: tag, checksum, offset, length
 *   head   +18  unitsPerEm (u16)
 *   hhea   +34  numberOfHMetrics (u16)
 *   hmtx        numberOfHMetrics × (advanceWidth u16, lsb i16); later glyphs reuse the last advance
 *   cmap   +4   encoding records (platform u16, encoding u16, offset u32) → subtable format 4:
 *               segCountX2, then endCode[], pad, startCode[], idDelta[], idRangeOffset[], glyphIds
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const FONT_FILES = {
  regular: fileURLToPath(new URL('./fonts/DejaVuSans.ttf', import.meta.url)),
  bold: fileURLToPath(new URL('./fonts/DejaVuSans-Bold.ttf', import.meta.url)),
} as const;

export type Weight = keyof typeof FONT_FILES;

interface Metrics {
  unitsPerEm: number;
  /** Advance in font units per BMP code point (0 = not in the font). */
  advance: Uint16Array;
  /** Advance of glyph 0 (.notdef): what a missing character occupies. */
  missing: number;
}

const loaded = new Map<Weight, Metrics>();

function metrics(weight: Weight): Metrics {
  let m = loaded.get(weight);
  if (!m) {
    m = parseMetrics(readFileSync(FONT_FILES[weight]));
    loaded.set(weight, m);
  }
  return m;
}

/** Advance widths of every BMP character the font maps. Throws on a file that is not a TrueType font. */
export function parseMetrics(font: Buffer): Metrics {
  const tables = new Map<string, number>();
  const count = font.readUInt16BE(4);
  for (let i = 0; i < count; i++) {
    const at = 12 + 16 * i;
    tables.set(font.toString('latin1', at, at + 4), font.readUInt32BE(at + 8));
  }
  const table = (tag: string) => {
    const at = tables.get(tag);
    if (at === undefined) throw new Error(`font has no ${tag} table`);
    return at;
  };
  const unitsPerEm = font.readUInt16BE(table('head') + 18);
  const hMetrics = font.readUInt16BE(table('hhea') + 34);
  const hmtx = table('hmtx');
  const glyphAdvance = (glyph: number) => font.readUInt16BE(hmtx + 4 * Math.min(glyph, hMetrics - 1));

  const cmap = table('cmap');
  let sub = -1;
  const records = font.readUInt16BE(cmap + 2);
  for (let i = 0; i < records; i++) {
    const at = cmap + 4 + 8 * i;
    const platform = font.readUInt16BE(at);
    const encoding = font.readUInt16BE(at + 2);
    const offset = cmap + font.readUInt32BE(at + 4);
    if (font.readUInt16BE(offset) === 4 && ((platform === 3 && encoding === 1) || platform === 0)) {
      sub = offset;
      if (platform === 3) break;
    }
  }
  if (sub < 0) throw new Error('font has no format-4 cmap');
  const segments = font.readUInt16BE(sub + 6) / 2;
  const ends = sub + 14;
  const starts = ends + 2 * segments + 2;
  const deltas = starts + 2 * segments;
  const rangeOffsets = deltas + 2 * segments;
  const advance = new Uint16Array(0x10000);
  for (let s = 0; s < segments; s++) {
    const end = font.readUInt16BE(ends + 2 * s);
    const start = font.readUInt16BE(starts + 2 * s);
    const delta = font.readUInt16BE(deltas + 2 * s);
    const rangeAt = rangeOffsets + 2 * s;
    const range = font.readUInt16BE(rangeAt);
    for (let code = start; code <= end && code < 0xffff; code++) {
      let glyph: number;
      if (range === 0) {
        glyph = (code + delta) & 0xffff;
      } else {
        const raw = font.readUInt16BE(rangeAt + range + 2 * (code - start));
        glyph = raw === 0 ? 0 : (raw + delta) & 0xffff;
      }
      if (glyph !== 0) advance[code] = glyphAdvance(glyph);
    }
  }
  return { unitsPerEm, advance, missing: glyphAdvance(0) };
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
