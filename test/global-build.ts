/**
 * Before any test: build dist/ (incremental tsc, seconds when nothing changed), so the CLI tests
 * spawn the compiled bin as users run it and a stale build can never be what is tested.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export default function buildOnce(): void {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const r = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`npm run build failed:\n${r.stdout}${r.stderr}`);
}
