/**
 * SVG → PNG through resvg (`@resvg/resvg-js`, a Rust rasteriser shipped as a prebuilt binary in
 * its npm package). Only the fonts in src/render/fonts/ are loaded — system fonts are off — so
 * the same SVG gives the same pixels on every machine.
 *
 * Loaded lazily: SVG output, the HTML page and the exporters never pay for the native module.
 */
import { createRequire } from 'node:module';
import { FONT_FILES } from './font-files.ts';
import { renderSvg } from './index.ts';
import type { PictureOptions } from './picture.ts';

type ResvgModule = typeof import('@resvg/resvg-js');
let resvg: ResvgModule | null = null;

function rasteriser(): ResvgModule {
  if (!resvg) resvg = createRequire(import.meta.url)('@resvg/resvg-js') as ResvgModule;
  return resvg;
}

export interface PngOptions {
  /** Pixels per SVG unit (default 2: sharp on high-density screens and in print). */
  scale?: number;
}

/** Rasterise one SVG document with the shipped fonts. */
export function svgToPng(svg: string, options: PngOptions = {}): Buffer {
  const scale = options.scale ?? 2;
  if (!(scale > 0 && scale <= 8)) throw new RangeError(`scale ${scale}: must be above 0 and at most 8`);
  const { Resvg } = rasteriser();
  const renderer = new Resvg(svg, {
    fitTo: { mode: 'zoom', value: scale },
    font: { fontFiles: [FONT_FILES.regular, FONT_FILES.bold], loadSystemFonts: false, defaultFontFamily: 'DejaVu Sans' },
    background: '#ffffff',
  });
  return renderer.render().asPng();
}

/** Any drawable file as PNG bytes (`renderSvg`'s picture; `scale` pixels per SVG unit, default 2). */
export function renderPng(file: object, options: Partial<PictureOptions> & PngOptions = {}): Buffer {
  const { scale, ...rest } = options;
  return svgToPng(renderSvg(file, rest), scale === undefined ? {} : { scale });
}
