import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * Three projects, told apart by file name, run together by `npm test` (`--project NAME` for one):
 *
 *   cli       *.cli.test.ts       spawn the real binary (the compiled dist/, built first) or npm
 *   property  *.property.test.ts  fast-check properties and the seeded fuzzers (*.fuzz.test.ts)
 *             *.fuzz.test.ts
 *   unit      every other test    in-process tables of fixed cases
 *
 * A test that starts a process belongs in `cli`: those are most of the suite's time.
 */
const CLI = ['test/**/*.cli.test.ts'];
const PROPERTY = ['test/**/*.property.test.ts', 'test/**/*.fuzz.test.ts'];

export default defineConfig({
  root,
  test: {
    // the CLI tests run the compiled bin: build it first (incremental)
    globalSetup: ['test/global-build.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // The machine has 2 cores; more forks only add scheduling noise.
    maxWorkers: 2,
    projects: [
      { extends: true, test: { name: 'unit', include: ['test/**/*.test.ts'], exclude: [...CLI, ...PROPERTY] } },
      { extends: true, test: { name: 'property', include: PROPERTY } },
      { extends: true, test: { name: 'cli', include: CLI, exclude: ['test/fuzz/**'] } },
    ],
  },
});
