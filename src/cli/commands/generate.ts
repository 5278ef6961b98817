/**
 * `puzzlemill generate <kind> …`: make puzzles of one kind, NDJSON on stdout (or one file each
 * with --out DIR), the same bytes for the same --seed. The subcommands come from the registry —
 * every built-in kind and every kind of PUZZLEMILL_KIND_MODULES — each with its request options,
 * the shared batch options (src/cli/batch.ts) and its examples: adding a kind touches no CLI code.
 */
import type { Argv, CommandModule } from 'yargs';
import { kindModulesFromEnv, loadKindModules } from '../../kinds/kind-modules.ts';
import { allKinds } from '../../kinds/registry.ts';
import { kindCommand } from '../batch.ts';

/** The `generate` command with one subcommand per registered kind (extra modules loaded first). */
export async function generateCommand(): Promise<CommandModule> {
  await loadKindModules(kindModulesFromEnv());
  const kinds = allKinds().map((kind) => kindCommand(kind, (kind.examples ?? []).map(([options, what]) => [`$0 generate ${kind.name} ${options}`, what] as const)));
  return {
    command: 'generate',
    describe: 'Generate puzzles of one kind (NDJSON on stdout, or --out DIR)',
    builder: (y: Argv) => y.command(kinds).demandCommand(1, `Name a kind: ${allKinds().map((kind) => kind.name).join(', ')}.`),
    handler: () => {},
  };
}
