import { expect, test } from 'vitest';
import { playerForm } from '../../src/numbridge-board/board-file.ts';
import { murderPicture } from '../../src/render/murder/index.ts';
import { numbridgePicture } from '../../src/render/numbridge.ts';
import { svgToPng } from '../../src/render/png.ts';
import { pngSize } from '../helpers/png.ts';
import { svgDocument, text } from '../../src/render/svg.ts';
import { boardRegular9, murderCase } from './samples.ts';

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

test('a board picture rasterises to a PNG of the picture size times the scale', () => {
  const picture = numbridgePicture(playerForm(boardRegular9()), { solution: false, lang: 'en' });
  const png = svgToPng(picture.svg, { scale: 2 });
  expect([...png.subarray(0, 8)]).toEqual(SIGNATURE);
  expect(pngSize(png)).toEqual({ width: picture.width * 2, height: picture.height * 2 });
  expect(png.length).toBeGreaterThan(20_000);
});

test('a case picture rasterises too (German text, icons, hatches)', () => {
  const picture = murderPicture(murderCase(6), { solution: true, lang: 'de' });
  const png = svgToPng(picture.svg, { scale: 1 });
  expect(pngSize(png)).toEqual({ width: picture.width, height: picture.height });
});

test('text is drawn with the shipped font whatever family the SVG names (no system fonts)', () => {
  const blank = svgToPng(svgDocument(120, 40, 't', '').svg, { scale: 1 });
  const withText = svgToPng(svgDocument(120, 40, 't', text(6, 28, 'Größe 123', { 'font-size': 20, 'font-family': 'No Such Font' })).svg, { scale: 1 });
  expect(withText.equals(blank)).toBe(false);
  expect(pngSize(Buffer.from('not a png'))).toBeNull();
  expect(() => svgToPng('<svg', { scale: 1 })).toThrow();
  expect(() => svgToPng(svgDocument(10, 10, 't', '').svg, { scale: 0 })).toThrow(RangeError);
});
