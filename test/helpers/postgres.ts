/**
 * A throwaway PostgreSQL server for a test file: Debian's server binaries (installed with apt-get
 * when missing and running as root on Debian, as the browser tests install Chromium), `initdb`
 * into a temporary folder, a free port on 127.0.0.1, no fsync (a test's data need not survive a
 * power cut). As root the server runs as the `postgres` user, since PostgreSQL refuses to run as
 * root. `stop()` ends it and removes the folder. Commits stay synchronous (a commit is in the
 * write-ahead log before it returns): a server stopped with `-m immediate`, as the fault tests do,
 * keeps every acknowledged write; only fsync is off, which no process crash needs.
 */
import { spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export interface TestPostgres {
  /** A URL of a new, empty database on the server (each call makes one). */
  database(name?: string): Promise<string>;
  /** Stop the server (fast: `-m immediate`) and start it again on the same port and data. */
  restart(): void;
  stopServer(): void;
  startServer(): void;
  stop(): void;
}

function binDir(): string {
  const find = () => {
    const root = '/usr/lib/postgresql';
    if (!existsSync(root)) return undefined;
    const versions = readdirSync(root).filter((v) => existsSync(join(root, v, 'bin', 'initdb'))).sort((a, b) => Number(b) - Number(a));
    return versions.length > 0 ? join(root, versions[0]!, 'bin') : undefined;
  };
  let dir = find();
  if (dir) return dir;
  if (process.getuid?.() !== 0 || !existsSync('/usr/bin/apt-get')) throw new Error("PostgreSQL's server is missing: install Debian's postgresql (apt-get install postgresql) to run the database tests");
  process.stderr.write("test setup: PostgreSQL's server is missing; installing Debian's postgresql (apt-get) …\n");
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update', '-qq'], ['install', '-y', '-qq', '--no-install-recommends', 'postgresql']]) {
    const step = spawnSync('apt-get', args, { encoding: 'utf8', env });
    if (step.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed (${step.status}): PostgreSQL is needed for the database tests`);
  }
  dir = find();
  if (!dir) throw new Error('postgresql installed, but no /usr/lib/postgresql/*/bin/initdb');
  return dir;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

export async function startPostgres(): Promise<TestPostgres> {
  const bin = binDir();
  const dir = mkdtempSync(join(tmpdir(), 'pm-pg-'));
  const data = join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const id = (flag: string) => spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim();
    if (!/^\d+$/.test(id('-u'))) {
      rmSync(dir, { recursive: true, force: true });
      throw new Error('running as root, and no postgres user to run PostgreSQL as (Debian\'s postgresql package makes one)');
    }
    chownSync(dir, Number(id('-u')), Number(id('-g')));
  }
  const run = (tool: string, args: string[]) => {
    const command = asRoot ? ['runuser', '-u', 'postgres', '--', join(bin, tool), ...args] : [join(bin, tool), ...args];
    const r = spawnSync(command[0]!, command.slice(1), { encoding: 'utf8', cwd: dir });
    if (r.status !== 0) throw new Error(`${tool} ${args.join(' ')} failed (${r.status}): ${(r.stderr || r.stdout).trim().split('\n').slice(-3).join(' / ')}`);
  };
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off -c max_connections=200`;
  const startServer = () => run('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', '-t', '60', 'start']);
  const stopServer = () => run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
  // a test worker that ends without afterAll (killed by vitest) must not leave a server running
  const stopOnExit = () => spawnSync(asRoot ? 'runuser' : join(bin, 'pg_ctl'), asRoot ? ['-u', 'postgres', '--', join(bin, 'pg_ctl'), '-D', data, '-m', 'immediate', 'stop'] : ['-D', data, '-m', 'immediate', 'stop']);
  try {
    run('initdb', ['-D', data, '-U', 'puzzlemill', '--auth=trust', '-E', 'UTF8', '--no-locale', '-N']);
    startServer();
  } catch (e) {
    rmSync(dir, { recursive: true, force: true });
    throw e;
  }
  process.once('exit', stopOnExit);
  let made = 0;
  const url = (db: string) => `postgres://puzzlemill@127.0.0.1:${port}/${db}`;
  return {
    async database(name = `test_${++made}`) {
      const admin = new pg.Client({ connectionString: url('postgres') });
      await admin.connect();
      try {
        await admin.query(`CREATE DATABASE ${name}`);
      } finally {
        await admin.end();
      }
      return url(name);
    },
    restart() {
      stopServer();
      startServer();
    },
    stopServer,
    startServer,
    stop() {
      process.removeListener('exit', stopOnExit);
      try {
        stopServer();
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
