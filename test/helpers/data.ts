/** Read the data sets the tests and benchmarks use (test/data/, sources and licences in its README). */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const TEST_DATA = fileURLToPath(new URL('../data/', import.meta.url));

/** Non-comment, non-blank lines of a data file. */
export function dataLines(relative: string): string[] {
  return readFileSync(TEST_DATA + relative, 'utf8')
    .split('\n')
    .map((l) => l.replace(/\r$/, ''))
    .filter((l) => l.trim() !== '' && !l.startsWith('#'));
}
