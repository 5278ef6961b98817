/**
 * The drawing layer: SVG elements as template strings. Every picture module builds its body from
 * these helpers, so escaping and number formatting happen in exactly one place.
 *
 *   esc(text)        & < > " ' escaped, characters XML forbids dropped (names and clue texts carry
 *                    umlauts, quotes and whatever a file brings)
 *   num(x)           at most two decimals, no trailing zeros, never "-0": the same input always
 *                    gives the same bytes
 *   el(tag, attrs, children)   one element; attribute values escaped, numbers through num()
 *
 * No ids, no <defs>: several pictures are inlined into one HTML page, and ids would collide there.
 */

/** Attribute values; `undefined`, `null` and `false` leave the attribute out. */
export type Attrs = Record<string, string | number | boolean | undefined | null>;

/** A finished picture: its size in user units (= CSS pixels) and the whole SVG document. */
export interface Picture {
  width: number;
  height: number;
  svg: string;
}

/** Characters XML 1.0 does not allow at all, even escaped (C0 controls except tab, LF, CR; lone surrogates; U+FFFE/F). */
// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text safe inside an element or a quoted attribute value (also valid HTML). */
export function esc(text: string): string {
  return text.replace(FORBIDDEN, '').replace(/[&<>"']/g, (ch) => ENTITIES[ch]!);
}

/** A coordinate or length: rounded to 0.01, shortest form. */
export function num(x: number): string {
  if (!Number.isFinite(x)) throw new RangeError(`not a finite number: ${x}`);
  const rounded = Math.round(x * 100) / 100;
  return Object.is(rounded, -0) ? '0' : String(rounded);
}

function attrText(attrs: Attrs): string {
  let out = '';
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    const text = value === true ? name : typeof value === 'number' ? num(value) : esc(value);
    out += ` ${name}="${text}"`;
  }
  return out;
}

/** One element. `children` is markup already built by these helpers (or escaped text). */
export function el(tag: string, attrs: Attrs = {}, children: string | readonly string[] = ''): string {
  const body = typeof children === 'string' ? children : children.join('');
  return body === '' ? `<${tag}${attrText(attrs)}/>` : `<${tag}${attrText(attrs)}>${body}</${tag}>`;
}

export function g(attrs: Attrs, children: string | readonly string[]): string {
  return el('g', attrs, children);
}

export function rect(x: number, y: number, width: number, height: number, attrs: Attrs = {}): string {
  return el('rect', { x, y, width, height, ...attrs });
}

export function line(x1: number, y1: number, x2: number, y2: number, attrs: Attrs = {}): string {
  return el('line', { x1, y1, x2, y2, ...attrs });
}

export function circle(cx: number, cy: number, r: number, attrs: Attrs = {}): string {
  return el('circle', { cx, cy, r, ...attrs });
}

export function ellipse(cx: number, cy: number, rx: number, ry: number, attrs: Attrs = {}): string {
  return el('ellipse', { cx, cy, rx, ry, ...attrs });
}

export type Point = readonly [number, number];

/** "x,y x,y …" for polygon. */
export function points(list: readonly Point[]): string {
  return list.map(([x, y]) => `${num(x)},${num(y)}`).join(' ');
}

export function polygon(list: readonly Point[], attrs: Attrs = {}): string {
  return el('polygon', { points: points(list), ...attrs });
}

export function path(d: string, attrs: Attrs = {}): string {
  return el('path', { d, ...attrs });
}

/** Path data from commands and numbers: `pathData('M', x, y, 'L', x2, y2, 'Z')`. */
export function pathData(...parts: ReadonlyArray<string | number>): string {
  return parts.map((p) => (typeof p === 'number' ? num(p) : p)).join(' ');
}

/** A text element; `content` is plain text (escaped here). */
export function text(x: number, y: number, content: string, attrs: Attrs = {}): string {
  return el('text', { x, y, ...attrs }, esc(content));
}

/** The family every picture asks for: the shipped font first (PNG), then look-alikes for browsers. */
const FONT_FAMILY = "'DejaVu Sans', Verdana, 'Bitstream Vera Sans', sans-serif";

/**
 * A whole SVG document: root element with size and viewBox, a <title> (screen readers, browser
 * tooltips), a white background, then the body.
 */
export function svgDocument(width: number, height: number, title: string, body: string | readonly string[]): Picture {
  const w = Math.ceil(width);
  const h = Math.ceil(height);
  const root = el(
    'svg',
    { xmlns: 'http://www.w3.org/2000/svg', width: w, height: h, viewBox: `0 0 ${w} ${h}`, 'font-family': FONT_FAMILY, role: 'img' },
    [el('title', {}, esc(title)), rect(0, 0, w, h, { fill: '#ffffff' }), typeof body === 'string' ? body : body.join('')],
  );
  return { width: w, height: h, svg: root + '\n' };
}
