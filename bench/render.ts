/**
 * `npm run bench -- render`: what a picture costs. Per picture kind: building the SVG (median of
 * repeated builds) and rasterising it to PNG at scale 2 (resvg, shipped fonts), with the sizes of
 * both; the one-time costs (decoding the font metrics, loading resvg); and per interchange format
 * the cost of an export and of an import (which solves, proves and grades the board).
 */
import { performance } from 'node:perf_hooks';
import { dealDomino } from '../src/games/domino/files.ts';
import { recordFromText } from '../src/games/domino/record.ts';
import { parseRecordText } from '../src/games/domino/record-text.ts';
import { dealKosmos } from '../src/games/kosmos/deal.ts';
import { generateCase } from '../src/murder/generate.ts';
import { generateBoard } from '../src/numbridge-board/generate.ts';
import { dominoRecordPicture } from '../src/render/games/domino.ts';
import { boardFileOf } from '../src/render/interchange/board.ts';
import { exportBoard, importItem, TARGETS } from '../src/render/interchange/index.ts';
import type { PictureOptions } from '../src/render/picture.ts';
import { pictureOf } from '../src/render/pictures.ts';
import { svgToPng } from '../src/render/png.ts';
import type { Picture } from '../src/render/svg.ts';
import { textWidth } from '../src/render/text.ts';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { median, table } from './results.ts';

function time(runs: number, f: () => void): number {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    f();
    samples.push(performance.now() - t0);
  }
  return median(samples);
}

export async function run(): Promise<string> {
  const t0 = performance.now();
  textWidth('x', 10);
  const fontLoad = performance.now() - t0;
  const t1 = performance.now();
  svgToPng('<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/>', { scale: 1 });
  const resvgLoad = performance.now() - t1;

  const board9r = generateBoard({ size: 9, blocks: 'regular', givens: 30 }, 'bench-render/9r');
  const board9i = generateBoard({ size: 9, blocks: 'irregular', givens: 30 }, 'bench-render/9i');
  const board6 = generateBoard({ size: 6, blocks: 'regular', givens: 14 }, 'bench-render/6r');
  const sheet = fileURLToPath(new URL('../test/fixtures/domino-example.txt', import.meta.url));
  const record = recordFromText(parseRecordText(readFileSync(sheet, 'utf8'), sheet));
  const opts: PictureOptions = { solution: true, lang: 'de' };
  const draw = (file: object) => () => pictureOf(file, { source: 'bench' }, opts).picture;
  const pictures: Array<[string, () => Picture]> = [
    ['Numbridge 9×9 regular', draw(board9r)],
    ['Numbridge 9×9 irregular', draw(board9i)],
    ['Numbridge 6×6 Blitz', draw(board6)],
    ['Murder 4×4', draw(generateCase({ size: 4, level: 'easy', robust: false }, 'bench-render/m4'))],
    ['Murder 6×6', draw(generateCase({ size: 6, level: 'medium', robust: false }, 'bench-render/m6'))],
    ['Murder 9×9', draw(generateCase({ size: 9, level: 'hard', robust: false }, 'bench-render/m9'))],
    ['Kosmos deal', draw(dealKosmos(2, 'bench-render'))],
    ['Domino deal', draw(dealDomino(4, 'bench-render'))],
    ['Domino record (the sheet\'s game)', () => dominoRecordPicture(record, 'example', opts)],
  ];
  const rows = pictures.map(([name, make]) => {
    const picture = make();
    const svgMs = time(40, make);
    const png = svgToPng(picture.svg);
    const pngMs = time(8, () => svgToPng(picture.svg));
    return [name, `${picture.width}×${picture.height}`, svgMs.toFixed(2), (picture.svg.length / 1024).toFixed(1), pngMs.toFixed(1), (png.length / 1024).toFixed(0)];
  });

  const where = { source: 'bench' };
  const formats = TARGETS.map((target) => {
    const text = exportBoard(board9i, target, { solution: false });
    const exportUs = time(200, () => exportBoard(board9i, target, { solution: false })) * 1000;
    const item = text.startsWith('{') ? { kind: 'json' as const, value: JSON.parse(text) as unknown, where } : { kind: 'line' as const, text, where };
    const importMs = time(20, () => boardFileOf(importItem(item, 'auto'), where));
    return [target, text.length, exportUs.toFixed(0), importMs.toFixed(2)];
  });

  return [
    '## Pictures and interchange (`bench/render.ts`)',
    '',
    `Median of 40 SVG builds and 8 PNG rasterisations (scale 2, resvg, shipped DejaVu fonts) per picture, with the solution drawn, in German. One-time costs in a fresh process: font metrics ${fontLoad.toFixed(1)} ms (the regular weight's embedded widths decoded on first use), resvg load and first render ${resvgLoad.toFixed(1)} ms.`,
    '',
    table(['picture', 'size (px)', 'SVG ms', 'SVG kB', 'PNG ms', 'PNG kB'], rows),
    '',
    'Export and import of one irregular 9×9 board (median of 200 exports and 20 imports; the import counts the solutions, proves and grades the board and checks the schema):',
    '',
    table(['format', 'characters', 'export µs', 'import ms'], formats),
  ].join('\n');
}
