// `npm run build` (and `prepare`): compile src/ to dist/ with tsc (incremental: a no-op build
// takes seconds), then copy the files that are no TypeScript next to the modules that find them
// from import.meta.url (the PNG fonts).
import { spawnSync } from 'node:child_process';
import { cpSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const r = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { cwd: root, stdio: 'inherit' });
if (r.status !== 0) process.exit(r.status ?? 1);
cpSync(root + 'src/render/fonts', root + 'dist/render/fonts', { recursive: true });
