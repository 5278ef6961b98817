/**
 * Importing a module named at run time (extra kind modules, the benchmarks). The published build
 * is plain JavaScript with no TypeScript loader, so a `.ts` module is loaded through tsx — a
 * development dependency — registered in this thread the first time one is named. Running from
 * the sources (tsx, vitest) TypeScript already loads, and nothing is registered.
 */

const RUNNING_COMPILED = import.meta.url.endsWith('.js');
const TYPESCRIPT = /\.[cm]?ts$/;

let tsxRegistered: Promise<void> | undefined;

/** Import a module by file URL; a TypeScript one needs tsx installed. */
export async function importModule(url: string): Promise<unknown> {
  if (RUNNING_COMPILED && TYPESCRIPT.test(new URL(url).pathname)) {
    tsxRegistered ??= registerTsx(url);
    await tsxRegistered;
  }
  return import(url);
}

async function registerTsx(url: string): Promise<void> {
  // a variable specifier: tsc must not resolve it, and the build must not depend on it
  const tsxApi = 'tsx/esm/api';
  let api: { register(): unknown };
  try {
    api = (await import(tsxApi)) as typeof api;
  } catch {
    throw new Error(`${url} is TypeScript: loading it needs tsx (npm install --save-dev tsx), or compile it to JavaScript`);
  }
  api.register();
}
