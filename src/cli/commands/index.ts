/**
 * Every CLI command by name, each module loaded only when needed: a process pays for the command
 * it runs, not for all of them (`--version` loads none). Adding a command is one entry here; the
 * order is the order `--help` lists them in.
 */
import type { CommandModule } from 'yargs';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyCommand = CommandModule<any, any>;

export const COMMAND_LOADERS: Record<string, () => Promise<AnyCommand>> = {
  solve: async () => (await import('./solve.ts')).solveCommand,
  schemas: async () => (await import('./schemas.ts')).schemasCommand,
  bench: async () => (await import('./bench.ts')).benchCommand,
  verify: async () => (await import('./verify.ts')).verifyCommand,
  daily: async () => (await import('./daily.ts')).dailyCommand,
  deal: async () => (await import('./deal.ts')).dealCommand,
  replay: async () => (await import('./replay.ts')).replayCommand,
  selfplay: async () => (await import('./selfplay.ts')).selfplayCommand,
  complete: async () => (await import('./complete.ts')).completeCommand,
  grade: async () => (await import('./grade.ts')).gradeCommand,
  generate: async () => (await import('./generate.ts')).generateCommand(),
  render: async () => (await import('./render.ts')).renderCommand,
  print: async () => (await import('./print.ts')).printCommand,
  export: async () => (await import('./export.ts')).exportCommand,
  import: async () => (await import('./import.ts')).importCommand,
  serve: async () => (await import('./serve.ts')).serveCommand,
  stats: async () => (await import('./stats.ts')).statsCommand,
};

/** What the subcommands of a command are, in its refusal of an unknown one ("generate: unknown kind …"). */
export const SUBCOMMAND_NOUNS: Readonly<Record<string, string>> = { generate: 'kind', deal: 'game', replay: 'game', selfplay: 'game', complete: 'game' };

/** Every command module, in --help order. */
export async function allCommands(): Promise<AnyCommand[]> {
  return Promise.all(Object.values(COMMAND_LOADERS).map((load) => load()));
}

/**
 * The command modules this command line needs: the one its first word names; none for a bare
 * `--version`; otherwise all (`--help`, no command, an unknown one: yargs lists or suggests them).
 * The CLI has no options before the command that take a value, so the first word is the command.
 */
export async function commandsFor(argv: readonly string[]): Promise<AnyCommand[]> {
  const word = argv.find((a) => !a.startsWith('-'));
  const load = word !== undefined && Object.hasOwn(COMMAND_LOADERS, word) ? COMMAND_LOADERS[word] : undefined;
  if (load) return [await load()];
  if (word === undefined && argv.length > 0 && argv.every((a) => a === '--version')) return [];
  return allCommands();
}
