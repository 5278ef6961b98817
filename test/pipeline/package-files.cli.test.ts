/**
 * What `npm pack` ships (package.json `files`): the compiled build (JavaScript, declarations,
 * source maps, the font), the schemas, the docs and the README — never the TypeScript sources,
 * tests, benchmarks, generated corpora (a daily set's secret folder holds its solutions) or key
 * files (issue 12, point 2; issue 13 §2).
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, test } from 'vitest';
import { ROOT } from '../helpers/cli.ts';

describe('the npm package', () => {
  test('ships dist, schemas, the font, the docs and the README; no sources, tests, bench, corpus or keys', () => {
    const r = spawnSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: ROOT, encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    const paths = (JSON.parse(r.stdout) as Array<{ files: Array<{ path: string }> }>)[0]!.files.map((f) => f.path);
    for (const needed of ['package.json', 'README.md', 'docs/FORMATS.md', 'docs/RULES.md', 'dist/cli/puzzlemill.js', 'dist/lib/index.js', 'dist/lib/index.js.map', 'dist/index.d.ts', 'dist/pipeline/pool-worker.js', 'schemas/numbridge-board.schema.json', 'dist/render/fonts/DejaVuSans.ttf']) {
      expect(paths).toContain(needed);
    }
    // the bundled entries' shared chunks (src/cli/bundle.mjs)
    expect(paths.some((p) => /^dist\/chunks\/[^/]+\.js$/.test(p))).toBe(true);
    const stray = paths.filter((p) => !/^(dist|schemas|docs)\//.test(p) && !['package.json', 'README.md', 'LICENSE'].includes(p));
    expect(stray).toEqual([]);
    // compiled only: no TypeScript besides declarations, no tsc bookkeeping
    expect(paths.filter((p) => /\.[cm]?ts$/.test(p) && !/\.d\.ts$/.test(p))).toEqual([]);
    expect(paths.filter((p) => p.endsWith('.tsbuildinfo'))).toEqual([]);
    expect(paths.filter((p) => /(^|\/)(corpus|test|bench|\.puzzlemill)\/|\.key$|fingerprints\.ndjson$/.test(p))).toEqual([]);
  });
});
