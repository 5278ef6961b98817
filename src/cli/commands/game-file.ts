/**
 * Reading one game file at the edge (records, deals, positions): a JSON document, or plain text
 * (the Domino-SUDOKU sheet notation). Unreadable input becomes one InputError with file, line
 * and column.
 */
import { readFileSync, statSync } from 'node:fs';
import { InputError, type InputPosition } from '../../core/errors.ts';

/** Larger files are refused: no game record comes near this. */
export const MAX_GAME_FILE_BYTES = 16 * 1024 * 1024;

export type GameFile = { kind: 'json'; value: unknown; where: InputPosition } | { kind: 'text'; text: string; source: string };

export function readGameFile(file: string): GameFile {
  const source = file === '-' ? '<stdin>' : file;
  let text: string;
  try {
    if (file !== '-' && statSync(file).size > MAX_GAME_FILE_BYTES) throw new InputError({ source }, `larger than ${MAX_GAME_FILE_BYTES >> 20} MB`);
    text = readFileSync(file === '-' ? 0 : file, 'utf8');
  } catch (e) {
    if (e instanceof InputError) throw e;
    throw new InputError({ source }, `cannot read: ${systemReason(e as NodeJS.ErrnoException)}`);
  }
  if (text.length > MAX_GAME_FILE_BYTES) throw new InputError({ source }, `larger than ${MAX_GAME_FILE_BYTES >> 20} MB`);
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const first = text.search(/\S/);
  if (first >= 0 && (text[first] === '{' || text[first] === '[')) {
    try {
      return { kind: 'json', value: JSON.parse(text), where: { source } };
    } catch (e) {
      throw new InputError({ source, ...jsonErrorPosition(text, e) }, `not valid JSON (${String((e as Error).message).replace(/\s+/g, ' ').slice(0, 100)})`);
    }
  }
  return { kind: 'text', text, source };
}

/** Line and column of a JSON.parse error, when V8 names the offset. */
function jsonErrorPosition(text: string, e: unknown): { line?: number; column?: number } {
  const m = /position (\d+)/.exec(String((e as Error).message));
  if (!m) return {};
  const offset = Number(m[1]);
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return { line, column: offset - before.lastIndexOf('\n') };
}

function systemReason(e: NodeJS.ErrnoException): string {
  switch (e.code) {
    case 'ENOENT': return 'no such file';
    case 'EACCES': return 'permission denied';
    case 'EISDIR': return 'is a directory';
    default: return e.code ?? e.message;
  }
}

/** The `format` field of a JSON file, for dispatch. */
export function formatOf(value: unknown): string | undefined {
  return typeof value === 'object' && value !== null && 'format' in value ? String((value as { format: unknown }).format) : undefined;
}
