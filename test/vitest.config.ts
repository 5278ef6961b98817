import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * Three projects, told apart by file name, run together by `npm test` (`--project NAME` for one):
 *
 *   cli       *.cli.test.ts       spawn the real binary (the compiled dist/, built first) or npm
 *   property  *.property.test.ts  fast-check properties and the seeded fuzzers (*.fuzz.test.ts)
 *             *.fuzz.test.ts
 *   unit      every other test    in-process tables of fixed cases, in shared module graphs
 *   unit-own  the unit tests that   each file in its own module graph
 *             register kinds
 *
 * A test that starts a process belongs in `cli`: those are most of the suite's time. The unit
 * files share their worker's modules (isolate: false): importing src/ again for every file was half
 * of the unit project's time (205 s → 98 s). None of them mocks, fakes timers or changes the
 * environment; the ones that register extra kinds or drawers would change what later files see in
 * the registry, so they keep a module graph of their own.
 */
const CLI = ['test/**/*.cli.test.ts'];
const PROPERTY = ['test/**/*.property.test.ts', 'test/**/*.fuzz.test.ts'];
const REGISTERING_KINDS = [
  'test/server/position-kinds.test.ts',
  'test/pipeline/generate.test.ts',
  'test/pipeline/deadline.test.ts',
  'test/pipeline/daily.test.ts',
  'test/pipeline/pool-writes.test.ts',
  'test/render/drawers.test.ts',
];

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
      { extends: true, test: { name: 'unit', include: ['test/**/*.test.ts'], exclude: [...CLI, ...PROPERTY, ...REGISTERING_KINDS], isolate: false } },
      { extends: true, test: { name: 'unit-own', include: REGISTERING_KINDS } },
      { extends: true, test: { name: 'property', include: PROPERTY } },
      { extends: true, test: { name: 'cli', include: CLI, exclude: ['test/fuzz/**'] } },
    ],
  },
});
