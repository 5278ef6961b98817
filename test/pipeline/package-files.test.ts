/**
 * What `npm pack` ships (package.json `files`): the sources, the worker entry, the schemas, the
 * font and the README — never the tests, benchmarks, generated corpora (a daily set's secret
 * folder holds its solutions) or key files (issue 12, point 2).
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, test } from 'vitest';
import { ROOT } from '../helpers/cli.ts';

describe('the npm package', () => {
  test('ships src, workers, schemas, the font, the docs and the README; no tests, bench, corpus or keys', () => {
    const r = spawnSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: ROOT, encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    const paths = (JSON.parse(r.stdout) as Array<{ files: Array<{ path: string }> }>)[0]!.files.map((f) => f.path);
    for (const needed of ['package.json', 'README.md', 'docs/FORMATS.md', 'docs/RULES.md', 'src/cli/puzzlemill.mjs', 'src/index.mjs', 'src/index.ts', 'workers/pool-worker.mjs', 'schemas/numbridge-board.schema.json', 'src/render/fonts/DejaVuSans.ttf']) {
      expect(paths).toContain(needed);
    }
    const stray = paths.filter((p) => !/^(src|workers|schemas|docs)\//.test(p) && !['package.json', 'README.md', 'LICENSE'].includes(p));
    expect(stray).toEqual([]);
    expect(paths.filter((p) => /(^|\/)(corpus|test|bench|\.puzzlemill)\/|\.key$|fingerprints\.ndjson$/.test(p))).toEqual([]);
  });
});
