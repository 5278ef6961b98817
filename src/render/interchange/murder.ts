/**
 * Sudoku Murder cases to and from other tools, for the CLI's import and export (which reach the
 * rules only through src/kinds and src/render): crimedoku-solver's JSON (src/murder/crimedoku.ts
 * converts, this file decides what an item is), and puzzlemill murder-case files passed through
 * once verify accepts them.
 */
import type { InputPosition } from '../../core/errors.ts';
import { MURDER_CASE } from '../../core/formats.ts';
import { CaseRefused, fromCrimedoku, importedCaseFile, isCrimedoku, toCrimedoku, type CrimedokuReading } from '../../murder/crimedoku.ts';
import { readCaseFile } from '../../murder/model.ts';
import type { MurderCaseInput } from '../../murder/schema.ts';
import type { Gender } from '../../murder/texts/grammar.ts';
import { verifyCase } from '../../murder/verify.ts';

export { CaseRefused, CRIMEDOKU_READINGS, NotExpressible, type CrimedokuReading } from '../../murder/crimedoku.ts';
export type { Gender } from '../../murder/texts/grammar.ts';

export interface MurderImportOptions {
  /** `--from`: 'crimedoku' insists on that format; 'auto' recognises it (and murder-case files) by their fields. */
  from: string;
  reading: CrimedokuReading;
  genders: Readonly<Record<string, Gender>>;
  maxNodes?: number;
  /** Told each warning line (a guessed gender) as soon as it is known, also for a case then refused. */
  warn(line: string): void;
}

/**
 * A Murder case from a JSON item, or null when the item is none (then the Numbridge formats are
 * tried): a crimedoku case converted, counted, proven and graded (a warning line per guessed
 * gender); or a murder-case file that verify accepts. Throws InputError (unreadable) or CaseRefused.
 */
export function importMurderCase(value: unknown, where: InputPosition, options: MurderImportOptions): MurderCaseInput | null {
  if (options.from === 'crimedoku' || (options.from === 'auto' && isCrimedoku(value))) {
    const { pub, warnings } = fromCrimedoku(value, where, { reading: options.reading, genders: options.genders });
    warnings.forEach((line) => options.warn(line));
    return importedCaseFile(pub, 'crimedoku', { maxNodes: options.maxNodes });
  }
  if (options.from === 'auto' && (value as { format?: unknown } | null)?.format === MURDER_CASE) {
    readCaseFile(value, where); // unreadable: an InputError (exit 2)
    const verdict = verifyCase(value, where, { maxNodes: options.maxNodes });
    if (!verdict.ok) throw new CaseRefused(verdict.problems.join('; '));
    return value as MurderCaseInput;
  }
  return null;
}

/** A murder-case file as crimedoku JSON; throws InputError (not a case) or NotExpressible. */
export function exportCrimedoku(value: unknown, where: InputPosition, reading: CrimedokuReading): { id: string; json: unknown } {
  const { file } = readCaseFile(value, where);
  return { id: file.id, json: toCrimedoku(file.public, { reading }) };
}
