/** Read the shared data sets (never copied into the repository). */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const SHARED_DATA = fileURLToPath(new URL('../../../shared/data/', import.meta.url));

/** Non-comment, non-blank lines of a shared data file. */
export function dataLines(relative: string): string[] {
  return readFileSync(SHARED_DATA + relative, 'utf8')
    .split('\n')
    .map((l) => l.replace(/\r$/, ''))
    .filter((l) => l.trim() !== '' && !l.startsWith('#'));
}
