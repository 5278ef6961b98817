/** `puzzlemill schemas [--write]`: print or regenerate schemas/*.schema.json from their TypeBox sources. */
import { readFileSync, writeFileSync } from 'node:fs';
import type { Argv, CommandModule } from 'yargs';
import { SCHEMAS, schemaPath, schemaText } from '../../schemas.ts';
import { EXIT_FAILED, raiseExitCode, warn } from '../exit.ts';

interface SchemasArgs {
  write: boolean;
}

export const schemasCommand: CommandModule<object, SchemasArgs> = {
  command: 'schemas',
  describe: 'Check (or with --write regenerate) the JSON Schemas in schemas/',
  builder: (y: Argv) =>
    y.option('write', { type: 'boolean', default: false, describe: 'rewrite the files' }) as unknown as Argv<SchemasArgs>,
  handler: (args) => {
    for (const entry of SCHEMAS) {
      const path = schemaPath(entry.file);
      const text = schemaText(entry.schema);
      if (args.write) {
        writeFileSync(path, text);
        warn(`wrote ${path}`);
        continue;
      }
      let current = '';
      try {
        current = readFileSync(path, 'utf8');
      } catch {
        /* missing counts as stale */
      }
      if (current !== text) {
        warn(`${path} is out of date: run npm run schemas`);
        raiseExitCode(EXIT_FAILED);
      }
    }
  },
};
