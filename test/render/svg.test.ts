import { describe, expect, test } from 'vitest';
import { esc, num, svgDocument, text } from '../../src/render/svg.ts';
import { fitSize, fontCovers, textWidth, wrapText } from '../../src/render/text.ts';
import { wellFormed } from './svg-helpers.ts';

describe('the drawing layer', () => {
  test.each([
    ['a & b', 'a &amp; b'],
    ['<script>', '&lt;script&gt;'],
    [`Zoë "Zo" O'Neil`, 'Zoë &quot;Zo&quot; O&#39;Neil'],
    ['Größe „Ä“ – ♀', 'Größe „Ä“ – ♀'],
    ['bell\u0007 and nul\u0000', 'bell and nul'],
  ])('esc(%j) = %j', (input, expected) => {
    expect(esc(input)).toBe(expected);
  });

  test('numbers: two decimals at most, no -0, the same bytes for the same value', () => {
    expect(num(1 / 3)).toBe('0.33');
    expect(num(-0.001)).toBe('0');
    expect(num(12)).toBe('12');
    expect(num(41.56921938165306)).toBe('41.57');
    expect(() => num(Number.NaN)).toThrow(RangeError);
  });

  test('a document with hostile text stays well-formed', () => {
    const doc = svgDocument(100, 40, `a "title" <with> & 'quotes'`, text(5, 20, `</text><script>alert(1)</script> & "x"`));
    expect(wellFormed(doc.svg)).toBe(true);
    expect(doc.svg).not.toContain('<script>');
    expect(doc.svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" width="100" height="40"')).toBe(true);
  });
});

describe('text metrics of the shipped font', () => {
  test('digits share one advance; wide letters are wider than narrow ones', () => {
    const widths = '123456789'.split('').map((d) => textWidth(d, 20));
    expect(new Set(widths.map((w) => w.toFixed(3))).size).toBe(1);
    expect(textWidth('W', 12)).toBeGreaterThan(textWidth('i', 12) * 2);
    expect(textWidth('Hello', 10)).toBeCloseTo(25.35, 1);
  });

  test('the font covers German text and the symbols the pictures use', () => {
    expect(fontCovers('Größe Bücherregal Täter „Zitat“ – ♀ ♂ → ★ ×')).toBe(true);
    expect(fontCovers('𝄞')).toBe(false);
  });

  test('wrapping keeps every line within the width and every word', () => {
    const textIn = 'Sie war mit einer anderen Frau im Gepäckraum und stand neben einem Bücherregal.';
    const lines = wrapText(textIn, 140, 12);
    expect(lines.length).toBeGreaterThan(2);
    for (const l of lines) expect(textWidth(l, 12)).toBeLessThanOrEqual(140);
    expect(lines.join(' ')).toBe(textIn);
    expect(wrapText('Donaudampfschifffahrtsgesellschaft', 60, 12).every((l) => textWidth(l, 12) <= 60)).toBe(true);
  });

  test('fitSize finds the largest size that fits, or null', () => {
    const size = fitSize('Zuschauerraum', 80, 14, 6, 'bold')!;
    expect(textWidth('Zuschauerraum', size, 'bold')).toBeLessThanOrEqual(80);
    expect(textWidth('Zuschauerraum', size + 0.5, 'bold')).toBeGreaterThan(80);
    expect(fitSize('Zuschauerraum', 10, 14, 6)).toBeNull();
  });
});
