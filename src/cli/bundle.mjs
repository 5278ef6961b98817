#!/usr/bin/env node
// Build step (package.json `build`, after tsc): the entries a process starts from — the bin
// (dist/cli/puzzlemill.js), the library (dist/lib/index.js, package.json `exports`), the pool's
// and the server's worker threads — as esbuild bundles of our modules and the small packages they
// use, sharing chunks (dist/chunks/). Why: a process start read ~560 files (TypeBox alone ~200, Ajv ~100), and
// resolving and loading them was most of a short command's CPU (bench/RESULTS.md, CLI start-up).
//
// One build for all four, so a kind module (PUZZLEMILL_KIND_MODULES) that imports 'puzzlemill'
// registers into the very registry the CLI and the workers read: the entries share one copy of
// each module. tsc's other files in dist/ (.d.ts, the browser and client entries, the modules
// themselves) stay as they are. Every output file sits one folder below dist/, so one banner
// tells them all where dist/ is.
//
// Packages stay external when they hold native code (better-sqlite3, resvg), find their own files
// by path (yargs' locales, pdfkit's fonts, piscina's worker) or belong to the server. A bundled
// module that finds files from its own location (`import.meta.url`: fonts, schemas, worker files)
// is handed the URL of its compiled file in dist/, so it finds them as it does unbundled.
import { readFileSync, rmSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('../../', import.meta.url));
const src = root + 'src/';
const dist = root + 'dist/';
const ENTRIES = { 'lib/index': 'index.ts', 'cli/puzzlemill': 'cli/puzzlemill.ts', 'pipeline/pool-worker': 'pipeline/pool-worker.ts', 'server/heavy-worker': 'server/heavy-worker.ts' };
/** Packages left to Node: see above. */
const EXTERNAL = new Set(['better-sqlite3', '@resvg/resvg-js', 'pdfkit', 'svg-to-pdfkit', 'piscina', 'yargs', 'fastify', 'pg', 'openapi-fetch']);
const DIST_ROOT = '__puzzlemillDist';

const packageOf = (specifier) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');

const keepPackagesOut = {
  name: 'keep-packages-out',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      const name = packageOf(args.path);
      return EXTERNAL.has(name) || name.startsWith('@fastify/') ? { path: args.path, external: true } : undefined;
    });
  },
};

/** `import.meta.url` of a source file → the URL of its compiled file (resolved from the dist root each output file knows). */
const ownCompiledLocation = {
  name: 'own-compiled-location',
  setup(b) {
    b.onLoad({ filter: /\/src\/.*\.ts$/ }, (args) => {
      const text = readFileSync(args.path, 'utf8');
      if (!args.path.startsWith(src) || !text.includes('import.meta.url')) return undefined;
      const compiled = relative(src, args.path).replace(/\.ts$/, '.js');
      return { contents: text.replaceAll('import.meta.url', `new URL(${JSON.stringify(compiled)}, ${DIST_ROOT}).href`), loader: 'ts' };
    });
  },
};

for (const folder of ['chunks', 'lib']) rmSync(dist + folder, { recursive: true, force: true });

await build({
  entryPoints: Object.fromEntries(Object.entries(ENTRIES).map(([out, file]) => [out, src + file])),
  outdir: dist,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  chunkNames: 'chunks/[hash]',
  // maps to the sources' lines, without a copy of every source (TypeBox's and Ajv's too: 4.5 MB)
  sourcemap: true,
  sourcesContent: false,
  // every output file: where dist/ is (one folder up), and a require for bundled CommonJS (Ajv)
  banner: { js: `import { createRequire as __puzzlemillRequire } from 'node:module'; const require = __puzzlemillRequire(import.meta.url); const ${DIST_ROOT} = new URL('../', import.meta.url);` },
  plugins: [keepPackagesOut, ownCompiledLocation],
  logLevel: 'warning',
});
