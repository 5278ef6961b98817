/**
 * Reading one game file at the edge (records, deals, positions): a JSON document, or plain text
 * (the Domino-SUDOKU sheet notation). Unreadable input becomes one InputError with file, line
 * and column.
 */
import { closeSync, openSync, readSync } from 'node:fs';
import { InputError, systemReason, type InputPosition } from '../../core/errors.ts';
import { MAX_JSON_DEPTH, nestingDepth } from '../../core/json-depth.ts';

const PAUSE = new Int32Array(new SharedArrayBuffer(4));

/** Larger files are refused: no game record comes near this. */
export const MAX_GAME_FILE_BYTES = 16 * 1024 * 1024;

export type GameFile = { kind: 'json'; value: unknown; where: InputPosition } | { kind: 'text'; text: string; source: string };

export function readGameFile(file: string): GameFile {
  // yargs hands a positional "-" over as "" (its parser reads a lone dash as an empty flag)
  if (file === '') file = '-';
  const source = file === '-' ? '<stdin>' : file;
  let text: string;
  try {
    text = readBounded(file, source);
  } catch (e) {
    if (e instanceof InputError) throw e;
    throw new InputError({ source }, `cannot read: ${systemReason(e as NodeJS.ErrnoException)}`);
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const first = text.search(/\S/);
  if (first >= 0 && (text[first] === '{' || text[first] === '[')) {
    if (nestingDepth(text, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) throw new InputError({ source }, `JSON nested deeper than ${MAX_JSON_DEPTH} levels`);
    try {
      return { kind: 'json', value: JSON.parse(text), where: { source } };
    } catch (e) {
      throw new InputError({ source, ...jsonErrorPosition(text) }, `not valid JSON (${String((e as Error).message).replace(/\s+/g, ' ').slice(0, 100)})`);
    }
  }
  // UTF-16 and binary files read as UTF-8 hold NUL bytes; say so rather than "no player header"
  const nul = text.indexOf('\u0000');
  if (nul >= 0) {
    const before = text.slice(0, nul);
    throw new InputError({ source, line: before.split('\n').length, column: nul - before.lastIndexOf('\n') }, 'a NUL byte: not UTF-8 text (UTF-16, or a binary file?)');
  }
  return { kind: 'text', text, source };
}

/**
 * The whole file as UTF-8 text, read in chunks and refused as soon as it passes
 * MAX_GAME_FILE_BYTES: stdin, pipes and devices (`yes … |`, /dev/zero) report no size, so a
 * size check up front cannot bound them.
 */
function readBounded(file: string, source: string): string {
  const fd = file === '-' ? 0 : openSync(file, 'r');
  const chunks: Buffer[] = [];
  let total = 0;
  try {
    const chunk = Buffer.allocUnsafe(1 << 16);
    for (;;) {
      let n: number;
      try {
        n = readSync(fd, chunk, 0, chunk.length, null);
      } catch (e) {
        const code = (e as NodeJS.ErrnoException).code;
        if (code === 'EAGAIN') {
          Atomics.wait(PAUSE, 0, 0, 10); // a non-blocking stdin (a terminal) with nothing yet: wait, then ask again
          continue;
        }
        if (code === 'EOF') break; // Windows' closed pipe
        throw e;
      }
      if (n === 0) break;
      total += n;
      if (total > MAX_GAME_FILE_BYTES) throw new InputError({ source }, `larger than ${MAX_GAME_FILE_BYTES >> 20} MB`);
      chunks.push(Buffer.from(chunk.subarray(0, n)));
    }
  } finally {
    if (fd !== 0) closeSync(fd);
  }
  return Buffer.concat(chunks, total).toString('utf8');
}

/**
 * Line and column of the first JSON syntax error. V8 does not always name the offset in its
 * message, so a small scanner walks the grammar (values, strings with escapes, numbers,
 * literals) and stops where JSON.parse must have stopped.
 */
export function jsonErrorPosition(text: string): { line?: number; column?: number } {
  const offset = jsonErrorOffset(text);
  if (offset < 0) return {};
  const before = text.slice(0, offset);
  return { line: before.split('\n').length, column: offset - before.lastIndexOf('\n') };
}

function jsonErrorOffset(text: string): number {
  let i = 0;
  const ws = () => {
    while (i < text.length && ' \t\r\n'.includes(text[i]!)) i++;
  };
  const fail = (): never => {
    throw i;
  };
  const value = (): void => {
    ws();
    const ch = text[i];
    if (ch === '{') {
      i++;
      ws();
      if (text[i] === '}') return void i++;
      for (;;) {
        ws();
        if (text[i] !== '"') fail();
        string();
        ws();
        if (text[i] !== ':') fail();
        i++;
        value();
        ws();
        if (text[i] === ',') i++;
        else if (text[i] === '}') return void i++;
        else fail();
      }
    }
    if (ch === '[') {
      i++;
      ws();
      if (text[i] === ']') return void i++;
      for (;;) {
        value();
        ws();
        if (text[i] === ',') i++;
        else if (text[i] === ']') return void i++;
        else fail();
      }
    }
    if (ch === '"') return string();
    const m = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?|^true|^false|^null/.exec(text.slice(i, i + 400));
    if (!m) fail();
    i += m![0].length;
  };
  const string = (): void => {
    i++;
    while (i < text.length && text[i] !== '"') {
      if (text.charCodeAt(i) < 0x20) fail();
      if (text[i] === '\\') {
        i++;
        if (text[i] === 'u' ? !/^u[0-9a-fA-F]{4}/.test(text.slice(i, i + 5)) : !'"\\/bfnrt'.includes(text[i] ?? 'x')) fail();
      }
      i++;
    }
    if (i >= text.length) fail();
    i++;
  };
  try {
    value();
    ws();
    return i < text.length ? i : -1;
  } catch (at) {
    return typeof at === 'number' ? Math.min(at, text.length) : -1;
  }
}

/** The `format` field of a JSON file, for dispatch. */
export function formatOf(value: unknown): string | undefined {
  return typeof value === 'object' && value !== null && 'format' in value ? String((value as { format: unknown }).format) : undefined;
}
