import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('..', import.meta.url));

export default defineConfig({
  root,
  test: {
    include: ['test/**/*.test.ts'],
    // the CLI tests run the compiled bin: build it first (incremental)
    globalSetup: ['test/global-build.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // The machine has 2 cores; more forks only add scheduling noise.
    maxWorkers: 2,
  },
});
