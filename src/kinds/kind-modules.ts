/**
 * Kinds from extra modules: the CLI reads their paths from PUZZLEMILL_KIND_MODULES (separated by
 * the platform's path delimiter), the pipeline passes the URLs to every worker, and each module
 * registers its kind when imported (registry.ts). Kept apart from the registry because it needs
 * Node (paths, file URLs, the tsx loader) and the registry must not.
 */
import { delimiter, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { importModule } from '../core/load-module.ts';

const loaded = new Set<string>();

/** Import kind modules (file URLs; TypeScript ones through tsx) once each; they register themselves. */
export async function loadKindModules(urls: readonly string[]): Promise<void> {
  for (const url of urls) {
    if (loaded.has(url)) continue;
    await importModule(url);
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
