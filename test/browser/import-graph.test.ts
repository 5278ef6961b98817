/**
 * The browser entry reaches no Node module: esbuild bundles src/browser.ts for the browser (no
 * externals), and every import of a `node:` module or a Node builtin is reported with the chain
 * of modules that leads to it from the entry.
 */
import { builtinModules } from 'node:module';
import { relative } from 'node:path';
import { build, type Plugin } from 'esbuild';
import { describe, expect, test } from 'vitest';

const ENTRY = 'src/browser.ts';
const BUILTINS = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));

interface NodeImport {
  importer: string;
  module: string;
}

/** Bundles `entry` for the browser; returns each Node import reached with its chain from the entry. */
export async function nodeImportsOf(entry: string): Promise<string[]> {
  const found: NodeImport[] = [];
  const catchNode: Plugin = {
    name: 'catch-node-builtins',
    setup(b) {
      b.onResolve({ filter: /.*/ }, (args) => {
        const bare = args.path.split('/').slice(0, args.path.startsWith('@') ? 2 : 1).join('/');
        if (!args.path.startsWith('node:') && !BUILTINS.has(bare) && !BUILTINS.has(args.path)) return undefined;
        found.push({ importer: args.importer, module: args.path });
        return { path: args.path, external: true };
      });
    },
  };
  const result = await build({ entryPoints: [entry], bundle: true, platform: 'browser', format: 'esm', write: false, metafile: true, logLevel: 'silent', plugins: [catchNode] });
  // who imports whom, to name the chain from the entry to each offender (breadth first: shortest)
  const parent = new Map<string, string>();
  const queue = [entry];
  while (queue.length > 0) {
    const at = queue.shift()!;
    for (const imp of result.metafile.inputs[at]?.imports ?? []) {
      if (imp.path in result.metafile.inputs && !parent.has(imp.path) && imp.path !== entry) {
        parent.set(imp.path, at);
        queue.push(imp.path);
      }
    }
  }
  const chain = (file: string): string[] => {
    const path = [file];
    while (parent.has(path[0]!)) path.unshift(parent.get(path[0]!)!);
    return path;
  };
  // metafile paths are relative to the working directory, as esbuild resolved them (symlinks followed)
  return found.map((f) => [...chain(relative(process.cwd(), f.importer)), f.module].join(' → '));
}

describe('the browser entry', () => {
  // the sources, and the compiled entry `puzzlemill/browser` resolves to (built by the global setup)
  test.each([ENTRY, 'dist/browser.js'])('%s reaches no node: module or Node builtin', async (entry) => {
    const offenders = await nodeImportsOf(entry);
    expect(offenders, `Node modules reached from ${entry}:\n${offenders.join('\n')}`).toEqual([]);
  });

  test('the check names the chain when a Node module is reached (src/index.ts reaches several)', async () => {
    const offenders = await nodeImportsOf('src/index.ts');
    expect(offenders).toContainEqual('src/index.ts → src/render/png.ts → node:module');
    expect(offenders.some((o) => o.startsWith('src/index.ts → src/pipeline/generate-run.ts → ') && o.endsWith('node:fs'))).toBe(true);
  });
});
