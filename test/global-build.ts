/**
 * Before any test: build dist/ (incremental tsc, seconds when nothing changed), so the CLI tests
 * spawn the compiled bin as users run it and a stale build can never be what is tested; and on a
 * fresh Debian machine run as root (a container, CI) install the Chromium the browser tests drive,
 * so `npm install && npm test` works there with nothing else installed. Elsewhere a missing
 * Chromium is left to the browser tests, which fail with a one-line install hint.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const CHROMIUM = '/usr/bin/chromium';

export default function buildOnce(): void {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const r = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`npm run build failed:\n${r.stdout}${r.stderr}`);
  installChromiumIfRoot();
}

function installChromiumIfRoot(): void {
  if (existsSync(CHROMIUM) || process.getuid?.() !== 0 || !existsSync('/usr/bin/apt-get')) return;
  process.stderr.write(`test setup: ${CHROMIUM} is missing; installing Debian's chromium for the browser tests (apt-get) …\n`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update', '-qq'], ['install', '-y', '-qq', '--no-install-recommends', 'chromium']]) {
    const step = spawnSync('apt-get', args, { encoding: 'utf8', env });
    if (step.status !== 0) {
      process.stderr.write(`test setup: apt-get ${args.join(' ')} failed (${step.status}); the browser tests will say what is missing\n`);
      return;
    }
  }
}
