/**
 * Seeded mutations of a sample's text, for the fuzzers. Each call draws from the Rng it is given,
 * so (sample, seed, index) names one mutated input exactly and a failure can be replayed.
 *
 *   bytes   flip a bit, truncate, delete or duplicate a span, insert junk (NUL, BOM, U+2028,
 *           emoji, invalid UTF-8, CR), swap two spans
 *   json    on the parsed value: replace a node by another type, a huge/negative/fractional/
 *           unsafe number, 1e999 (Infinity), a very long or odd string, deep nesting; remove or
 *           add a field (`__proto__` too), swap, reverse, duplicate, drop or empty arrays
 *   line    line-format fields: change a cell, a block letter, the count or the solution, add or
 *           drop a `:` field, resize, pad with spaces
 *   url     the f-puzzles payload inside a SudokuPad / f-puzzles link, mutated as JSON and packed again
 */
import lzString from 'lz-string';
import { Rng } from '../../src/core/rng.ts';
import type { Sample } from './samples.ts';

export type MutationFamily = 'bytes' | 'json' | 'gentle' | 'line' | 'url';

export interface Mutant {
  family: MutationFamily;
  /** The mutations applied, in words (for the failure message). */
  steps: string[];
  text: string;
}

/** One mutated input of `sample`: one to three stacked mutations of one family. */
export function mutate(sample: Sample, rng: Rng): Mutant {
  const families: MutationFamily[] = ['bytes'];
  if (sample.value !== undefined) families.push('json', 'json', 'gentle', 'gentle');
  if (sample.line) families.push('line', 'line');
  if (sample.url) families.push('url', 'url');
  const family = rng.pick(families);
  const steps: string[] = [];
  const times = rng.range(1, 3);
  let text = sample.text;
  if (family === 'bytes') {
    let bytes: Buffer = Buffer.from(text, 'utf8');
    for (let i = 0; i < times; i++) bytes = mutateBytes(bytes, rng, steps);
    text = bytes.toString('latin1'); // byte-exact: the caller writes it back as latin1
    return { family, steps, text };
  }
  if (family === 'json' || family === 'gentle') {
    let value = structuredClone(sample.value);
    for (let i = 0; i < times; i++) value = family === 'json' ? mutateValue(value, rng, steps) : mutateGently(value, rng, steps);
    return { family, steps, text: utf8Bytes(serialise(value, rng) + '\n') };
  }
  if (family === 'line') {
    const lines = text.split('\n').filter((l) => l !== '');
    const k = rng.int(lines.length);
    let line = lines[k]!;
    for (let i = 0; i < times; i++) line = mutateLine(line, rng, steps);
    lines[k] = line;
    return { family, steps, text: utf8Bytes(lines.join('\n') + '\n') };
  }
  return { family, steps, text: utf8Bytes(mutateUrl(text.trim(), rng, steps, times) + '\n') };
}

/** A string's UTF-8 bytes as a latin1 string (every mutant is written with `latin1`). */
function utf8Bytes(s: string): string {
  return Buffer.from(s, 'utf8').toString('latin1');
}

const JUNK = ['\u0000', '\uFEFF', '\u2028', '\u{1F9E9}', '\r', '\r\n', '\t', '\\', '"', '{', '[', ']', '}', ',', ':', '.', '0', '9', 'é', '\u0301'];

function mutateBytes(b: Buffer, rng: Rng, steps: string[]): Buffer {
  const n = b.length;
  const at = rng.int(n + 1);
  switch (rng.int(7)) {
    case 0: {
      if (n === 0) return b;
      const i = rng.int(n);
      const c = Buffer.from(b);
      c[i] = c[i]! ^ (1 << rng.int(8));
      steps.push(`flip a bit of byte ${i}`);
      return c;
    }
    case 1:
      steps.push(`truncate at ${at}`);
      return b.subarray(0, at);
    case 2: {
      const len = rng.range(1, Math.max(1, Math.min(64, n - at)));
      steps.push(`delete ${len} bytes at ${at}`);
      return Buffer.concat([b.subarray(0, at), b.subarray(Math.min(n, at + len))]);
    }
    case 3: {
      const len = rng.range(1, Math.max(1, Math.min(200, n - at)));
      const to = rng.int(n + 1);
      steps.push(`copy ${len} bytes from ${at} to ${to}`);
      const span = b.subarray(at, at + len);
      return Buffer.concat([b.subarray(0, to), span, b.subarray(to)]);
    }
    case 4: {
      const junk = rng.pick(JUNK);
      steps.push(`insert ${JSON.stringify(junk)} at ${at}`);
      return Buffer.concat([b.subarray(0, at), Buffer.from(junk, 'utf8'), b.subarray(at)]);
    }
    case 5: {
      const bad = Buffer.from(rng.pick([[0xff], [0xc3], [0xe2, 0x82], [0xed, 0xa0, 0x80], [0xf4, 0x90, 0x80, 0x80]]));
      steps.push(`insert invalid UTF-8 at ${at}`);
      return Buffer.concat([b.subarray(0, at), bad, b.subarray(at)]);
    }
    default: {
      if (n < 4) return b;
      const i = rng.int(n - 1);
      const j = rng.int(n - 1);
      const c = Buffer.from(b);
      const t = c[i]!;
      c[i] = c[j]!;
      c[j] = t;
      steps.push(`swap bytes ${i} and ${j}`);
      return c;
    }
  }
}

/** Every node of a JSON value with its path (the root is []). */
function nodes(value: unknown, path: Array<string | number> = [], out: Array<{ path: Array<string | number>; value: unknown }> = []) {
  out.push({ path, value });
  if (Array.isArray(value)) value.forEach((v, i) => nodes(v, [...path, i], out));
  else if (value !== null && typeof value === 'object') for (const [k, v] of Object.entries(value)) nodes(v, [...path, k], out);
  return out;
}

function setAt(root: unknown, path: Array<string | number>, value: unknown): unknown {
  if (path.length === 0) return value;
  let parent = root as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  Object.defineProperty(parent, path[path.length - 1]!, { value, enumerable: true, writable: true, configurable: true });
  return root;
}

/** Numbers the JSON text writes as they are (`1e999` parses to Infinity; 2^53 + 1 is not safe). */
const ODD_NUMBERS: readonly string[] = ['0', '-1', '-0', '0.5', '-2147483649', '4294967296', '9007199254740993', '1e308', '1e999', '-1e999', '1e-400', '10', '99', '1.0000000000000002'];
const ODD_STRINGS: readonly string[] = ['', ' ', '\n', 'a\nb', '\r', '\u001b[31m', '\u2028', 'NaN', 'Infinity', '-1', '1e3', '__proto__', '\u0000', '\uFEFF', 'é\u0301', '\u{1F9E9}', '\uD800', 'a'.repeat(100_000), '9'.repeat(400), '<script>', '../../etc/passwd', 'puzzlemill/numbridge-board', 'puzzlemill/murder-case'];

/** Marker objects that `serialise` writes as raw JSON text (numbers JSON.stringify cannot write, very deep nesting). */
const RAW = Symbol('raw');
type RawNumber = { [RAW]: string };

function oddValue(rng: Rng, like: unknown): unknown {
  switch (rng.int(9)) {
    case 0:
      return { [RAW]: rng.pick(ODD_NUMBERS) } satisfies RawNumber;
    case 1:
      return rng.pick(ODD_STRINGS);
    case 2:
      return rng.pick([null, true, false]);
    case 3:
      return rng.pick([[], {}, [[]], [null], [0], { '': 0 }]);
    case 4: {
      // nested around the 64-level limit (just under, at, just over), and far past it
      const depth = rng.pick([20, 62, 63, 64, 65, 200, 20_000]);
      // 20,000 levels overflow a recursive walker (ours too: written as raw text, never built)
      if (depth > 1000) return { [RAW]: '[{"a":'.repeat(depth / 2) + '0' + '}]'.repeat(depth / 2) } satisfies RawNumber;
      let v: unknown = like ?? 0;
      for (let i = 0; i < depth; i++) v = rng.chance(0.5) ? [v] : { a: v };
      return v;
    }
    case 5:
      return typeof like === 'number' ? -like : typeof like === 'string' ? like.toUpperCase() + like : like;
    case 6:
      return typeof like === 'number' ? like + rng.pick([1, -1, 100, 0.5]) : typeof like === 'string' ? like.slice(0, rng.int(like.length + 1)) : 0;
    case 7:
      // many copies of a scalar, few of an object (stacked copies of copies would grow without bound)
      return Array.from({ length: like !== null && typeof like === 'object' ? 2 : rng.pick([2, 10, 1000]) }, () => like ?? 0);
    default:
      return typeof like === 'string' ? String(rng.int(10)) : rng.int(10);
  }
}

function mutateValue(root: unknown, rng: Rng, steps: string[]): unknown {
  const all = nodes(root);
  const { path, value } = rng.pick(all);
  const where = '/' + path.join('/');
  const op = rng.int(9);
  if (op <= 3 && (typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean')) {
    // a value of the same type, mostly in range: what gets past the schema to the rules
    const near = gentleValue(rng, value, all);
    steps.push(`set ${where} to ${describe(near)}`);
    return setAt(root, path, near);
  }
  if (op <= 5) {
    const odd = oddValue(rng, value);
    steps.push(`replace ${where} by ${describe(odd)}`);
    return setAt(root, path, odd);
  }
  if (Array.isArray(value) && value.length > 0) {
    const copy = [...value];
    const i = rng.int(copy.length);
    const j = rng.int(copy.length);
    const what = rng.pick(['swap', 'reverse', 'duplicate', 'drop', 'empty', 'truncate', 'rotate'] as const);
    if (what === 'swap') [copy[i], copy[j]] = [copy[j], copy[i]];
    else if (what === 'reverse') copy.reverse();
    else if (what === 'duplicate') copy.splice(i, 0, structuredClone(copy[i]));
    else if (what === 'drop') copy.splice(i, 1);
    else if (what === 'empty') copy.length = 0;
    else if (what === 'truncate') copy.length = i;
    else copy.push(copy.shift());
    steps.push(`${what} ${where}`);
    return setAt(root, path, copy);
  }
  if (value !== null && typeof value === 'object') {
    const obj = value as Record<string, unknown>;
    const keys = Object.keys(obj);
    if (keys.length > 0 && rng.chance(0.5)) {
      const k = rng.pick(keys);
      const copy = { ...obj };
      delete copy[k];
      steps.push(`remove ${where}/${k}`);
      return setAt(root, path, copy);
    }
    if (keys.length > 1 && rng.chance(0.5)) {
      const a = rng.pick(keys);
      const b = rng.pick(keys);
      steps.push(`swap ${where}/${a} and /${b}`);
      return setAt(root, path, { ...obj, [a]: obj[b], [b]: obj[a] });
    }
    const k = rng.pick(['__proto__', 'constructor', 'extra', 'secret', 'public', 'format', 'id', 'version', 'toString']);
    const odd = rng.chance(0.3) ? structuredClone(root) : oddValue(rng, undefined);
    steps.push(`add ${where}/${k} = ${describe(odd)}`);
    const copy = { ...obj };
    Object.defineProperty(copy, k, { value: odd, enumerable: true, writable: true, configurable: true });
    return setAt(root, path, copy);
  }
  // a scalar: another scalar
  const odd = oddValue(rng, value);
  steps.push(`change ${where} to ${describe(odd)}`);
  return setAt(root, path, odd);
}

/** A change that keeps every type: a scalar to another of its type, or two elements of an array swapped. */
function mutateGently(root: unknown, rng: Rng, steps: string[]): unknown {
  const all = nodes(root);
  const scalars = all.filter((n) => ['number', 'string', 'boolean'].includes(typeof n.value));
  const arrays = all.filter((n) => Array.isArray(n.value) && n.value.length > 1);
  if (arrays.length > 0 && (scalars.length === 0 || rng.chance(0.25))) {
    const { path, value } = rng.pick(arrays);
    const copy = [...(value as unknown[])];
    const i = rng.int(copy.length);
    const j = rng.int(copy.length);
    [copy[i], copy[j]] = [copy[j], copy[i]];
    steps.push(`swap /${path.join('/')}/${i} and /${j}`);
    return setAt(root, path, copy);
  }
  if (scalars.length === 0) return root;
  const { path, value } = rng.pick(scalars);
  const near = gentleValue(rng, value as number | string | boolean, all);
  steps.push(`set /${path.join('/')} to ${describe(near)}`);
  return setAt(root, path, near);
}

/** Another value of the same type: a small or neighbouring number, another string of the document, the other boolean. */
function gentleValue(rng: Rng, value: number | string | boolean, all: Array<{ value: unknown }>): unknown {
  if (typeof value === 'boolean') return !value;
  const same = all.map((n) => n.value).filter((v) => typeof v === typeof value);
  if (typeof value === 'number') return rng.chance(0.5) ? value + rng.pick([-2, -1, 1, 2]) : rng.chance(0.5) ? rng.pick(same) : rng.range(-1, 10);
  return rng.chance(0.7) ? rng.pick(same) : value.split('').reverse().join('');
}

function describe(v: unknown): string {
  if (v !== null && typeof v === 'object' && RAW in v) return (v as RawNumber)[RAW].slice(0, 40);
  const s = JSON.stringify(v, (_k, x: unknown) => (x !== null && typeof x === 'object' && RAW in x ? Number((x as RawNumber)[RAW]) : x)) ?? String(v);
  return s.length > 40 ? s.slice(0, 37) + '…' : s;
}

/** JSON text, raw numbers as written, sometimes pretty-printed (a document, not NDJSON). */
function serialise(value: unknown, rng: Rng): string {
  const raws: string[] = [];
  const text = JSON.stringify(
    value,
    (_k, x: unknown) => {
      if (x !== null && typeof x === 'object' && RAW in x) {
        raws.push((x as RawNumber)[RAW]);
        return `\u0001raw${raws.length - 1}\u0001`;
      }
      return x;
    },
    rng.chance(0.2) ? 2 : undefined,
  );
  return (text ?? 'null').replace(/"\\u0001raw(\d+)\\u0001"/g, (_m, i: string) => raws[Number(i)]!);
}

const LINE_CHARS = '.0123456789ABCDEFGHIabcxyz :-#\u00e9\u0000';

function mutateLine(line: string, rng: Rng, steps: string[]): string {
  const fields = line.split(':');
  const f = rng.int(fields.length);
  const field = fields[f]!;
  switch (rng.int(8)) {
    case 0: {
      const i = rng.int(Math.max(1, field.length));
      const c = rng.pick(LINE_CHARS);
      fields[f] = field.slice(0, i) + c + field.slice(i + 1);
      steps.push(`field ${f} char ${i} → ${JSON.stringify(c)}`);
      break;
    }
    case 1:
      fields[f] = field.slice(0, -rng.range(1, 3)) || field;
      steps.push(`shorten field ${f}`);
      break;
    case 2:
      fields[f] = field + rng.pick(['.', '1', 'A', '..', '123']);
      steps.push(`lengthen field ${f}`);
      break;
    case 3: {
      const extra = rng.pick(['', '0', '1', '2', '3', '-1', '99', '1e3', 'x', fields[0]!, fields[fields.length - 1]!]);
      fields.splice(rng.int(fields.length + 1), 0, extra);
      steps.push(`insert field ${JSON.stringify(extra.slice(0, 20))}`);
      break;
    }
    case 4:
      if (fields.length > 1) fields.splice(f, 1);
      steps.push(`drop field ${f}`);
      break;
    case 5: {
      // a solution-like field of digits, the count changed
      const count = rng.pick(['0', '1', '2', '3', '01', '-0', '']);
      fields.splice(Math.min(fields.length, rng.range(1, 3)), 0, count);
      steps.push(`count field ${JSON.stringify(count)}`);
      break;
    }
    case 6:
      fields[f] = rng.chance(0.5) ? ' ' + field + ' ' : field.toLowerCase();
      steps.push(`pad or lowercase field ${f}`);
      break;
    default: {
      const chars = [...field];
      rng.shuffle(chars);
      fields[f] = chars.join('');
      steps.push(`shuffle field ${f}`);
    }
  }
  return fields.join(':');
}

function mutateUrl(url: string, rng: Rng, steps: string[], times: number): string {
  const m = /^(.*(?:load=|fpuzzles))([A-Za-z0-9%+/=_-]{20,})$/.exec(url);
  if (!m) throw new Error(`fuzz sample is no f-puzzles or SudokuPad link: ${url.slice(0, 60)}`);
  const [, prefix, payload] = m as unknown as [string, string, string];
  const decoded = lzString.decompressFromBase64(decodeURIComponent(payload));
  let value: unknown;
  try {
    value = JSON.parse(decoded ?? '');
  } catch {
    throw new Error('fuzz sample link does not unpack');
  }
  if (rng.chance(0.2)) {
    // the packed text itself: a cut or a flipped character
    const cut = rng.int(payload.length);
    steps.push(`cut the packed payload at ${cut}`);
    return prefix + payload.slice(0, cut) + (rng.chance(0.5) ? rng.pick(['A', '%', '%2', '=', '!']) : '');
  }
  for (let i = 0; i < times; i++) value = mutateValue(value, rng, steps);
  const text = rng.chance(0.1) ? serialise(value, rng).slice(0, -rng.range(1, 10)) : serialise(value, rng);
  return prefix + encodeURIComponent(lzString.compressToBase64(text));
}
