/**
 * One small icon per object of docs/RULES.md, drawn in a 100 × 100 box and placed with a transform.
 * Standable objects are drawn open and warm (someone may stand there), blocking ones dark and
 * solid; the plan adds a hatch under blocking cells, so the two stay apart without colour too.
 * Objects a case declares itself (`public.objectTypes`) have no drawing of their own: they get a
 * tag with the first letters of their name (unique among the case's declared objects), and the
 * legend writes the whole name beside it.
 */
import { isBlockingObject as isBlockingBuiltin, isBuiltinObject, OBJECT_IDS, OBJECT_NOUNS } from '../../murder/catalogue/objects.ts';
import type { MurderPublicInput } from '../../murder/schema.ts';
import type { Lang } from '../../core/lang.ts';
import { BLOCKING_FILL, BLOCKING_STROKE, STANDABLE_FILL, STANDABLE_STROKE } from '../palette.ts';
import { circle, ellipse, g, line, path, polygon, rect, text, type Attrs } from '../svg.ts';
import { fitSize } from '../text.ts';

/** A declared object as the picture needs it: its name in the language, its tag, standable or not. */
export interface DeclaredLook {
  name: string;
  /** The letters on its tag ("Va", "Schi"). */
  tag: string;
  blocking: boolean;
}

/** The objects of a case as the picture draws them: built-in ones by id, declared ones by their look. */
export interface ObjectLooks {
  declared: ReadonlyMap<string, DeclaredLook>;
  /** Declared ids in the file's order (after the built-in ones in the legend). */
  order: readonly string[];
}

export const BUILTIN_LOOKS: ObjectLooks = { declared: new Map(), order: [] };

/** The looks of a case's declared objects in one language: tags are the shortest unique prefixes (2..4 letters). */
export function objectLooks(pub: Pick<MurderPublicInput, 'objectTypes'>, lang: Lang): ObjectLooks {
  const types = pub.objectTypes ?? [];
  if (types.length === 0) return BUILTIN_LOOKS;
  const names = types.map((t) => t.name[lang].word);
  const letters = names.map((name) => [...name.replace(/[\s\-–.]+/g, '')]);
  const prefix = (i: number, k: number) => letters[i]!.slice(0, k).join('');
  const declared = new Map<string, DeclaredLook>();
  types.forEach((type, i) => {
    let tag: string | null = null;
    for (let k = 2; k <= 4 && tag === null; k++) {
      const mine = prefix(i, k).toLowerCase();
      if (!letters.some((_, j) => j !== i && prefix(j, k).toLowerCase() === mine)) tag = prefix(i, k);
    }
    tag ??= `${letters[i]![0] ?? '?'}${i + 1}`;
    declared.set(type.id, { name: names[i]!, tag: capitalFirst(tag), blocking: type.blocking });
  });
  return { declared, order: types.map((t) => t.id) };
}

function capitalFirst(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** True for objects nobody stands on: built-in fixtures and declared blocking objects. */
export function isBlockingObject(id: string, looks: ObjectLooks = BUILTIN_LOOKS): boolean {
  const declared = looks.declared.get(id);
  return declared ? declared.blocking : isBlockingBuiltin(id);
}

/** An object's name in the picture's language: the catalogue's noun, or the declared name. */
export function objectName(id: string, lang: Lang, looks: ObjectLooks = BUILTIN_LOOKS): string {
  const declared = looks.declared.get(id);
  if (declared) return declared.name;
  return isBuiltinObject(id) ? OBJECT_NOUNS[id][lang].word : id;
}

/** Every object id the picture may meet, in legend order: built-in ones, then declared ones. */
export function legendOrder(looks: ObjectLooks): readonly string[] {
  return looks.order.length === 0 ? OBJECT_IDS : [...OBJECT_IDS, ...looks.order];
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

function groupStyle(blocking: boolean): Attrs {
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
  // ——— issue 26: standable ———
  window: (k) => [
    rect(16, 6, 68, 80, { ...k.fill, rx: 3 }),
    rect(25, 15, 50, 62, k.light),
    path('M50 15 V77 M25 46 H75', k.stroke),
    rect(8, 86, 84, 9, { ...k.fill, rx: 2 }),
  ],
  gift: (k) => [
    rect(16, 44, 68, 50, k.fill),
    rect(10, 30, 80, 16, { ...k.fill, rx: 2 }),
    rect(44, 30, 12, 64, k.light),
    leaf(36, 20, 14, 8, 25, k.fill),
    leaf(64, 20, 14, 8, -25, k.fill),
  ],
  'cash-register': (k) => [
    rect(56, 8, 34, 20, { ...k.fill, rx: 3 }),
    line(73, 28, 73, 44, k.stroke),
    polygon([[12, 44], [88, 44], [96, 80], [4, 80]], k.fill),
    ...[[20, 52], [36, 52], [52, 52], [18, 64], [34, 64], [50, 64]].map(([x, y]) => rect(x!, y!, 11, 7, { ...k.light, 'stroke-width': 2 })),
    rect(4, 80, 92, 14, { ...k.fill, rx: 2 }),
    line(40, 87, 60, 87, k.stroke),
  ],
  // ——— issue 26: blocking ———
  tv: (k) => [
    path('M36 16 L24 2 M64 16 L76 2', k.stroke),
    rect(4, 16, 92, 60, { ...k.fill, rx: 6 }),
    rect(13, 24, 74, 44, { ...k.light, rx: 3 }),
    polygon([[40, 76], [60, 76], [68, 94], [32, 94]], k.fill),
  ],
  computer: (k) => [
    rect(14, 4, 72, 52, { ...k.fill, rx: 4 }),
    rect(22, 12, 56, 36, k.light),
    rect(43, 56, 14, 12, k.fill),
    rect(6, 74, 88, 20, { ...k.fill, rx: 3 }),
    path('M16 81 H84 M16 88 H84', { ...k.stroke, stroke: '#ffffff', 'stroke-width': 3, 'stroke-dasharray': '6 4' }),
  ],
  rubbish: (k) => [
    path('M3 94 C3 64 16 44 32 48 C36 22 64 14 72 38 C90 36 98 64 97 94 Z', k.fill),
    rect(20, 64, 16, 24, { ...k.light, 'stroke-width': 3, transform: 'rotate(-20 28 76)' }),
    circle(64, 72, 11, { ...k.light, 'stroke-width': 3 }),
    path('M44 40 L54 30 M50 84 H60 M80 56 L90 50', { ...k.stroke, stroke: '#ffffff', 'stroke-width': 4 }),
  ],
};

/** A declared object's tag: a rounded label with its first letters. */
function declaredIcon(look: DeclaredLook): (ink: Ink) => string[] {
  return (k) => {
    const size = fitSize(look.tag, 62, 44, 14, 'bold') ?? 14;
    return [
      rect(6, 18, 88, 64, { ...k.fill, rx: 16 }),
      circle(17, 30, 4, { ...k.light, 'stroke-width': 3 }),
      text(55, 50 + size * 0.36, look.tag, { 'font-size': size, 'font-weight': 'bold', 'text-anchor': 'middle', stroke: 'none', fill: look.blocking ? '#ffffff' : STANDABLE_STROKE }),
    ];
  };
}

/** An ellipse rotated about its centre (plant leaves). */
function leaf(cx: number, cy: number, rx: number, ry: number, degrees: number, attrs: Attrs): string {
  return ellipse(cx, cy, rx, ry, { ...attrs, transform: degrees === 0 ? undefined : `rotate(${degrees} ${cx} ${cy})` });
}

/** The icon of `id` in the square (x, y, size); declared objects get their tag (`looks`). */
export function objectIcon(id: string, x: number, y: number, size: number, looks: ObjectLooks = BUILTIN_LOOKS): string {
  const scale = size / 100;
  const declared = looks.declared.get(id);
  const transform = `translate(${round(x)} ${round(y)}) scale(${round(scale, 4)})`;
  if (declared) return g({ class: `object object-${id} declared-object`, transform, ...groupStyle(declared.blocking) }, declaredIcon(declared)(INK));
  return g({ class: `object object-${id}`, transform, ...groupStyle(isBlockingObject(id)) }, (DRAW[id] ?? DRAW.box!)(INK));
}

function round(x: number, digits = 2): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}
