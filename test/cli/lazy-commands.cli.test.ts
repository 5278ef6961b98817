/**
 * The CLI loads only the command a command line names (issue 13 §3: start-up): `--version` loads
 * none, `solve …` only solve; `--help` and an unknown word still see every command.
 */
import { describe, expect, test } from 'vitest';
import { allCommands, COMMAND_LOADERS, commandsFor } from '../../src/cli/commands/index.ts';
import { runCli } from '../helpers/cli.ts';

const firstWord = (command: unknown) => String(command).split(' ')[0];

describe('lazy command loading', () => {
  test("every entry's name is its module's command word", async () => {
    for (const [name, load] of Object.entries(COMMAND_LOADERS)) expect(firstWord((await load()).command)).toBe(name);
  });

  test('a command line loads the command it names, --version none, anything else all', async () => {
    expect(await commandsFor(['--version'])).toEqual([]);
    expect((await commandsFor(['solve', '--count', 'a.txt'])).map((c) => firstWord(c.command))).toEqual(['solve']);
    expect((await commandsFor(['--help', 'generate', 'murder'])).map((c) => firstWord(c.command))).toEqual(['generate']);
    const all = (await allCommands()).map((c) => firstWord(c.command));
    expect(all).toEqual(Object.keys(COMMAND_LOADERS));
    for (const argv of [[], ['--help'], ['frob'], ['--version', '--help'], ['toString']]) expect((await commandsFor(argv)).map((c) => firstWord(c.command))).toEqual(all);
  });

  test('the real bin: --help lists every command, an unknown command is still a usage error', () => {
    const help = runCli(['--help']);
    expect(help.code).toBe(0);
    for (const name of Object.keys(COMMAND_LOADERS)) expect(help.stdout).toMatch(new RegExp(`^  puzzlemill ${name}\\b`, 'm'));
    const unknown = runCli(['solv']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/solv/);
    expect(runCli(['--version']).code).toBe(0);
  });

  test('an unknown command, kind, game or option, or an option value of none of its choices: one line naming the choices (and the closest), exit 2', () => {
    const commands = Object.keys(COMMAND_LOADERS).join(', ');
    const cases: Array<[string[], string]> = [
      [['gen', 'numbridge'], `puzzlemill: unknown command "gen": did you mean generate? (the commands: ${commands}) (see --help)\n`],
      [['generate', 'sudoku'], 'puzzlemill: generate: unknown kind "sudoku" (the kinds: numbridge, murder) (see --help)\n'],
      [['deal', 'numbrige'], 'puzzlemill: deal: unknown game "numbrige": did you mean numbridge? (the games: kosmos, domino, numbridge) (see --help)\n'],
      [['generate'], 'puzzlemill: Name a kind: numbridge, murder. (see --help)\n'],
      // an unknown option: the command's options (long names, no positionals), the closest first
      [['solve', '--coutn', 'x.txt'], 'puzzlemill: unknown option "--coutn": did you mean --count? (the options: --help, --version, --max-nodes, --count, --stats) (see --help)\n'],
      // an option's value outside its choices, in the same words as every refused choice
      [['render', '--format', 'gif', 'x.json'], 'puzzlemill: --format must be one of "svg", "png" (not "gif") (see --help)\n'],
    ];
    for (const [argv, stderr] of cases) {
      const r = runCli(argv);
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.stderr).toBe(stderr);
    }
    // the same words in a German locale (yargs would otherwise say "Unbekanntes Argument: gen")
    expect(runCli(cases[0]![0], { env: { LANG: 'de_DE.UTF-8', LC_ALL: 'de_DE.UTF-8' } }).stderr).toBe(cases[0]![1]);
  });
});
