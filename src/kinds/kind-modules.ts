/**
 * Kinds from extra modules: the CLI reads their paths from PUZZLEMILL_KIND_MODULES (separated by
 * the platform's path delimiter), the pipeline passes the URLs to every worker, and each module
 * registers its kind when imported (registry.ts). Kept apart from the registry because it needs
 * Node (paths, file URLs, the tsx loader) and the registry must not.
 */
import { delimiter, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { InputError } from '../core/errors.ts';
import { importModule } from '../core/load-module.ts';

const loaded = new Set<string>();

/**
 * Import kind modules (file URLs; TypeScript ones through tsx) once each; they register themselves.
 * One that cannot be imported is an InputError naming it (a bad PUZZLEMILL_KIND_MODULES: exit 2).
 */
export async function loadKindModules(urls: readonly string[]): Promise<void> {
  for (const url of urls) {
    if (loaded.has(url)) continue;
    try {
      await importModule(url);
    } catch (e) {
      const reason = (e instanceof Error ? e.message : String(e)).split('\n')[0];
      throw new InputError({ source: 'PUZZLEMILL_KIND_MODULES' }, `cannot load ${url.startsWith('file:') ? fileURLToPath(url) : url}: ${reason}`);
    }
    loaded.add(url);
  }
}

/** The kind module URLs named by PUZZLEMILL_KIND_MODULES (relative paths from the cwd). */
export function kindModulesFromEnv(env: NodeJS.ProcessEnv = process.env): string[] {
  const value = env.PUZZLEMILL_KIND_MODULES;
  if (!value) return [];
  return value
    .split(delimiter)
    .filter((p) => p.trim() !== '')
    .map((p) => (p.startsWith('file:') ? p : pathToFileURL(resolve(p)).href));
}
