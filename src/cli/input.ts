/**
 * Reading puzzle inputs at the edge: files or stdin, line by line (so 100 MB inputs stream), as
 * one of three shapes, decided per file by its first non-blank, non-comment line:
 *
 *   line format     one puzzle per line (docs/FORMATS.md)                  → { kind: 'line' }
 *   NDJSON          one JSON object per line                               → { kind: 'json' }
 *   one JSON doc    a pretty-printed object (or an array of them)          → { kind: 'json' } each
 *
 * Problems become `{ kind: 'error' }` items with file, line and column, so one bad line never
 * stops the others; an unreadable file is an error item with `fatal: true` (the CLI exits 2).
 * A file named `*.json`, `*.ndjson` or `*.jsonl` is JSON whatever its lines look like (a line
 * that is not JSON is "not valid JSON", not a malformed line-format puzzle); a named file with
 * no puzzle in it is one error.
 *
 * Limits, each reported in one line instead of exhausting memory or the stack: a line longer than
 * MAX_LINE_BYTES is skipped without being held; a pretty document larger than MAX_DOCUMENT_BYTES
 * is refused; JSON nested deeper than MAX_JSON_DEPTH is refused before it is parsed. A file that
 * is not UTF-8 text (a NUL byte: an image, an archive, UTF-16; or invalid UTF-8) is unreadable
 * input: one fatal line for the file, not one complaint per "line" of junk; the lines before the
 * first bad one are read as usual.
 */
import { createReadStream } from 'node:fs';
import { InputError, systemReason, type InputPosition } from '../core/errors.ts';
import { MAX_JSON_DEPTH, nestingDepth } from '../core/json-depth.ts';

export type InputItem =
  | { kind: 'line'; where: InputPosition; text: string }
  | { kind: 'json'; where: InputPosition; value: unknown }
  | { kind: 'error'; error: InputError; fatal: boolean };

/** Longest pretty-printed JSON document we hold in memory. */
export const MAX_DOCUMENT_BYTES = 64 * 1024 * 1024;
/** Longest single line (an NDJSON puzzle is a few kB). */
export const MAX_LINE_BYTES = 16 * 1024 * 1024;

/** Items from each file in turn (stdin when the list is empty or a file is `-`). */
export async function* readItems(files: readonly string[]): AsyncGenerator<InputItem> {
  const sources = files.length === 0 ? ['-'] : files;
  for (const file of sources) yield* readFile(file);
}

type Line = { text: string; no: number } | { tooLong: true; no: number } | { binary: true; no: number; offset: number };

/**
 * Lines of a byte stream, each at most MAX_LINE_BYTES (longer ones are skipped, not buffered).
 * A NUL byte ends the stream with a `binary` line: no text input of ours contains one.
 */
async function* lines(stream: AsyncIterable<Buffer | string>): AsyncGenerator<Line> {
  const decoder = new TextDecoder('utf-8');
  let parts: Buffer[] = [];
  let partBytes = 0;
  let skipping = false;
  let no = 0;
  let offset = 0;
  const take = (): Line => {
    let text = decoder.decode(Buffer.concat(parts, partBytes));
    if (no === 0 && text.charCodeAt(0) === 0xfeff) text = text.slice(1); // byte-order mark
    parts = [];
    partBytes = 0;
    no++;
    return { text: text.endsWith('\r') ? text.slice(0, -1) : text, no };
  };
  for await (const chunk of stream) {
    let buf = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    const nul = buf.indexOf(0);
    const nulAt = offset + nul;
    offset += buf.length;
    // The lines before the NUL's line are read as usual; the file ends there.
    if (nul >= 0) buf = buf.subarray(0, buf.lastIndexOf(10, nul) + 1);
    let start = 0;
    for (;;) {
      const nl = buf.indexOf(10, start);
      const end = nl < 0 ? buf.length : nl;
      if (!skipping) {
        if (partBytes + (end - start) > MAX_LINE_BYTES) {
          skipping = true;
          parts = [];
          partBytes = 0;
        } else if (end > start) {
          parts.push(buf.subarray(start, end));
          partBytes += end - start;
        }
      }
      if (nl < 0) break;
      if (skipping) {
        no++;
        skipping = false;
        yield { tooLong: true, no };
      } else {
        yield take();
      }
      start = nl + 1;
    }
    if (nul >= 0) {
      yield { binary: true, no: no + 1, offset: nulAt };
      return;
    }
  }
  if (skipping) yield { tooLong: true, no: no + 1 };
  else if (partBytes > 0) yield take();
}

/** File names that promise JSON (one document, or one object per line). */
const JSON_NAME = /\.(json|ndjson|jsonl)$/i;

async function* readFile(file: string): AsyncGenerator<InputItem> {
  let items = 0;
  for await (const item of readFileItems(file)) {
    items++;
    yield item;
  }
  // A named file that holds nothing is a mistake worth a line (an empty pipe is not).
  if (items === 0 && file !== '-') yield { kind: 'error', error: new InputError({ source: file }, 'no puzzle in this file'), fatal: false };
}

async function* readFileItems(file: string): AsyncGenerator<InputItem> {
  const source = file === '-' ? '<stdin>' : file;
  const stream = file === '-' ? process.stdin : createReadStream(file);
  const jsonOnly = JSON_NAME.test(file);
  let mode: 'unknown' | 'lines' | 'document' = 'unknown';
  let doc: Array<{ text: string; no: number }> = [];
  let docBytes = 0;
  let docTooBig = false;
  try {
    for await (const line of lines(stream)) {
      if ('binary' in line) {
        const reason = `not a text file (a NUL byte at byte ${line.offset}: binary data, or UTF-16 text?)`;
        yield { kind: 'error', error: new InputError({ source, line: line.no }, reason), fatal: true };
        return;
      }
      if ('tooLong' in line) {
        if (mode === 'document') docTooBig = true;
        else yield { kind: 'error', error: new InputError({ source, line: line.no }, `line longer than ${MAX_LINE_BYTES >> 20} MB`), fatal: false };
        continue;
      }
      const { text, no } = line;
      if (text.includes('\uFFFD')) {
        // The decoder's replacement character: invalid UTF-8 (NUL bytes were caught in lines()).
        const reason = 'not a text file (invalid UTF-8: binary data, or text in another encoding such as Latin-1?)';
        yield { kind: 'error', error: new InputError({ source, line: no }, reason), fatal: true };
        return;
      }
      if (mode === 'document') {
        if (docTooBig) continue;
        docBytes += text.length + 1;
        if (docBytes > MAX_DOCUMENT_BYTES) {
          docTooBig = true;
          doc = [];
        } else {
          doc.push(line);
        }
        continue;
      }
      const trimmed = text.trim();
      if (trimmed === '' || trimmed.startsWith('#')) continue;
      if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
        const parsed = parseJson(trimmed, { source, line: no }, text.length - text.trimStart().length);
        if (parsed.error && mode === 'unknown' && !/[}\]]$/.test(trimmed)) {
          // An open object on the first line: most likely one pretty-printed JSON document.
          mode = 'document';
          doc = [line];
          docBytes = text.length + 1;
          continue;
        }
        mode = 'lines';
        if (parsed.error) yield { kind: 'error', error: parsed.error, fatal: false };
        else yield* jsonItems(parsed.value, { source, line: no });
        continue;
      }
      mode = 'lines';
      if (jsonOnly) {
        const parsed = parseJson(trimmed, { source, line: no }, text.length - text.trimStart().length);
        if (parsed.error) yield { kind: 'error', error: parsed.error, fatal: false };
        else yield* jsonItems(parsed.value, { source, line: no });
        continue;
      }
      yield { kind: 'line', where: { source, line: no }, text };
    }
  } catch (e) {
    yield { kind: 'error', error: new InputError({ source }, `cannot read: ${systemReason(e as Error)}`), fatal: true };
    return;
  }
  if (mode !== 'document') return;
  const docStart = doc[0]?.no ?? 1;
  if (docTooBig) {
    yield {
      kind: 'error',
      error: new InputError({ source, line: docStart }, `JSON document larger than ${MAX_DOCUMENT_BYTES >> 20} MB; write one object per line (NDJSON) instead`),
      fatal: false,
    };
    return;
  }
  yield* documentItems(doc, source);
}

/**
 * A multi-line document: parsed whole; when that fails and its lines look like NDJSON (some
 * later lines are whole objects), it was NDJSON with a broken first line, and each line is
 * reported on its own.
 */
function* documentItems(doc: Array<{ text: string; no: number }>, source: string): Generator<InputItem> {
  const docStart = doc[0]!.no;
  const text = doc.map((l) => l.text).join('\n');
  const whole = parseJson(text, { source, line: docStart }, 0);
  if (!whole.error) {
    yield* jsonItems(whole.value, { source, line: docStart });
    return;
  }
  const objectLines = doc.slice(1).filter((l) => {
    const t = l.text.trim();
    return t.startsWith('{') && t.endsWith('}') && !parseJson(t, { source }, 0).error;
  });
  if (objectLines.length === 0) {
    yield { kind: 'error', error: whole.error, fatal: false };
    return;
  }
  for (const line of doc) {
    const t = line.text.trim();
    if (t === '' || t.startsWith('#')) continue;
    const parsed = parseJson(t, { source, line: line.no }, line.text.length - line.text.trimStart().length);
    if (parsed.error) yield { kind: 'error', error: parsed.error, fatal: false };
    else yield* jsonItems(parsed.value, { source, line: line.no });
  }
}

/**
 * JSON.parse with a one-line reason placed at the line and column of the problem, and a depth
 * limit checked first (a linear scan), so a pathological input never reaches a recursive walker.
 */
function parseJson(text: string, where: InputPosition, indent: number): { value?: unknown; error?: InputError } {
  const depth = nestingDepth(text, MAX_JSON_DEPTH);
  if (depth > MAX_JSON_DEPTH) return { error: new InputError(where, `JSON nested deeper than ${MAX_JSON_DEPTH} levels`) };
  try {
    return { value: JSON.parse(text) };
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    const m = /at position (\d+)/.exec(message);
    const offset = m ? Number(m[1]) : /end of JSON input/.test(message) ? text.length : -1;
    // V8 says "Expected ',' or '}'" when an object is cut off: at the very end, say what it means.
    const cutOff = /end of JSON input/.test(message) || (offset >= text.trimEnd().length && !/Unterminated/.test(message));
    const reason = cutOff
      ? 'not valid JSON (ends too early: truncated?)'
      : `not valid JSON (${message
          .replace(/ in JSON at position \d+.*$/, '')
          .replace(/(, ".*"(\.\.\.)?)? is not valid JSON$/, '')
          .replace(/\s+/g, ' ')
          .slice(0, 100)})`;
    if (offset < 0) return { error: new InputError(where, reason) };
    let line = where.line ?? 1;
    let lineStart = 0;
    for (let i = 0; i < offset && i < text.length; i++) {
      if (text.charCodeAt(i) === 10) {
        line++;
        lineStart = i + 1;
      }
    }
    const column = offset - lineStart + 1 + (line === (where.line ?? 1) ? indent : 0);
    return { error: new InputError({ ...where, line, column }, reason) };
  }
}

function* jsonItems(value: unknown, where: InputPosition): Generator<InputItem> {
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) yield { kind: 'json', where: { ...where, pointer: `/${i}` }, value: value[i] };
  } else {
    yield { kind: 'json', where, value };
  }
}
