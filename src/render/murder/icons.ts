/**
 * One small icon per object of docs/RULES.md, drawn in a 100 × 100 box and placed with a transform.
 * Standable objects are drawn open and warm (someone may stand there), blocking ones dark and
 * solid; the plan adds a hatch under blocking cells, so the two stay apart without colour too.
 */
import { isBlockingObject as isBlockingBuiltin } from '../../murder/catalogue/objects.ts';
import { BLOCKING_FILL, BLOCKING_STROKE, STANDABLE_FILL, STANDABLE_STROKE } from '../palette.ts';
import { circle, ellipse, g, line, path, polygon, rect, type Attrs } from '../svg.ts';

export function isBlockingObject(id: string): boolean {
  return isBlockingBuiltin(id);
}

/** Shape styles relative to the icon's group, which carries the object's fill and stroke. */
interface Ink {
  fill: Attrs;
  /** Lines only (no fill). */
  stroke: Attrs;
  /** A lighter detail fill (pillows, water). */
  light: Attrs;
}

const INK: Ink = { fill: {}, stroke: { fill: 'none' }, light: { fill: '#ffffff', 'stroke-width': 4 } };

function groupStyle(id: string): Attrs {
  const blocking = isBlockingObject(id);
  return {
    fill: blocking ? BLOCKING_FILL : STANDABLE_FILL,
    stroke: blocking ? BLOCKING_STROKE : STANDABLE_STROKE,
    'stroke-width': 5,
    'stroke-linejoin': 'round',
    'stroke-linecap': 'round',
  };
}

/** The drawings, in the 100-unit box. */
const DRAW: Readonly<Partial<Record<string, (ink: Ink) => string[]>>> = {
  chair: (k) => [path('M26 10 H38 V50 H76 V90 H64 V62 H38 V90 H26 Z', k.fill)],
  armchair: (k) => [rect(22, 14, 56, 44, { ...k.fill, rx: 8 }), rect(26, 50, 48, 26, k.light), rect(8, 38, 18, 44, { ...k.fill, rx: 6 }), rect(74, 38, 18, 44, { ...k.fill, rx: 6 }), line(24, 82, 24, 92, k.stroke), line(76, 82, 76, 92, k.stroke)],
  sofa: (k) => [rect(10, 24, 80, 34, { ...k.fill, rx: 8 }), rect(18, 52, 64, 24, k.light), line(50, 52, 50, 76, k.stroke), rect(2, 40, 18, 40, { ...k.fill, rx: 6 }), rect(80, 40, 18, 40, { ...k.fill, rx: 6 })],
  bed: (k) => [rect(20, 4, 60, 92, { ...k.fill, rx: 6 }), rect(30, 11, 40, 18, { ...k.light, rx: 5 }), path('M20 40 H80', k.stroke)],
  bench: (k) => [line(18, 24, 18, 50, k.stroke), line(82, 24, 82, 50, k.stroke), rect(4, 14, 92, 12, { ...k.fill, rx: 3 }), rect(4, 46, 92, 12, { ...k.fill, rx: 3 }), line(16, 58, 12, 88, k.stroke), line(84, 58, 88, 88, k.stroke)],
  stool: (k) => [rect(24, 24, 52, 14, { ...k.fill, rx: 5 }), line(34, 40, 24, 90, k.stroke), line(66, 40, 76, 90, k.stroke), line(50, 40, 50, 90, k.stroke)],
  carpet: (k) => [rect(14, 20, 72, 60, k.fill), rect(24, 30, 52, 40, k.stroke), ...[28, 40, 52, 64, 76].flatMap((y) => [line(4, y - 4, 14, y - 4, k.stroke), line(86, y - 4, 96, y - 4, k.stroke)])],
  rug: (k) => [ellipse(50, 50, 44, 28, k.fill), ellipse(50, 50, 28, 14, k.stroke)],
  plant: (k) => [
    leaf(50, 34, 10, 24, 0, k.fill),
    leaf(32, 44, 9, 21, -40, k.fill),
    leaf(68, 44, 9, 21, 40, k.fill),
    polygon([[30, 60], [70, 60], [63, 94], [37, 94]], k.fill),
  ],
  table: (k) => [rect(4, 28, 92, 14, { ...k.fill, rx: 3 }), rect(12, 42, 10, 48, k.fill), rect(78, 42, 10, 48, k.fill)],
  tree: (k) => [rect(43, 60, 14, 34, k.fill), circle(50, 38, 32, k.fill)],
  bush: (k) => [circle(30, 60, 22, k.fill), circle(70, 60, 22, k.fill), circle(50, 40, 26, k.fill), path('M10 82 H90', k.stroke)],
  rock: (k) => [polygon([[8, 84], [18, 48], [42, 26], [70, 32], [92, 64], [86, 86]], k.fill), path('M42 26 L50 56 L92 64 M50 56 L36 84', k.stroke)],
  box: (k) => [rect(14, 14, 72, 72, k.fill), path('M14 14 L86 86 M86 14 L14 86', k.stroke)],
  bookshelf: (k) => [
    rect(16, 4, 68, 92, k.fill),
    path('M16 34 H84 M16 64 H84', k.stroke),
    ...[[24, 12], [34, 16], [44, 10], [58, 14]].map(([x, top]) => rect(x!, top!, 8, 34 - top! - 3, k.light)),
    ...[[24, 44], [36, 42], [48, 46], [62, 44]].map(([x, top]) => rect(x!, top!, 8, 64 - top! - 3, k.light)),
  ],
  fountain: (k) => [
    path('M50 58 V18 M50 20 C40 18 30 30 26 48 M50 20 C60 18 70 30 74 48', k.stroke),
    path('M6 58 H94 C92 78 76 90 50 90 C24 90 8 78 6 58 Z', k.fill),
    path('M22 66 C36 72 64 72 78 66', { ...k.stroke, stroke: '#ffffff', 'stroke-width': 4 }),
  ],
  statue: (k) => [circle(50, 18, 11, k.fill), polygon([[38, 32], [62, 32], [58, 70], [42, 70]], k.fill), rect(28, 72, 44, 22, k.fill)],
  bin: (k) => [rect(20, 16, 60, 12, { ...k.fill, rx: 3 }), rect(42, 8, 16, 8, k.fill), polygon([[26, 28], [74, 28], [68, 94], [32, 94]], k.fill), path('M40 40 L42 84 M50 40 V84 M60 40 L58 84', { ...k.stroke, stroke: '#ffffff', 'stroke-width': 4 })],
};

/** An ellipse rotated about its centre (plant leaves). */
function leaf(cx: number, cy: number, rx: number, ry: number, degrees: number, attrs: Attrs): string {
  return ellipse(cx, cy, rx, ry, { ...attrs, transform: degrees === 0 ? undefined : `rotate(${degrees} ${cx} ${cy})` });
}

/** The icon of `id` in the square (x, y, size). */
export function objectIcon(id: string, x: number, y: number, size: number): string {
  const scale = size / 100;
  return g({ class: `object object-${id}`, transform: `translate(${round(x)} ${round(y)}) scale(${round(scale, 4)})`, ...groupStyle(id) }, (DRAW[id] ?? DRAW.box!)(INK));
}

function round(x: number, digits = 2): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}
