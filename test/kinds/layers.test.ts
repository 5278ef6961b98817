/**
 * The consumers are written against the kinds: src/server, src/pipeline and the generic CLI
 * (everything in src/cli but the per-game commands) import no rule folder — src/numbridge-board,
 * src/murder, src/sudoku, src/games — directly or through a re-export of their own; they reach a
 * kind's rules through src/kinds (the registry, the PuzzleKind adapters) and its pictures through
 * src/render. The exceptions are by design and named here: the Numbridge tables
 * (src/server/tables/, a game's plugin with its referee) and the per-game commands (deal, replay,
 * selfplay, complete), which are about one game each.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { ROOT } from '../helpers/cli.ts';

const RULE_FOLDERS = ['src/numbridge-board/', 'src/murder/', 'src/sudoku/', 'src/games/'];
const CONSUMERS = ['src/server/', 'src/pipeline/', 'src/cli/'];
const BY_DESIGN = [/^src\/server\/tables\//, /^src\/cli\/commands\/(deal|replay|selfplay|complete)(-[a-z]+)?\.ts$/];

function sourcesUnder(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = join(dir, name);
    return statSync(join(ROOT, path)).isDirectory() ? sourcesUnder(path) : path.endsWith('.ts') ? [path] : [];
  });
}

/** Every module a source file imports, statically or with import(), as a path from the repository root. */
function importsOf(file: string): string[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const specifiers = [...text.matchAll(/(?:^|[\s;])(?:import|export)\s[^'"]*?from\s+'([^']+)'|import\(\s*'([^']+)'\s*\)/gm)].map((m) => m[1] ?? m[2]!);
  return specifiers.filter((s) => s.startsWith('.')).map((s) => relative(ROOT, resolve(ROOT, dirname(file), s)));
}

export function ruleImports(files: readonly string[]): string[] {
  return files.flatMap((file) => importsOf(file).filter((target) => RULE_FOLDERS.some((rule) => target.startsWith(rule))).map((target) => `${file} imports ${target}`));
}

describe('layers', () => {
  const consumers = CONSUMERS.flatMap(sourcesUnder).filter((file) => !BY_DESIGN.some((re) => re.test(file)));

  test('the scan sees the consumers, and would see a rule import', () => {
    expect(consumers).toContain('src/server/puzzle-routes.ts');
    expect(consumers).toContain('src/cli/commands/grade.ts');
    expect(consumers).not.toContain('src/cli/commands/deal-numbridge.ts');
    // the per-game commands do import rule folders: the scan finds those imports
    expect(ruleImports(['src/cli/commands/deal-numbridge.ts'])).toContain('src/cli/commands/deal-numbridge.ts imports src/games/numbridge/deal.ts');
  });

  test('src/server, src/pipeline and the generic CLI reach the rules only through src/kinds and src/render', () => {
    expect(ruleImports(consumers)).toEqual([]);
  });

  test('the rules and the drawing code import nothing from above them (server, pipeline, CLI, client, workers)', () => {
    const above = ['src/server/', 'src/pipeline/', 'src/cli/', 'src/client/', 'workers/'];
    const below = [...RULE_FOLDERS, 'src/render/', 'src/kinds/', 'src/core/'].flatMap(sourcesUnder);
    expect(below).toContain('src/render/numbridge-game.ts');
    expect(below.flatMap((file) => importsOf(file).filter((target) => above.some((a) => target.startsWith(a))).map((target) => `${file} imports ${target}`))).toEqual([]);
  });
});
