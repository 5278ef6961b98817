/**
 * text.ts measures with widths embedded in font-metrics.ts (no file reads, so the browser entry
 * draws what Node draws); they must be exactly the shipped font files' own.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { FONT_FILES, metricsModuleText, parseMetrics } from '../../src/render/font-files.ts';
import { FONT_METRICS } from '../../src/render/font-metrics.ts';
import { decodeAdvances, encodeAdvances, textWidth } from '../../src/render/text.ts';

describe('embedded font metrics', () => {
  test('src/render/font-metrics.ts is what the font files give (else: node --import tsx src/render/font-files.ts --write)', () => {
    const written = readFileSync(new URL('../../src/render/font-metrics.ts', import.meta.url), 'utf8');
    expect(written === metricsModuleText(), 'font-metrics.ts is stale: run node --import tsx src/render/font-files.ts --write').toBe(true);
  });

  test.each(['regular', 'bold'] as const)('%s: every BMP advance decodes to the TTF tables', (weight) => {
    const fromFile = parseMetrics(readFileSync(FONT_FILES[weight]));
    const embedded = FONT_METRICS[weight];
    expect(embedded.unitsPerEm).toBe(fromFile.unitsPerEm);
    expect(embedded.missing).toBe(fromFile.missing);
    expect(decodeAdvances(embedded.advances)).toEqual(fromFile.advance);
  });

  test('encode and decode are inverse on a table with gaps, repeats and the last code point', () => {
    const advance = new Uint16Array(0x10000);
    advance.set([500, 500, 500, 7, 0, 0, 1229], 0x20);
    advance[0xfffe] = 35;
    expect(decodeAdvances(encodeAdvances(advance))).toEqual(advance);
  });

  test('widths are measured from the embedded table (DejaVu Sans: "W" is 2025 units, 12 px → 11.87 px)', () => {
    expect(textWidth('W', 2048)).toBe(2025);
    expect(textWidth('Küche', 12)).toBeCloseTo((12 * [...'Küche'].reduce((s, ch) => s + decodeAdvances(FONT_METRICS.regular.advances)[ch.codePointAt(0)!]!, 0)) / 2048);
  });
});
