/**
 * The `puzzlemill` CLI: a thin yargs layer over the programmatic API in `src/`. Each command is a
 * module in `commands/`; this file wires them together and turns failures into exit codes.
 */
import { readFileSync } from 'node:fs';
import { oneOfText } from '../core/errors.ts';
import yargs, { type Argv, type CommandModule, type MiddlewareFunction } from 'yargs';
import { commandsFor, SUBCOMMAND_NOUNS } from './commands/index.ts';
import { UsageError, raiseExitCode, reportError } from './exit.ts';
import { checkOptionsMiddleware } from './options.ts';
import { flushOutput, guardStdout } from './output.ts';
import { unknownNameText } from '../core/suggest.ts';

/**
 * puzzlemill's own version, from its own package.json (found from this module, not from the working
 * directory: installed as a dependency, yargs' default would print the host project's version).
 */
export function ownVersion(): string {
  const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version?: unknown };
  return String(manifest.version);
}

/**
 * The CLI for these arguments with these command modules, ready to parse (tests pass
 * allCommands() and enumerate every command and option).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function buildCli(argv: string[], commands: CommandModule<any, any>[]): Argv {
  let declared: string[] = [];
  return yargs(argv)
    .scriptName('puzzlemill')
    // yargs' own words in English whatever the system's locale: every other message of the CLI is,
    // and the refusals below are reworded from yargs' English text
    .locale('en')
    .usage('$0 <command> [options]\n\nA puzzle factory for Sudoku-family games.')
    .command(commands)
    .demandCommand(1, 'Name a command.')
    .strict()
    .help()
    .alias('h', 'help')
    .version(ownVersion())
    // the options of the command being parsed, for the refusal of an unknown one: a middleware
    // sees that command's yargs before validation refuses anything
    .middleware(((_args: unknown, y: Argv) => void (declared = optionNames(y))) as unknown as MiddlewareFunction, true)
    // one place for what every option of every command must satisfy (repeats, numbers, ranges)
    .middleware(checkOptionsMiddleware(argv) as unknown as MiddlewareFunction, true) // yargs passes itself too; the types omit it
    .wrap(Math.min(100, process.stdout.columns || 100))
    .fail((message, error, usage) => {
      // A crash inside a command is rethrown as it is. Anything else is a usage problem — including
      // a check() that returned a string, which yargs passes as `error` and would otherwise go on
      // to run the handler after.
      if (error instanceof Error && error.name !== 'YError') throw error;
      const text = message ?? String(error);
      throw new UsageError(unknownArgumentText(text, argv, usage, declared) ?? choicesText(text) ?? text.replace(/\s*\n\s*/g, ' '));
    });
}

/**
 * yargs' refusal of an option's value outside its `choices` ("Invalid values:\n  Argument: lang,
 * Given: "fr", Choices: "de", "en"", a line per option, the values as JSON) in the words every
 * refused choice has (core/errors.ts oneOfText): `--lang must be one of "de", "en" (not "fr")`.
 */
function choicesText(message: string): string | undefined {
  const lines = message.split('\n').slice(1).map((line) => /^\s*Argument: (\S+), Given: (.*), Choices: (.*)$/.exec(line));
  if (!message.startsWith('Invalid values:') || lines.length === 0 || lines.some((m) => m === null)) return undefined;
  return lines
    .map((m) => {
      const given = JSON.parse(`[${m![2]}]`) as unknown[];
      return `--${m![1]} ${oneOfText(JSON.parse(`[${m![3]}]`) as unknown[], { value: given.length === 1 ? given[0] : given })}`;
    })
    .join('; ');
}

/**
 * yargs' "Unknown arguments: gen, numbridge" in words that name the choices (suggest.ts): a word
 * where a command (generate's kind, deal's game) goes gets that level's commands and the closest
 * of them, instead of yargs' recommendCommands; an unknown option gets the command's `options`.
 * The level of commands is the one that failed: yargs hands a fail handler its usage as the third
 * argument, whose getCommands() (yargs 17–18: [command, description, …]) lists them.
 */
function unknownArgumentText(message: string, argv: readonly string[], usage: unknown, options: readonly string[]): string | undefined {
  const unknown = /^Unknown arguments?: (.*)$/.exec(message)?.[1]!.split(', ');
  if (!unknown) return undefined;
  const commands = ((usage as { getCommands?: () => unknown[][] }).getCommands?.() ?? []).map((c) => String(c[0]).split(' ')[0]!);
  const words = argv.filter((a) => !a.startsWith('-'));
  const word = unknown.find((w) => words.includes(w));
  if (word !== undefined && commands.length > 0) {
    // the CLI's commands are one level deep: a word after the first names a subcommand of the first
    const parent = words[0] === word ? undefined : words[0]!;
    return parent === undefined ? unknownNameText('command', word, commands) : `${parent}: ${unknownNameText(SUBCOMMAND_NOUNS[parent] ?? 'subcommand', word, commands)}`;
  }
  const dashed = (name: string) => (name.length === 1 ? `-${name}` : `--${name}`);
  const option = unknown.map(dashed).find((o) => argv.some((a) => a === o || a.startsWith(`${o}=`)));
  return option !== undefined && options.length > 0 ? unknownNameText('option', option, options.map(dashed)) : undefined;
}

/** The options a command declares (yargs' getOptions) by their long names: positionals and one-letter aliases left out. */
function optionNames(y: Argv): string[] {
  const internal = y as unknown as { getOptions(): { key: Record<string, unknown>; alias: Record<string, string[]> }; getGroups(): Record<string, string[]> };
  const { key, alias } = internal.getOptions();
  const positionals = new Set(internal.getGroups()['Positionals:'] ?? []);
  const aliased = new Set(Object.entries(alias).flatMap(([name, others]) => [name, ...others]));
  return Object.keys(key).filter((name) => !positionals.has(name) && !(name.length === 1 && aliased.has(name)));
}

export async function main(argv: string[]): Promise<void> {
  guardStdout(); // also for commands that write stdout directly (render's single picture)
  try {
    const cli = buildCli(argv, await commandsFor(argv));
    await cli.parseAsync();
  } catch (error) {
    flushOutput();
    raiseExitCode(reportError(error));
  }
}
