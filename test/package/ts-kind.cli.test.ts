/**
 * A kind module written in TypeScript still loads when puzzlemill runs compiled (the bin, the
 * package, its worker threads: plain Node, no loader): the registry imports a `.ts` module through
 * tsx, registered on first need (src/core/load-module.ts), in this thread and in a worker alike.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, test } from 'vitest';
import { ROOT } from '../helpers/cli.ts';

describe('a .ts kind module under the compiled build', () => {
  test('makes the same puzzles in this thread and in a compiled worker', () => {
    const r = spawnSync(process.execPath, [ROOT + 'test/package/fixtures/compiled-kind-run.mjs'], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } });
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout)).toEqual({ made: 3, same: true });
    expect(r.status).toBe(0);
  });

  test('plain Node cannot import it without the registry (what the registry works around)', () => {
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', "await import('./test/package/fixtures/compiled-toy-kind.ts')"], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } });
    expect(r.status).not.toBe(0);
  });
});
