/**
 * Every option of every command, as yargs itself declares them (so a new command or option is
 * covered without touching this file): a single-valued option given twice, and a number option
 * given something that is no number in its range, are one-line usage errors (exit 2) before any
 * work. The enumeration and most cases run in this process against the real CLI definition, with a
 * last middleware that stops a command line that got through before its handler could run; the
 * cases the bug reports named run the real binary.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { allCommands } from '../../src/cli/commands/index.ts';
import { buildCli } from '../../src/cli/main.ts';
import { cappedWorkers, ruleOf, rawValues, type DeclaredOptions } from '../../src/cli/options.ts';
import { runCli } from '../helpers/cli.ts';

interface Handler {
  demanded: Array<{ cmd: string[] }>;
}

interface Leaf {
  path: string[];
  /** Words for the demanded positionals, so that the command line reaches the option checks. */
  positionals: string[];
  options: DeclaredOptions & { boolean: string[]; choices: Record<string, unknown[]> };
}

class Reached extends Error {}

const COMMANDS = await allCommands();

type Internal = { getInternalMethods(): { getCommandInstance(): { getCommandHandlers(): Record<string, Handler> } } };

function handlersOf(y: unknown): Record<string, Handler> {
  return (y as Internal).getInternalMethods().getCommandInstance().getCommandHandlers();
}

/** Parse `args` up to the point where the command's handler would run; what stopped it, if anything. */
async function outcome(args: string[], capture?: (y: unknown) => void): Promise<{ reached: boolean; error?: Error }> {
  const cli = buildCli(args, COMMANDS).middleware(((_argv: unknown, y: unknown) => {
    capture?.(y);
    throw new Reached();
  }) as never, capture !== undefined);
  try {
    await cli.parseAsync();
    return { reached: false };
  } catch (error) {
    if (error instanceof Reached) return { reached: true };
    return { reached: false, error: error as Error };
  }
}

/** Every runnable command with its declared options, found by walking yargs' own command tree. */
async function leafCommands(): Promise<Leaf[]> {
  const leaves: Leaf[] = [];
  async function walk(path: string[], handlers: Record<string, Handler>): Promise<void> {
    for (const [name, handler] of Object.entries(handlers)) {
      const positionals = handler.demanded.map(() => 'x');
      let options: Leaf['options'] | undefined;
      let subcommands: Record<string, Handler> = {};
      await outcome([...path, name, ...positionals], (y) => {
        options = (y as { getOptions(): Leaf['options'] }).getOptions();
        subcommands = { ...handlersOf(y) };
      });
      expect(options, `${[...path, name].join(' ')} reached its middleware`).toBeDefined();
      if (Object.keys(subcommands).length > 0) await walk([...path, name], subcommands);
      else leaves.push({ path: [...path, name], positionals, options: options! });
    }
  }
  await walk([], handlersOf(buildCli([], COMMANDS)));
  return leaves;
}

const leaves = await leafCommands();
const aliases = (leaf: Leaf) => new Set(Object.values(leaf.options.alias).flat());
const primaries = (leaf: Leaf) => Object.keys(leaf.options.key).filter((k) => !aliases(leaf).has(k) && k !== 'help' && k !== 'version');
const isArray = (leaf: Leaf, option: string) => [option, ...(leaf.options.alias[option] ?? [])].some((n) => leaf.options.array.includes(n));

/** A value the option accepts on its own, so that only the repetition is wrong. */
function goodValue(leaf: Leaf, option: string): string {
  const choices = leaf.options.choices[option];
  if (choices?.length) return String(choices[0]);
  if (leaf.options.number.includes(option)) return String(Math.max(ruleOf(option).min, 1));
  return 'x';
}

describe('the command tree', () => {
  test('is found from yargs: every command, with its number options', () => {
    const names = leaves.map((l) => l.path.join(' '));
    for (const expected of ['solve', 'verify', 'grade', 'daily', 'deal kosmos', 'deal numbridge', 'replay domino', 'generate numbridge', 'generate murder', 'render', 'export', 'import', 'selfplay numbridge', 'complete domino']) {
      expect(names).toContain(expected);
    }
    expect(leaves.find((l) => l.path.join(' ') === 'verify')!.options.number).toContain('workers');
  });
});

describe('every single-valued option given twice is a usage error naming it', () => {
  for (const leaf of leaves) {
    test(leaf.path.join(' '), async () => {
      let checked = 0;
      for (const option of primaries(leaf)) {
        // a repeated flag is still one flag (yargs keeps `true`); list options take many values
        if (leaf.options.boolean.includes(option) || isArray(leaf, option)) continue;
        const value = goodValue(leaf, option);
        const r = await outcome([...leaf.path, ...leaf.positionals, `--${option}`, value, `--${option}`, value]);
        expect(r.reached, `${leaf.path.join(' ')} --${option} twice`).toBe(false);
        expect(r.error?.name).toBe('UsageError');
        expect(r.error?.message).toContain(`--${option} is given more than once`);
        checked++;
      }
      // the short alias counts as the same option
      for (const [option, names] of Object.entries(leaf.options.alias)) {
        const short = names.find((n) => n.length === 1);
        if (!short || leaf.options.boolean.includes(option) || isArray(leaf, option)) continue;
        const value = goodValue(leaf, option);
        const r = await outcome([...leaf.path, ...leaf.positionals, `--${option}`, value, `-${short}`, value]);
        expect(r.error?.message, `${leaf.path.join(' ')} --${option} and -${short}`).toContain(`--${option} is given more than once`);
      }
      expect(checked).toBeGreaterThanOrEqual(0);
    });
  }
});

describe('every number option refuses what is no number in its range', () => {
  const BAD = ['abc', '-1', '1.5', '1e20', '', '0x10', 'Infinity'];
  for (const leaf of leaves) {
    const numbers = primaries(leaf).filter((o) => leaf.options.number.includes(o));
    if (numbers.length === 0) continue;
    test(leaf.path.join(' '), async () => {
      for (const option of numbers) {
        const rule = ruleOf(option);
        for (const bad of BAD) {
          const n = Number(bad);
          if (bad === '1.5' && !rule.integer && n <= rule.max) continue; // a fraction is a fine value here
          for (const words of [[`--${option}`, bad], [`--${option}=${bad}`]]) {
            const r = await outcome([...leaf.path, ...leaf.positionals, ...words]);
            expect(r.reached, `${leaf.path.join(' ')} ${words.join(' ')}`).toBe(false);
            expect(r.error?.name).toBe('UsageError');
            expect(r.error?.message).toContain(`--${option}`);
          }
        }
        // given with no value at all (the last word, or followed by another option)
        const r = await outcome([...leaf.path, ...leaf.positionals, `--${option}`]);
        expect(r.error?.message, `${leaf.path.join(' ')} --${option} with no value`).toContain(`--${option} needs a number`);
      }
    });
  }
});

describe('words that are not option values', () => {
  test('rawValues: forms of an option, negative numbers are values, -- ends the options', () => {
    expect(rawValues(['--workers', '2', '-j3', '-j=4', '--workers=5', '-j', '-1', '--', '-j', '9'], ['workers', 'j'])).toEqual(['2', '3', '4', '5', '-1']);
    expect(rawValues(['-j', '--quiet'], ['workers', 'j'])).toEqual([undefined]);
  });
  test('good values still pass the central check', async () => {
    expect((await outcome(['verify', '-j', '1', 'x'])).reached).toBe(true);
    expect((await outcome(['generate', 'numbridge', '--count', '0', '--max-seconds', '0.5', '--seed', 's'])).reached).toBe(true);
    expect((await outcome(['selfplay', 'numbridge', '--error-rate', '0.25', '--seed', 's'])).reached).toBe(true);
  });
});

describe('the real binary', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pm-options-'));
  const bad = join(dir, 'two-solutions.txt');
  writeFileSync(bad, '.'.repeat(81) + '\n');

  test('verify -j 1 -j 2 and verify -j abc check nothing and say why (exit 2), not "verified 0" with exit 0', () => {
    for (const args of [['-j', '1', '-j', '2'], ['-j', 'abc']]) {
      const r = runCli(['verify', ...args, bad]);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(/^puzzlemill: --workers (is given more than once|must be a number)/);
    }
  });

  test('the repeats the hostile test found: one line, exit 2, never exit 70 or a crash message', () => {
    const cases = [
      ['generate', 'numbridge', '--out', join(dir, 'a'), '--out', join(dir, 'b'), '--seed', 's'],
      ['generate', 'numbridge', '--shard', '0/2', '--shard', '1/2', '--seed', 's'],
      ['render', '--lang', 'de', '--lang', 'en', bad],
      ['deal', 'kosmos', '--players', '2', '--players', '3', '--seed', 's'],
      ['deal', 'numbridge', '--view', '1', '--view', '2', '--seed', 's'],
      ['export', '--to', 'line', '--to', 'ipuz', bad],
    ];
    for (const args of cases) {
      const r = runCli(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).toMatch(/^puzzlemill: --[a-z-]+ is given more than once \(see --help\)\n$/);
    }
  });
});

describe('--workers is capped at the cores available', () => {
  test('more workers than cores: the cores, with one warning line', () => {
    const cores = availableParallelism();
    expect(cappedWorkers(cores)).toBe(cores);
    expect(cappedWorkers(cores + 63, cores)).toBe(cores);
    const r = runCli(['generate', 'numbridge', '--size', '4', '--count', '2', '--seed', 'cap', '-q', '-j', String(cores + 63)]);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe(`puzzlemill: --workers ${cores + 63} is more than the ${cores} cores available: using ${cores}\n`);
    const one = runCli(['generate', 'numbridge', '--size', '4', '--count', '2', '--seed', 'cap', '-q', '-j', '1']);
    expect(r.stdout).toBe(one.stdout);
  });
});
