/**
 * Reading puzzle inputs at the edge: files or stdin, line by line (so 100 MB inputs stream), as
 * one of three shapes, decided per file by its first non-blank, non-comment line:
 *
 *   line format     one puzzle per line (FORMATS.md)                       → { kind: 'line' }
 *   NDJSON          one JSON object per line                               → { kind: 'json' }
 *   one JSON doc    a pretty-printed object (or an array of them)          → { kind: 'json' } each
 *
 * Problems become `{ kind: 'error' }` items with file and line, so one bad line never stops the
 * others; an unreadable file is an error item with `fatal: true` (the CLI exits 2).
 */
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { InputError, type InputPosition } from '../core/errors.ts';

export type InputItem =
  | { kind: 'line'; where: InputPosition; text: string }
  | { kind: 'json'; where: InputPosition; value: unknown }
  | { kind: 'error'; error: InputError; fatal: boolean };

/** Longest single line or pretty JSON document we hold in memory. */
export const MAX_DOCUMENT_BYTES = 64 * 1024 * 1024;

/** Items from each file in turn (stdin when the list is empty or a file is `-`). */
export async function* readItems(files: readonly string[]): AsyncGenerator<InputItem> {
  const sources = files.length === 0 ? ['-'] : files;
  for (const file of sources) yield* readFile(file);
}

async function* readFile(file: string): AsyncGenerator<InputItem> {
  const source = file === '-' ? '<stdin>' : file;
  const stream = file === '-' ? process.stdin : createReadStream(file, { encoding: 'utf8' });
  if (file === '-') process.stdin.setEncoding('utf8');
  let openError: Error | null = null;
  stream.on('error', (e: Error) => {
    openError = e;
  });
  const lines = createInterface({ input: stream, crlfDelay: Infinity });
  let mode: 'unknown' | 'lines' | 'document' = 'unknown';
  let doc: string[] = [];
  let docBytes = 0;
  let docStart = 0;
  let lineNo = 0;
  try {
    for await (const text of lines) {
      lineNo++;
      if (mode === 'document') {
        docBytes += text.length + 1;
        if (docBytes > MAX_DOCUMENT_BYTES) {
          yield { kind: 'error', error: new InputError({ source, line: docStart }, `JSON document larger than ${MAX_DOCUMENT_BYTES >> 20} MB; write one object per line (NDJSON) instead`), fatal: false };
          doc = [];
          mode = 'lines';
          lines.close();
          break;
        }
        doc.push(text);
        continue;
      }
      const trimmed = text.trim();
      if (trimmed === '' || trimmed.startsWith('#')) continue;
      if (text.length > MAX_DOCUMENT_BYTES) {
        yield { kind: 'error', error: new InputError({ source, line: lineNo }, `line longer than ${MAX_DOCUMENT_BYTES >> 20} MB`), fatal: false };
        continue;
      }
      if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
        let value: unknown;
        try {
          value = JSON.parse(trimmed);
        } catch (e) {
          if (mode === 'unknown') {
            // Not a whole object on one line: the file is one pretty-printed JSON document.
            mode = 'document';
            docStart = lineNo;
            doc.push(text);
            docBytes = text.length + 1;
            continue;
          }
          yield { kind: 'error', error: new InputError({ source, line: lineNo }, `not valid JSON (${jsonReason(e)})`), fatal: false };
          continue;
        }
        mode = 'lines';
        yield* jsonItems(value, { source, line: lineNo });
        continue;
      }
      mode = 'lines';
      yield { kind: 'line', where: { source, line: lineNo }, text };
    }
  } catch (e) {
    openError = e as Error;
  }
  if (openError) {
    yield { kind: 'error', error: new InputError({ source }, `cannot read: ${systemReason(openError)}`), fatal: true };
    return;
  }
  if (mode === 'document' && doc.length > 0) {
    let value: unknown;
    try {
      value = JSON.parse(doc.join('\n'));
    } catch (e) {
      yield { kind: 'error', error: new InputError({ source, line: docStart }, `not valid JSON (${jsonReason(e)})`), fatal: false };
      return;
    }
    yield* jsonItems(value, { source, line: docStart });
  }
}

function* jsonItems(value: unknown, where: InputPosition): Generator<InputItem> {
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) yield { kind: 'json', where: { ...where, pointer: `/${i}` }, value: value[i] };
  } else {
    yield { kind: 'json', where, value };
  }
}

function jsonReason(e: unknown): string {
  const msg = e instanceof Error ? e.message : String(e);
  return msg.replace(/^JSON\.parse: /, '').replace(/\s+/g, ' ').slice(0, 120);
}

function systemReason(e: Error & { code?: string }): string {
  switch (e.code) {
    case 'ENOENT': return 'no such file';
    case 'EACCES': return 'permission denied';
    case 'EISDIR': return 'is a directory';
    default: return e.code ?? e.message;
  }
}
