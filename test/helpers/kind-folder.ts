/**
 * A scratch folder for kind modules that live outside the repository, as a club's own kind would:
 * `import … from 'puzzlemill'` resolves to this package (its compiled build, the same modules the
 * binary runs, so the module registers into the binary's registry) and TypeBox to ours.
 */
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { ROOT } from './cli.ts';

export function kindFolder(files: Readonly<Record<string, string>>): string {
  const dir = mkdtempSync(join(tmpdir(), 'pm-kind-'));
  writeFileSync(join(dir, 'package.json'), '{ "type": "module" }\n'); // ES modules, as puzzlemill's own
  mkdirSync(join(dir, 'node_modules'));
  symlinkSync(ROOT, join(dir, 'node_modules', 'puzzlemill'), 'dir');
  symlinkSync(join(ROOT, 'node_modules', '@sinclair'), join(dir, 'node_modules', '@sinclair'), 'dir');
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}
