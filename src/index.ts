/**
 * puzzlemill as a library, for servers that generate or check puzzles at deal time:
 *
 *   import { generateBoard, generateCase, verify, solve, grade } from 'puzzlemill';
 *
 * Everything here is a thin, typed front over the modules that do the work; the CLI uses the
 * same modules. The package's `exports` point at its compiled form: dist/lib/index.js, bundled with
 * the bin and the workers so that they share one registry (src/cli/bundle.mjs), and dist/index.d.ts.
 * The part that needs no Node is src/browser.ts (`puzzlemill/browser`); this module adds the rest.
 */
import { generateRun } from './pipeline/generate-run.ts';
import { kindNamed } from './kinds/registry.ts';

// everything that runs in a browser, in one list (src/browser.ts), and what needs Node besides it
export * from './browser.ts';
export { renderPng } from './render/png.ts';

/**
 * Make `count` puzzles of a kind in a worker pool, as the CLI's `generate` does: the same
 * (kind, request, seed) gives the same files whatever `workers` is.
 */
export async function generateMany(
  kind: string,
  request: Record<string, unknown>,
  options: { seed: string; count: number; workers?: number; player?: boolean },
): Promise<object[]> {
  const k = kindNamed(kind);
  const files: object[] = [];
  const summary = await generateRun({
    kind: k,
    request: k.parseRequest(request),
    seed: options.seed,
    count: options.count,
    workers: options.workers ?? 1,
    player: options.player,
    writeLine: (line) => void files.push(JSON.parse(line) as object),
  });
  if (summary.failed.length > 0) throw new RangeError(`${summary.failed.length} of ${options.count} puzzles failed: ${summary.failed[0]!.reason}`);
  return files;
}
